import type { ArticleSummary } from "./articles.server";
import { CATEGORY_LABELS, formatDate } from "./sidebar-cta";

/** An article in a list: picture, category, title, excerpt, date and read time. */
export function ArticleCard({ article, headingLevel = 2 }: { article: ArticleSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <img src={article.image} alt={`Illustration for ${CATEGORY_LABELS[article.category].toLowerCase()} articles`} width={640} height={360} loading="lazy" decoding="async" className="aspect-video w-full object-cover" />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{article.category}</p>
        <Heading className="mt-2 text-lg font-bold leading-snug">
          <a href={`/blog/${article.slug}`} className="block min-h-11 hover:underline">
            {article.title}
          </a>
        </Heading>
        <p className="mt-2 flex-1 text-sm text-slate-700">{article.excerpt}</p>
        <p className="mt-4 text-xs text-slate-600">
          <time dateTime={article.date}>{formatDate(article.date)}</time> · {article.readTime}
        </p>
      </div>
    </article>
  );
}
