import { randomBytes } from "node:crypto";
import { sql, type Selectable } from "kysely";
import { fieldChanges } from "../../audit/audit-changes";
import { recordAudit, type Actor } from "../../audit/audit-log";
import { lockForTransaction, writeTransaction, type Db } from "../../db/database";
import type { ContentVersionsTable } from "../../db/schema";
import type { FieldErrors } from "../content-kinds";
import { latestVersionRow, writeContentVersion } from "../content-store";
import { BLOG_ENTRY_PREFIX, blogEntry, parseArticle, type BlogArticle, type BlogPostBody } from "./blog-post";

/** One published version of a post; never changed once written. */
export interface BlogVersion {
  /** Site-wide: the content publish counter every instance polls (docs/decisions/055). */
  id: number;
  slug: string;
  number: number;
  body: BlogPostBody;
  publishedAt: string;
  publishedBy: string | null;
  rolledBackFrom: number | null;
}

export interface BlogDraft {
  slug: string;
  article: BlogArticle;
  previewToken: string;
  updatedAt: string;
  updatedBy: string | null;
}

export type BlogAnswer<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; message: string; errors?: FieldErrors };

const LOCK = "site-content";
const slugOf = (entry: string) => entry.slice(BLOG_ENTRY_PREFIX.length);
const isBlogEntry = (entry: string) => entry.startsWith(BLOG_ENTRY_PREFIX);
const blogEntries = (column: "entry") => sql<boolean>`${sql.ref(column)} like ${`${BLOG_ENTRY_PREFIX}%`}`;

function versionOf(row: Selectable<ContentVersionsTable>): BlogVersion {
  return {
    id: Number(row.id),
    slug: slugOf(row.entry),
    number: Number(row.number),
    body: JSON.parse(row.body) as BlogPostBody,
    publishedAt: row.published_at,
    publishedBy: row.published_by,
    rolledBackFrom: row.rolled_back_from === null ? null : Number(row.rolled_back_from),
  };
}

/**
 * Blog posts' drafts and versions (docs/decisions/057), kept with the rest of the site content (entry
 * `blog:<slug>`), so a publish moves the same counter every instance polls. Publishing turns the draft
 * (or, with none, the newest version) into a version that appears at a given time; unpublishing writes a
 * version marked hidden; a rollback publishes a copy of an older version. Nothing published is changed
 * or deleted, and every change is in the audit log with its fields before and after.
 */
