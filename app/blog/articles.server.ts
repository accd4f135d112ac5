import type { Article, Category } from "./compile-article";

const modules = import.meta.glob<Article>("/content/blog/*.md", { eager: true, import: "default" });

/** Every article, newest first. */
export const ARTICLES: readonly Article[] = Object.values(modules).sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));

export function articleBySlug(slug: string): Article | undefined {
  return ARTICLES.find((a) => a.slug === slug);
}

/** The blog list's search: title or excerpt, case-insensitive; and its category filter. */
export function searchArticles(query: string, category: Category | null): Article[] {
  const needle = query.trim().toLowerCase();
  return ARTICLES.filter(
    (a) =>
      (!category || a.category === category) &&
      (!needle || a.title.toLowerCase().includes(needle) || a.excerpt.toLowerCase().includes(needle)),
  );
}

/** The list view of an article (no body), for cards. */
export function summary({ html: _html, faq: _faq, internalLinks: _links, ...rest }: Article) {
  return rest;
}

export type ArticleSummary = ReturnType<typeof summary>;
