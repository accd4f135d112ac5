import type { BlogArticleView } from "../../server/content/blog/live-blog";
import type { Category } from "./categories";

/** An article as the blog's pages get it from the load context (`context.blog`, docs/decisions/057). */
export type Article = BlogArticleView;

/** The blog list's search: title or excerpt, case-insensitive; and its category filter. */
export function searchArticles(articles: readonly Article[], query: string, category: Category | null): Article[] {
  const needle = query.trim().toLowerCase();
  return articles.filter(
    (a) =>
      (!category || a.category === category) &&
      (!needle || a.title.toLowerCase().includes(needle) || a.excerpt.toLowerCase().includes(needle)),
  );
}

/** The list view of an article (no body), for cards. */
export function summary({ html: _html, markdown: _markdown, faq: _faq, internalLinks: _links, ...rest }: Article) {
  return rest;
}

export type ArticleSummary = ReturnType<typeof summary>;