export function createBlogStore({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  async function draftRow(slug: string) {
    return db.selectFrom("content_drafts").selectAll().where("entry", "=", blogEntry(slug)).executeTakeFirst();
  }
  const draftOf = (row: { entry: string; body: string; preview_token: string; updated_at: string; updated_by: string | null }): BlogDraft => ({
    slug: slugOf(row.entry),
    article: JSON.parse(row.body) as BlogArticle,
    previewToken: row.preview_token,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  });

  return {
    /** The newest version of every post (shown or not). */
    async latest(): Promise<BlogVersion[]> {
      const rows = await db
        .selectFrom("content_versions")
        .selectAll()
        .where("id", "in", (qb) => qb.selectFrom("content_versions").select(sql<number>`max(id)`.as("id")).where(blogEntries("entry")).groupBy("entry"))
        .execute();
      return rows.map(versionOf);
    },

    async drafts(): Promise<BlogDraft[]> {
      const rows = await db.selectFrom("content_drafts").selectAll().where(blogEntries("entry")).execute();
      return rows.map(draftOf);
    },

    async draft(slug: string): Promise<BlogDraft | null> {
      const row = await draftRow(slug);
      return row ? draftOf(row) : null;
    },

    /** Every version of the post, newest first. */
    async history(slug: string): Promise<BlogVersion[]> {
      const rows = await db.selectFrom("content_versions").selectAll().where("entry", "=", blogEntry(slug)).orderBy("number", "desc").execute();
      return rows.map(versionOf);
    },

    async draftByToken(token: string): Promise<BlogDraft | null> {
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
      const row = await db.selectFrom("content_drafts").selectAll().where("preview_token", "=", token).executeTakeFirst();
      return row && isBlogEntry(row.entry) ? draftOf(row) : null;
    },

    /**
     * Saves the post's draft, checked. `isNew`: a new post, whose address must be free; otherwise the
     * post must exist and the address in the form must be its own (an address is not renamed).
     */
    async saveDraft(input: Record<string, unknown>, actor: Actor, { isNew }: { isNew: boolean }): Promise<BlogAnswer<BlogDraft>> {
      const parsed = parseArticle(input);
      if (!parsed.ok) return { ok: false, status: 400, message: "The draft was not saved: correct the fields marked below.", errors: parsed.errors };
      const article = parsed.article;
      const entry = blogEntry(article.slug);
      const at = now().toISOString();
      return writeTransaction(db, async (trx) => {
        await lockForTransaction(trx, LOCK);
        const existing = await trx.selectFrom("content_drafts").selectAll().where("entry", "=", entry).executeTakeFirst();
        const published = await latestVersionRow(trx, entry);
        if (isNew && (existing || published)) {
          return { ok: false as const, status: 409 as const, message: `The address /blog/${article.slug} is taken by another post: choose another.`, errors: { slug: "This address is taken by another post." } };
        }
        if (!isNew && !existing && !published) return { ok: false as const, status: 404 as const, message: "There is no such post." };
        const before = existing ? (JSON.parse(existing.body) as Record<string, unknown>) : published ? articleOnly(JSON.parse(published.body) as BlogPostBody) : null;
        const row = {
          entry,
          body: JSON.stringify(article),
          preview_token: existing?.preview_token ?? randomBytes(18).toString("base64url"),
          updated_at: at,
          updated_by: actor.email,
        };
        if (existing) await trx.updateTable("content_drafts").set(row).where("entry", "=", entry).execute();
        else await trx.insertInto("content_drafts").values(row).execute();
        await recordAudit(trx, actor, { action: "save-blog-draft", target: { type: "content", id: entry }, detail: { changes: fieldChanges(before, { ...article }) } }, now());
        return { ok: true as const, value: draftOf(row) };
      });
    },

    async discardDraft(slug: string, actor: Actor): Promise<BlogAnswer<null>> {
      return writeTransaction(db, async (trx) => {
        const entry = blogEntry(slug);
        const existing = await trx.selectFrom("content_drafts").selectAll().where("entry", "=", entry).executeTakeFirst();
        if (!existing) return { ok: false as const, status: 409 as const, message: "There is no draft to discard." };
        await trx.deleteFrom("content_drafts").where("entry", "=", entry).execute();
        await recordAudit(trx, actor, { action: "discard-blog-draft", target: { type: "content", id: entry }, detail: { changes: fieldChanges(JSON.parse(existing.body) as Record<string, unknown>, null) } }, now());
        return { ok: true as const, value: null };
      });
    },

    /**
     * Publishes the post: its draft, or with none its newest version again (after an unpublish), to
     * appear at `at` (now when null; a later time schedules it).
     */
    async publish(slug: string, actor: Actor, at: Date | null = null): Promise<BlogAnswer<BlogVersion>> {
      const time = now();
      if (at && !(at.getTime() > time.getTime())) return { ok: false, status: 400, message: "Choose a time in the future to schedule the post, or publish it now." };
      return writeTransaction(db, async (trx) => {
        const entry = blogEntry(slug);
        const draft = await trx.selectFrom("content_drafts").selectAll().where("entry", "=", entry).executeTakeFirst();
        const published = await latestVersionRow(trx, entry);
        const article = draft ? (JSON.parse(draft.body) as BlogArticle) : published ? articleOnly(JSON.parse(published.body) as BlogPostBody) : null;
        if (!article) return { ok: false as const, status: 404 as const, message: "There is no such post." };
        const body: BlogPostBody = { ...article, publishAt: (at ?? time).toISOString(), hidden: false };
        const row = await writeContentVersion(trx, { entry, body, actor, at: time, rolledBackFrom: null, action: at ? "schedule-blog-post" : "publish-blog-post", detail: {} });
        return { ok: true as const, value: versionOf(row) };
      });
    },

    /** Takes the post down: a version marked hidden (rolling back to an earlier version shows it again). */
    async unpublish(slug: string, actor: Actor): Promise<BlogAnswer<BlogVersion>> {
      return writeTransaction(db, async (trx) => {
        const entry = blogEntry(slug);
        const published = await latestVersionRow(trx, entry);
        if (!published) return { ok: false as const, status: 404 as const, message: "The post was never published." };
        const body = JSON.parse(published.body) as BlogPostBody;
        if (body.hidden) return { ok: false as const, status: 409 as const, message: "The post is unpublished already." };
        const row = await writeContentVersion(trx, { entry, body: { ...body, hidden: true }, actor, at: now(), rolledBackFrom: null, action: "unpublish-blog-post", detail: {}, keepDraft: true });
        return { ok: true as const, value: versionOf(row) };
      });
    },

    /** Publishes a copy of the post's version `number` as its next version. */
    async rollback(slug: string, number: number, actor: Actor): Promise<BlogAnswer<BlogVersion>> {
      if (!Number.isSafeInteger(number) || number < 1) return { ok: false, status: 400, message: "Choose the version to roll back to." };
      return writeTransaction(db, async (trx) => {
        const entry = blogEntry(slug);
        const old = await trx.selectFrom("content_versions").selectAll().where("entry", "=", entry).where("number", "=", number).executeTakeFirst();
        if (!old) return { ok: false as const, status: 404 as const, message: `There is no version ${number} of this post.` };
        const current = await latestVersionRow(trx, entry);
        if (current && Number(current.number) === number) return { ok: false as const, status: 409 as const, message: `Version ${number} is the one published now.` };
        const row = await writeContentVersion(trx, { entry, body: JSON.parse(old.body) as object, actor, at: now(), rolledBackFrom: number, action: "rollback-blog-post", detail: { copyOf: number }, keepDraft: true });
        return { ok: true as const, value: versionOf(row) };
      });
    },
  };
}

/** The article of a published version, without when it appears or whether it is hidden. */
function articleOnly({ publishAt: _at, hidden: _hidden, ...article }: BlogPostBody): BlogArticle {
  return article;
}

export type BlogStore = ReturnType<typeof createBlogStore>;
