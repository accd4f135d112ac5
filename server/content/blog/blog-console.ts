import { TZDate } from "@date-fns/tz";
import type { Actor } from "../../audit/audit-log";
import type { FieldErrors } from "../content-kinds";
import type { LiveContent } from "../live-content";
import { articleFromForm, type BlogArticle } from "./blog-post";
import { MAX_BLOG_IMAGE_BYTES, type BlogImages } from "./blog-images";
import type { BlogDraft, BlogStore, BlogVersion } from "./blog-store";
import type { LiveBlog } from "./live-blog";

export const BLOG_INTENTS = ["create", "save", "publish", "schedule", "unpublish", "discard", "rollback"] as const;

/** Where a post stands: shown, waiting for its time, taken down, or only a draft so far. */
export type BlogPostState = "published" | "scheduled" | "unpublished" | "draft";

/** What /admin/blog's actions answer: what was done, or why not (with each wrong field's message). */
export type BlogActionAnswer =
  | { ok: true; slug: string | null; message: string }
  | { ok: false; status: 400 | 404 | 409 | 413; slug: string | null; message: string; errors?: FieldErrors; values?: Record<string, string> };

function stateOf(latest: BlogVersion | undefined, at: Date): BlogPostState {
  if (!latest) return "draft";
  if (latest.body.hidden) return "unpublished";
  return latest.body.publishAt > at.toISOString() ? "scheduled" : "published";
}

/** A `datetime-local` value (YYYY-MM-DDTHH:mm) read in the operator's time zone; null when it is not one. */
export function scheduledTime(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [y, mo, d, h, mi] = match.slice(1).map(Number) as [number, number, number, number, number];
  const time = new Date(new TZDate(y, mo - 1, d, h, mi, timeZone).getTime());
  return Number.isNaN(time.getTime()) ? null : time;
}

/** A blank post's fields for the 'New post' form. */
export const BLANK_ARTICLE: Omit<BlogArticle, "category"> & { category: "" } = {
  slug: "",
  language: "en",
  title: "",
  excerpt: "",
  author: "Legal Team",
  date: "",
  category: "",
  image: "/images/blog/mva.svg",
  heroImage: "/images/blog/mva-hero.svg",
  markdown: "",
};

/**
 * /admin/blog's reads and writes (docs/decisions/057): the posts with where each stands, one post with
 * its draft and history, the uploaded pictures, and one operator action from a form. A publish,
 * schedule, unpublish or rollback reloads this instance's posts at once; other instances see it at
 * their next poll of the content counter.
 */
