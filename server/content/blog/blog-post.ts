import { z } from "zod";
import { BLOG_CATEGORIES } from "#claims/engine/blog-categories";
import { text, type FieldErrors } from "../content-kinds";
import { markdownProblem } from "./blog-markdown";

/**
 * A blog post as stored in site content (docs/decisions/057): entry `blog:<slug>` in content_versions
 * and content_drafts. A draft holds the article; a published version adds when it appears and whether
 * it is taken down, so scheduling, unpublishing and rolling back are all versions in one history.
 */

export const BLOG_ENTRY_PREFIX = "blog:";
export const blogEntry = (slug: string) => `${BLOG_ENTRY_PREFIX}${slug}`;

/** The languages a post may be written in; one per post, so an article may exist in one language only. */
export const BLOG_LANGUAGES = ["en"] as const;

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Pictures: the site's own, or one uploaded in the console (./blog-images.ts). */
const PICTURE = /^\/(images\/blog\/[\w-]+\.(svg|png|webp|jpg)|media\/blog\/[0-9a-f]{64}\.(png|jpg|webp|gif))$/;

export const blogArticleSchema = z.object({
  slug: z
    .string({ error: "The address is required." })
    .trim()
    .min(3, { error: "The address needs at least 3 characters." })
    .max(100, { error: "The address can be at most 100 characters." })
    .regex(SLUG, { error: "The address may hold only lowercase letters, digits and single hyphens (car-accident-guide)." })
    .refine((slug) => !["rss", "images"].includes(slug), { error: "This address is taken by the blog itself: choose another." }),
  language: z.enum(BLOG_LANGUAGES, { error: "Choose the article's language." }).default("en"),
  title: text("The title", 10, 120),
  excerpt: text("The summary", 40, 240),
  author: text("The author", 1, 80),
  date: z
    .string({ error: "The date shown is required." })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "The date shown must be a day (YYYY-MM-DD)." })
    .refine((day) => !Number.isNaN(Date.parse(`${day}T12:00:00Z`)) && new Date(`${day}T12:00:00Z`).toISOString().startsWith(day), { error: "The date shown is not a real day." }),
  category: z.enum(BLOG_CATEGORIES, { error: `Choose a category: ${BLOG_CATEGORIES.join(", ")}.` }),
  image: z.string({ error: "The card picture is required." }).trim().regex(PICTURE, { error: "The card picture must be one of the site's (/images/blog/...) or an uploaded one (/media/blog/...)." }),
  heroImage: z.string({ error: "The header picture is required." }).trim().regex(PICTURE, { error: "The header picture must be one of the site's (/images/blog/...) or an uploaded one (/media/blog/...)." }),
  markdown: text("The article", 1, 100_000).superRefine((markdown, ctx) => {
    const problem = markdownProblem(markdown);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
});

/** An article as written: what a draft holds. */
export type BlogArticle = z.infer<typeof blogArticleSchema>;

/** A published version of a post: the article, when it appears, and whether it was taken down. */
export interface BlogPostBody extends BlogArticle {
  /** When the article appears on /blog, its page, the RSS feed and the sitemap (ISO time; later = scheduled). */
  publishAt: string;
  /** Unpublished: the article is not shown (a version like any other, so it can be rolled back). */
  hidden: boolean;
}

/** An article checked: the article, or each wrong field's message by its form name. */
export function parseArticle(value: unknown): { ok: true; article: BlogArticle } | { ok: false; errors: FieldErrors } {
  const parsed = blogArticleSchema.safeParse(value);
  if (parsed.success) return { ok: true, article: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path.join(".") || "form"] ??= issue.message;
  return { ok: false, errors };
}

export const ARTICLE_FIELDS = ["slug", "language", "title", "excerpt", "author", "date", "category", "image", "heroImage", "markdown"] as const;

/** The article's fields from the editor's form (the names parseArticle's errors use). */
export function articleFromForm(form: FormData): Record<string, string> {
  return Object.fromEntries(
    ARTICLE_FIELDS.map((name) => {
      const value = form.get(name);
      const text = typeof value === "string" ? value : "";
      return [name, name === "language" && !text ? "en" : text];
    }),
  );
}
