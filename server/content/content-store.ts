import { randomBytes } from "node:crypto";
import { sql, type Kysely, type Selectable } from "kysely";
import { fieldChanges } from "../audit/audit-changes";
import { recordAudit, type Actor } from "../audit/audit-log";
import { lockForTransaction, writeTransaction, type Db } from "../db/database";
import type { ContentDraftsTable, ContentVersionsTable, Database } from "../db/schema";
import { CONTENT_ENTRIES, parseBody, type ContentBodies, type ContentEntryName, type FieldErrors } from "./content-kinds";

/** One published version of an entry; never changed once written. */
export interface ContentVersion<N extends ContentEntryName = ContentEntryName> {
  /** Site-wide: the publish counter (./live-content.ts polls its highest). */
  id: number;
  entry: N;
  /** The entry's own version number, from 1. */
  number: number;
  body: ContentBodies[N];
  publishedAt: string;
  publishedBy: string | null;
  rolledBackFrom: number | null;
}

export interface ContentDraft<N extends ContentEntryName = ContentEntryName> {
  entry: N;
  body: ContentBodies[N];
  previewToken: string;
  updatedAt: string;
  updatedBy: string | null;
}

/** The newest version of each entry that has one. */
export type PublishedVersions = { [N in ContentEntryName]?: ContentVersion<N> };

export type ContentAnswer<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; message: string; errors?: FieldErrors };

const LOCK = "site-content";

/** The entry's newest version row, or undefined before its first. */
export function latestVersionRow(trx: Kysely<Database>, entry: string) {
  return trx.selectFrom("content_versions").selectAll().where("entry", "=", entry).orderBy("number", "desc").limit(1).executeTakeFirst();
}

/**
 * Writes `entry`'s next version under the publish lock (its id the next of the site-wide counter), drops
 * the entry's draft (unless `keepDraft`), and records the change in the audit log with each field before and after. Every
 * kind of content publishes through here: site entries and blog posts (docs/decisions/057).
 */
export async function writeContentVersion(
  trx: Kysely<Database>,
  {
    entry,
    body,
    actor,
    at,
    rolledBackFrom,
    action,
    detail,
    keepDraft = false,
  }: { entry: string; body: object; actor: Actor; at: Date; rolledBackFrom: number | null; action: string; detail: Record<string, unknown>; keepDraft?: boolean },
): Promise<Selectable<ContentVersionsTable>> {
  await lockForTransaction(trx, LOCK);
  const before = await latestVersionRow(trx, entry);
  const top = await trx.selectFrom("content_versions").select(sql<number | null>`max(id)`.as("id")).executeTakeFirstOrThrow();
  const row = {
    id: Number(top.id ?? 0) + 1,
    entry,
    number: Number(before?.number ?? 0) + 1,
    body: JSON.stringify(body),
    published_at: at.toISOString(),
    published_by: actor.email,
    rolled_back_from: rolledBackFrom,
  };
  await trx.insertInto("content_versions").values(row).execute();
  if (!keepDraft) await trx.deleteFrom("content_drafts").where("entry", "=", entry).execute();
  const changes = fieldChanges(before ? (JSON.parse(before.body) as Record<string, unknown>) : null, { ...body });
  await recordAudit(trx, actor, { action, target: { type: "content", id: entry }, detail: { version: row.number, ...detail, changes } }, at);
  return row;
}

/**
 * Site content's drafts and versions (docs/decisions/055). Publishing turns the draft into the entry's
 * next version; a rollback publishes a copy of an older version; nothing published is changed or
 * deleted. Every change is in the audit log with its fields before and after.
 */
