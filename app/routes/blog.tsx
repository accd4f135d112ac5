import { searchArticles, summary } from "~/blog/articles.server";
import { ArticleCard } from "~/blog/article-card";
import { CATEGORIES, type Category } from "~/blog/categories";
import { seo } from "~/components/seo";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/blog";

/** The index and each category are the same for every visitor; a search is rendered for its query. */
export const handle: RouteHandle = {
  staticPage(url) {
    if (url.searchParams.get("q")) return null;
    const category = CATEGORIES.find((c) => c === url.searchParams.get("category"));
    return category ? `/blog?category=${encodeURIComponent(category)}` : "/blog";
  },
};

export const meta: Route.MetaFunction = (args) => {
  const category = args.loaderData?.category;
  return seo(args, {
    title: category ? `${category} Articles | Legal Guides` : "Legal Guides: Car Accidents, RoundUp and PFAS",
    description: `Plain-language guides on ${category ?? "car accident, RoundUp and PFAS"} claims: eligibility, deadlines, settlements and what to expect.`,
  });
};

export function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").slice(0, 100);
  const requested = params.get("category");
  const category = CATEGORIES.find((c) => c === requested) ?? null;
  const shown = context.blog.articles();
  return { query, category, total: shown.length, articles: searchArticles(shown, query, category).map(summary) };
}

/** A filter link keeps the search text and changes only the category. */
function filterHref(query: string, category: Category | null) {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (category) params.set("category", category);
  const search = params.toString();
  return search ? `/blog?${search}` : "/blog";
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { query, category, articles } = loaderData;
  const filters: Array<{ label: string; value: Category | null }> = [{ label: "All", value: null }, ...CATEGORIES.map((c) => ({ label: c, value: c }))];
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-6xl px-4 py-10">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
          <ol className="flex items-center gap-2">
            <li>
              <a href="/" className="inline-flex min-h-11 items-center underline">Home</a>
            </li>
            <li aria-hidden="true">/</li>
            <li>
              <a href="/blog" aria-current="page" className="inline-flex min-h-11 items-center font-semibold text-slate-900">Blog</a>
            </li>
          </ol>
        </nav>
        <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-brand">Legal Guides</h1>
        <p className="mt-2 max-w-2xl text-slate-700">
          Clear, careful information about car accident, RoundUp and PFAS claims. General information, not legal advice.
        </p>

        <form method="get" action="/blog" role="search" className="mt-8 flex flex-col gap-3 sm:flex-row">
          <label htmlFor="blog-search" className="sr-only">
            Search articles
          </label>
          <input
            id="blog-search"
            name="q"
            type="search"
            defaultValue={query}
            placeholder="Search articles by title or summary"
            className="min-h-11 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2"
          />
          {category ? <input type="hidden" name="category" value={category} /> : null}
          <button type="submit" className="min-h-11 rounded-lg bg-brand px-6 font-semibold text-white hover:bg-slate-800">
            Search
          </button>
        </form>

        <nav aria-label="Categories" className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {filters.map((filter) => {
              const active = filter.value === category;
              return (
                <li key={filter.label}>
                  <a
                    href={filterHref(query, filter.value)}
                    aria-current={active ? "page" : undefined}
                    className={`inline-flex min-h-11 items-center rounded-full px-5 font-semibold ring-1 ${active ? "bg-brand text-white ring-brand" : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-100"}`}
                  >
                    {filter.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>

        <p className="mt-6 text-sm text-slate-600" role="status">
          {articles.length} {articles.length === 1 ? "article" : "articles"}
          {query ? ` matching "${query}"` : ""}
        </p>
        {articles.length === 0 ? (
          <p className="mt-6 rounded-xl bg-white p-8 text-center text-slate-700 ring-1 ring-slate-200">No articles found matching your criteria.</p>
        ) : (
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {articles.map((article) => (
              <li key={article.slug} className="flex">
                <ArticleCard article={article} />
              </li>
            ))}
          </ul>
        )}
      </main>
      <SiteFooter />
    </>
  );
}
