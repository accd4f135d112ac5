import { data } from "react-router";
import { CATEGORY_LABELS, ctaFor, formatDate } from "~/blog/sidebar-cta";
import { CheckIcon, ClockIcon, ShieldIcon, StarIcon } from "~/components/icons";
import { rootDataOf, seo } from "~/components/seo";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/blog-article";

export const handle: RouteHandle = { staticPage: (url) => url.pathname };

/**
 * The article shown now, or, for `?preview=<token>` from a signed-in operator, the draft of this post
 * with that token (docs/decisions/057): the page as it will look, which no cache keeps.
 */
async function articleShown(request: Request, slug: string, context: Route.LoaderArgs["context"]) {
  const token = new URL(request.url).searchParams.get("preview");
  if (token) {
    const access = await context.admin.authorize(request.headers.get("cookie"), "content.view", context.visitor.ip);
    const draft = access.ok ? await context.blog.preview(token) : null;
    if (draft?.slug === slug) return draft;
  }
  return context.blog.article(slug);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const article = await articleShown(request, params.slug, context);
  if (!article) {
    context.logger.warn({ slug: params.slug }, "article not found");
    return data({ article: null }, { status: 404 });
  }
  const { internalLinks: _links, markdown: _markdown, ...rest } = article;
  return { article: rest };
}

export const meta: Route.MetaFunction = (args) => {
  const article = args.loaderData?.article;
  if (!article) return [{ title: "Article Not Found" }, { name: "robots", content: "noindex" }];
  const root = rootDataOf(args);
  const url = `${root?.siteUrl}/blog/${article.slug}`;
  const publisher = { "@type": "Organization", name: root?.site.name, url: root?.siteUrl };
  return seo(args, {
    title: `${article.title} | ${root?.site.name}`,
    description: article.excerpt,
    image: article.heroImage.replace(/\.svg$/, ".jpg"),
    type: "article",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: article.title,
        description: article.excerpt,
        datePublished: article.date,
        dateModified: article.date,
        author: { "@type": "Organization", name: article.author },
        publisher,
        image: `${root?.siteUrl}${article.heroImage.replace(/\.svg$/, ".jpg")}`,
        mainEntityOfPage: url,
        articleSection: article.category,
      },
      {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Home", item: `${root?.siteUrl}/` },
          { "@type": "ListItem", position: 2, name: "Blog", item: `${root?.siteUrl}/blog` },
          { "@type": "ListItem", position: 3, name: article.title, item: url },
        ],
      },
      ...(article.faq.length
        ? [
            {
              "@context": "https://schema.org",
              "@type": "FAQPage",
              mainEntity: article.faq.map((qa) => ({ "@type": "Question", name: qa.question, acceptedAnswer: { "@type": "Answer", text: qa.answer } })),
            },
          ]
        : []),
    ],
  });
};

const BENEFITS = ["Free, no-obligation case review", "No upfront fees: pay only if you win", "Experienced attorneys in your state"];

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  if (!article) {
    return (
      <>
        <SiteHeader />
        <main id="main" className="mx-auto max-w-2xl px-4 py-20 text-center">
          <h1 className="text-3xl font-bold text-brand">Article Not Found</h1>
          <p className="mt-3 text-slate-700">The article you are looking for does not exist or has moved.</p>
          <a href="/blog" className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-brand px-5 font-semibold text-white hover:bg-slate-800">
            Return to Blog
          </a>
        </main>
        <SiteFooter />
      </>
    );
  }
  const cta = ctaFor(article.category);
  return (
    <>
      <SiteHeader />
      <main id="main">
        <header className="bg-brand text-white">
          <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-5 md:items-center">
            <div className="md:col-span-3">
              <nav aria-label="Breadcrumb" className="text-sm text-slate-300">
                <ol className="flex flex-wrap items-center gap-x-2">
                  <li><a href="/" className="inline-flex min-h-11 items-center underline">Home</a></li>
                  <li aria-hidden="true">/</li>
                  <li><a href="/blog" className="inline-flex min-h-11 items-center underline">Blog</a></li>
                </ol>
              </nav>
              <p className="mt-4 inline-block rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">{article.category}</p>
              <h1 className="mt-3 text-3xl font-extrabold leading-tight tracking-tight sm:text-4xl">{article.title}</h1>
              <p className="mt-4 text-sm text-slate-200">
                By {article.author} · <time dateTime={article.date}>{formatDate(article.date)}</time> · {article.readTime}
              </p>
            </div>
            <img
              src={article.heroImage}
              alt={`Illustration for ${CATEGORY_LABELS[article.category].toLowerCase()} articles`}
              width={1200}
              height={630}
              className="w-full rounded-2xl md:col-span-2"
            />
          </div>
        </header>
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-3">
          <div className="article-body lg:col-span-2" dangerouslySetInnerHTML={{ __html: article.html }} />
          <aside aria-labelledby="cta-title" className="lg:sticky lg:top-6 lg:self-start">
            <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h2 id="cta-title" className="text-xl font-bold text-brand">
                Do you have a claim?
              </h2>
              <ul className="mt-4 space-y-2 text-sm">
                {BENEFITS.map((benefit) => (
                  <li key={benefit} className="flex items-start gap-2">
                    <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-700" /> {benefit}
                  </li>
                ))}
              </ul>
              <a href={cta.href} className="mt-5 inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand px-4 font-semibold text-white hover:bg-slate-800">
                {cta.label}
              </a>
              <p className="mt-3 flex items-center justify-center gap-1.5 text-sm text-slate-600">
                <ClockIcon className="size-4" /> Takes under 2 minutes
              </p>
              <ul className="mt-5 grid grid-cols-3 gap-2 border-t border-slate-200 pt-4 text-center text-xs text-slate-700" aria-label="Trust badges">
                <li>
                  <ShieldIcon className="mx-auto size-5 text-brand" />
                  <span className="mt-1 block font-bold text-slate-900">BBB A+</span> rating
                </li>
                <li>
                  <StarIcon className="mx-auto size-5 fill-amber-400 text-amber-500" />
                  <span className="mt-1 block font-bold text-slate-900">4.9/5</span> reviews
                </li>
                <li>
                  <CheckIcon className="mx-auto size-5 text-brand" />
                  <span className="mt-1 block font-bold text-slate-900">25+ years</span> experience
                </li>
              </ul>
            </div>
          </aside>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