export function createContentStore({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  const versionOf = (row: Selectable<ContentVersionsTable>): ContentVersion => ({
    id: Number(row.id),
    entry: row.entry as ContentEntryName,
    number: Number(row.number),
    body: JSON.parse(row.body) as ContentBodies[ContentEntryName],
    publishedAt: row.published_at,
    publishedBy: row.published_by,
    rolledBackFrom: row.rolled_back_from === null ? null : Number(row.rolled_back_from),
  });
  const draftOf = (row: Selectable<ContentDraftsTable>): ContentDraft => ({
    entry: row.entry as ContentEntryName,
    body: JSON.parse(row.body) as ContentBodies[ContentEntryName],
    previewToken: row.preview_token,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  });

  const consentTemplates = new Map<number, string>();

  /** Writes the entry's next version (inside the publish lock) and records it. */
  async function publishBody(trx: Kysely<Database>, entry: ContentEntryName, body: object, actor: Actor, rolledBackFrom: number | null) {
    const row = await writeContentVersion(trx, {
      entry,
      body,
      actor,
      at: now(),
      rolledBackFrom,
      action: rolledBackFrom === null ? "publish-content" : "rollback-content",
      detail: rolledBackFrom === null ? {} : { copyOf: rolledBackFrom },
    });
    return versionOf(row);
  }

  return {
    /** The highest version id: changes whenever anything is published, on any instance. One indexed read. */
    async stamp(): Promise<number> {
      const row = await db.selectFrom("content_versions").select(sql<number | null>`max(id)`.as("id")).executeTakeFirstOrThrow();
      return Number(row.id ?? 0);
    },

    async published(): Promise<PublishedVersions> {
      const rows = await db
        .selectFrom("content_versions")
        .selectAll()
        .where("id", "in", (qb) => qb.selectFrom("content_versions").select(sql<number>`max(id)`.as("id")).groupBy("entry"))
        .execute();
      const versions: PublishedVersions = {};
      for (const row of rows) {
        const version = versionOf(row);
        if (CONTENT_ENTRIES.includes(version.entry)) Object.assign(versions, { [version.entry]: version });
      }
      return versions;
    },

    /**
     * The template of the consent text's version `number`, or null when there is no such version. A
     * version never changes, so each is read once.
     */
    async consentTemplate(number: number): Promise<string | null> {
      if (!Number.isSafeInteger(number) || number < 1) return null;
      const known = consentTemplates.get(number);
      if (known !== undefined) return known;
      const row = await db.selectFrom("content_versions").select("body").where("entry", "=", "consent-text").where("number", "=", number).executeTakeFirst();
      if (!row) return null;
      const { template } = JSON.parse(row.body) as ContentBodies["consent-text"];
      consentTemplates.set(number, template);
      return template;
    },

    /** Every version of the entry, newest first. */
    async history<N extends ContentEntryName>(entry: N): Promise<ContentVersion<N>[]> {
      const rows = await db.selectFrom("content_versions").selectAll().where("entry", "=", entry).orderBy("number", "desc").execute();
      return rows.map((row) => versionOf(row) as ContentVersion<N>);
    },

    async drafts(): Promise<{ [N in ContentEntryName]?: ContentDraft<N> }> {
      const rows = await db.selectFrom("content_drafts").selectAll().execute();
      return Object.fromEntries(rows.map((row) => [row.entry, draftOf(row)])) as { [N in ContentEntryName]?: ContentDraft<N> };
    },

    async draftByToken(token: string): Promise<ContentDraft | null> {
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
      const row = await db.selectFrom("content_drafts").selectAll().where("preview_token", "=", token).executeTakeFirst();
      return row ? draftOf(row) : null;
    },

    /** Saves the entry's draft (checked against its kind); `current` is what the draft changes, for the audit log. */
    async saveDraft<N extends ContentEntryName>(entry: N, input: unknown, actor: Actor, current: ContentBodies[N]): Promise<ContentAnswer<ContentDraft<N>>> {
      const parsed = parseBody(entry, input);
      if (!parsed.ok) return { ok: false, status: 400, message: "The draft was not saved: correct the fields marked below.", errors: parsed.errors };
      const at = now().toISOString();
      const draft = await writeTransaction(db, async (trx) => {
        await lockForTransaction(trx, LOCK);
        const existing = await trx.selectFrom("content_drafts").selectAll().where("entry", "=", entry).executeTakeFirst();
        const before = existing ? (JSON.parse(existing.body) as object) : current;
        const row = {
          entry,
          body: JSON.stringify(parsed.body),
          preview_token: existing?.preview_token ?? randomBytes(18).toString("base64url"),
          updated_at: at,
          updated_by: actor.email,
        };
        if (existing) await trx.updateTable("content_drafts").set(row).where("entry", "=", entry).execute();
        else await trx.insertInto("content_drafts").values(row).execute();
        await recordAudit(trx, actor, { action: "save-content-draft", target: { type: "content", id: entry }, detail: { changes: fieldChanges({ ...before }, { ...parsed.body }) } }, now());
        return draftOf(row) as ContentDraft<N>;
      });
      return { ok: true, value: draft };
    },

    async discardDraft(entry: ContentEntryName, actor: Actor): Promise<ContentAnswer<null>> {
      return writeTransaction(db, async (trx) => {
        const existing = await trx.selectFrom("content_drafts").selectAll().where("entry", "=", entry).executeTakeFirst();
        if (!existing) return { ok: false as const, status: 409 as const, message: "There is no draft to discard." };
        await trx.deleteFrom("content_drafts").where("entry", "=", entry).execute();
        await recordAudit(trx, actor, { action: "discard-content-draft", target: { type: "content", id: entry }, detail: { changes: fieldChanges(JSON.parse(existing.body) as object as Record<string, unknown>, null) } }, now());
        return { ok: true as const, value: null };
      });
    },

    /** Publishes the entry's draft as its next version. */
    async publish<N extends ContentEntryName>(entry: N, actor: Actor): Promise<ContentAnswer<ContentVersion<N>>> {
      return writeTransaction(db, async (trx) => {
        const draft = await trx.selectFrom("content_drafts").selectAll().where("entry", "=", entry).executeTakeFirst();
        if (!draft) return { ok: false as const, status: 409 as const, message: "There is no draft to publish: save a draft first." };
        const version = await publishBody(trx, entry, JSON.parse(draft.body) as object, actor, null);
        return { ok: true as const, value: version as ContentVersion<N> };
      });
    },

    /** Publishes a copy of the entry's version `number` as its next version (the versions between stay in the history). */
    async rollback<N extends ContentEntryName>(entry: N, number: number, actor: Actor): Promise<ContentAnswer<ContentVersion<N>>> {
      if (!Number.isSafeInteger(number) || number < 1) return { ok: false, status: 400, message: "Choose the version to roll back to." };
      return writeTransaction(db, async (trx) => {
        const old = await trx.selectFrom("content_versions").selectAll().where("entry", "=", entry).where("number", "=", number).executeTakeFirst();
        if (!old) return { ok: false as const, status: 404 as const, message: `There is no version ${number} of this entry.` };
        const current = await latestVersionRow(trx, entry);
        if (current && Number(current.number) === number) return { ok: false as const, status: 409 as const, message: `Version ${number} is the one published now.` };
        const version = await publishBody(trx, entry, JSON.parse(old.body) as object, actor, number);
        return { ok: true as const, value: version as ContentVersion<N> };
      });
    },
  };
}

export type ContentStore = ReturnType<typeof createContentStore>;
