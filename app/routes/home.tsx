import { ArrowRightIcon, CheckIcon } from "~/components/icons";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { TrustStrip } from "~/components/trust-strip";
import { useSite } from "~/components/use-site";
import { summary } from "~/blog/articles.server";
import { ArticleCard } from "~/blog/article-card";
import { seo } from "~/components/seo";
import { TEASER_SLUGS } from "~/site/blog-teaser";
import { cardHref } from "#claims/engine/pages";
import { withBrand } from "#claims/engine/personal-fields";
import { allClaims } from "#claims/registry";
import { claimShown } from "~/landing/claim-shown";
import type { RouteHandle } from "~/root";
import { localeOfPath } from "#claims/engine/locale";
import { claimIn } from "~/i18n/claims-in";
import { PAGE_MESSAGES } from "~/i18n/page-messages";
import { usePageMessages } from "~/i18n/use-messages";
import type { Route } from "./+types/home";

// The same page for every visitor, whatever the query (campaign parameters).
// The English home at /, the Spanish one at /es (docs/decisions/058).
export const handle: RouteHandle = { staticPage: (url) => (localeOfPath(url.pathname) === "es" ? "/es" : "/") };

export const meta: Route.MetaFunction = (args) => {
  const t = PAGE_MESSAGES[localeOfPath(args.location.pathname)];
  return seo(args, { title: t.homeTitle, description: t.homeDescription });
};

const openClaimsInCardOrder = () =>
  allClaims()
    .filter((claim) => !claim.data?.paused)
    .sort((a, b) => a.landing.card.order - b.landing.card.order);

export function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  return {
    hero: locale === "es" ? context.content.homeHeroEs : context.content.homeHero,
    // One card per claim, in the cards' order (the spec's for the built-in claims); an open claim defined as
    // data has one too, and this page's cache starts again when those change (docs/decisions/064).
    cards: openClaimsInCardOrder().map((claim) => claimShown(claimIn(claim, locale, context.content), context.content)).map((claim) => ({ ...claim.landing.card, href: cardHref(claim), theme: `theme-${claim.slug}` })),
    // The teaser's articles while they are shown; an operator may unpublish one.
    teaser: TEASER_SLUGS.flatMap((slug) => {
      const article = context.blog.article(slug);
      return article ? [summary(article)] : [];
    }),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const t = usePageMessages();
  const { hero } = loaderData;
  return (
    <>
      <SiteHeader />
      <main id="main">
        <section className="bg-brand text-white">
          <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium">
              <CheckIcon className="size-4" /> {t.homeBadge}
            </p>
            <h1 className="mt-4 max-w-3xl text-4xl font-extrabold tracking-tight break-words sm:text-5xl">{withBrand(hero.headline, site)}</h1>
            <p className="mt-4 max-w-2xl text-lg text-slate-200">{withBrand(hero.text, site)}</p>
            <a
              href="#claims"
              className="mt-8 inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-6 py-3 font-semibold text-brand hover:bg-slate-100"
            >
              {withBrand(hero.cta, site)} <ArrowRightIcon className="size-5" />
            </a>
          </div>
        </section>

        <section id="claims" aria-labelledby="claims-title" className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="claims-title" className="text-3xl font-bold text-brand">
            {t.chooseClaim}
          </h2>
          <p className="mt-2 text-slate-700">{t.chooseClaimIntro}</p>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {loaderData.cards.map((card) => (
              <li key={card.href} className={`${card.theme} flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm`}>
                <span className="h-1.5 w-12 rounded-full bg-accent" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-bold text-slate-900">{card.title}</h3>
                <p className="mt-2 flex-1 text-sm text-slate-700">{card.description}</p>
                <p className="mt-4 text-sm text-slate-700">
                  {card.figureLabel}: <strong className="whitespace-nowrap text-base text-accent-strong">{card.figure}</strong>
                </p>
                <a
                  href={card.href}
                  className="mt-4 inline-flex min-h-11 items-center justify-center whitespace-nowrap rounded-lg bg-accent px-3 text-[0.9375rem] font-semibold text-white hover:bg-accent-strong"
                >
                  {card.cta}
                </a>
              </li>
            ))}
          </ul>
        </section>

        <TrustStrip />

        <section aria-labelledby="blog-title" className="mx-auto max-w-6xl px-4 py-14">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="blog-title" className="text-3xl font-bold text-brand">
              {t.legalGuides}
            </h2>
            <a href="/blog" className="inline-flex min-h-11 items-center gap-1 font-semibold text-accent-strong underline">
              {t.viewAllArticles} <ArrowRightIcon className="size-4" />
            </a>
          </div>
          <ul className="mt-8 grid gap-5 md:grid-cols-3">
            {loaderData.teaser.map((article) => (
              <li key={article.slug} className="flex">
                <ArticleCard article={article} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