export function createBlogConsole({
  store,
  images,
  content,
  blog,
  timeZone,
  now = () => new Date(),
}: {
  store: BlogStore;
  images: BlogImages;
  content: LiveContent;
  blog: LiveBlog;
  timeZone: string;
  now?: () => Date;
}) {
  async function reload() {
    await content.refresh();
    await blog.refresh();
  }

  return {
    /** A new post's fields before anything is typed. */
    blank: BLANK_ARTICLE,

    async posts() {
      const [latest, drafts] = await Promise.all([store.latest(), store.drafts()]);
      const bySlug = new Map(latest.map((version) => [version.slug, version]));
      const draftBySlug = new Map(drafts.map((draft) => [draft.slug, draft]));
      const at = now();
      const slugs = [...new Set([...bySlug.keys(), ...draftBySlug.keys()])];
      return slugs
        .map((slug) => {
          const version = bySlug.get(slug);
          const draft = draftBySlug.get(slug);
          const article = draft?.article ?? version!.body;
          return {
            slug,
            title: article.title,
            category: article.category,
            date: article.date,
            state: stateOf(version, at),
            publishAt: version?.body.publishAt ?? null,
            version: version?.number ?? null,
            hasDraft: Boolean(draft),
          };
        })
        .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
    },

    /** One post for its editor: what the form starts from (the draft, else the newest version), the draft and the history. */
    async post(slug: string) {
      const [history, draft] = await Promise.all([store.history(slug), store.draft(slug)]);
      if (!history.length && !draft) return null;
      const latest = history[0];
      const { publishAt: _at, hidden: _hidden, ...published } = latest?.body ?? ({} as BlogVersion["body"]);
      const article: BlogArticle = draft?.article ?? (published as BlogArticle);
      return { slug, article, draft: draft satisfies BlogDraft | null, latest: latest ?? null, state: stateOf(latest, now()), history };
    },

    images: () => images.list(),

    /** One action on a post from the editor's forms; `slug` is the post's address (null on 'New post'). */
    async act(form: FormData, actor: Actor, slug: string | null): Promise<BlogActionAnswer> {
      const intent = String(form.get("intent") ?? "");
      if (intent === "create" || intent === "save") {
        const values = articleFromForm(form);
        if (intent === "save") values.slug = slug ?? "";
        const saved = await store.saveDraft(values, actor, { isNew: intent === "create" });
        if (!saved.ok) return { ok: false, status: saved.status, slug, message: saved.message, errors: saved.errors, values };
        return { ok: true, slug: saved.value.slug, message: "The draft is saved. Preview it, then publish or schedule it." };
      }
      if (!slug) return { ok: false, status: 400, slug, message: "Choose what to do: create a post." };
      switch (intent) {
        case "publish":
        case "schedule": {
          let at: Date | null = null;
          if (intent === "schedule") {
            at = scheduledTime(String(form.get("publishAt") ?? ""), timeZone);
            if (!at) return { ok: false, status: 400, slug, message: "Give the day and time to publish the post at.", errors: { publishAt: "Give the day and time to publish the post at." } };
          }
          const published = await store.publish(slug, actor, at);
          if (!published.ok) return { ok: false, status: published.status, slug, message: published.message, errors: intent === "schedule" ? { publishAt: published.message } : undefined };
          await reload();
          return { ok: true, slug, message: at ? `Version ${published.value.number} is scheduled: it appears on the blog at the time chosen.` : `Version ${published.value.number} is published.` };
        }
        case "unpublish": {
          const unpublished = await store.unpublish(slug, actor);
          if (!unpublished.ok) return { ok: false, status: unpublished.status, slug, message: unpublished.message };
          await reload();
          return { ok: true, slug, message: `The post is unpublished (version ${unpublished.value.number}): visitors no longer see it.` };
        }
        case "discard": {
          const discarded = await store.discardDraft(slug, actor);
          if (!discarded.ok) return { ok: false, status: discarded.status, slug, message: discarded.message };
          return { ok: true, slug, message: "The draft is discarded." };
        }
        case "rollback": {
          const number = Number(form.get("version"));
          const rolledBack = await store.rollback(slug, number, actor);
          if (!rolledBack.ok) return { ok: false, status: rolledBack.status, slug, message: rolledBack.message };
          await reload();
          return { ok: true, slug, message: `Version ${rolledBack.value.number} is published, a copy of version ${number}.` };
        }
        default:
          return { ok: false, status: 400, slug, message: "Choose what to do: save a draft, publish, schedule, unpublish, discard the draft or roll back." };
      }
    },

    /** A picture from the upload form's `picture` field. */
    async upload(form: FormData, actor: Actor): Promise<BlogActionAnswer & { path?: string }> {
      const file = form.get("picture");
      if (!file || typeof file === "string") return { ok: false, status: 400, slug: null, message: "Choose a picture to upload." };
      if (file.size > MAX_BLOG_IMAGE_BYTES) return { ok: false, status: 413, slug: null, message: `The picture is too large: at most ${MAX_BLOG_IMAGE_BYTES / 1024 / 1024} MB.` };
      const uploaded = await images.upload({ name: file.name, bytes: Buffer.from(await file.arrayBuffer()) }, actor);
      if (!uploaded.ok) return { ok: false, status: uploaded.status, slug: null, message: uploaded.message };
      return { ok: true, slug: null, message: `The picture is uploaded: use ${uploaded.value.path} in a post.`, path: uploaded.value.path };
    },
  };
}

export type BlogConsole = ReturnType<typeof createBlogConsole>;
