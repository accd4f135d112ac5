import { data } from "react-router";
import { localeOfPath, localizedPath, pathWithoutLocale, type Locale } from "#claims/engine/locale";
import { startHref } from "#claims/engine/pages";
import type { ClaimDefinition } from "#claims/engine/types";
import { claimByFormPath, claimByLandingPath, claimBySlug } from "#claims/registry";
import { seo } from "~/components/seo";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { claimIn, FOLDER_TEXTS, type ClaimTexts } from "~/i18n/claims-in";
import { PAGE_MESSAGES } from "~/i18n/page-messages";
import { ClaimLanding } from "~/landing/claim-landing";
import { formPageTitle } from "~/wizard/claim-form-page";
import { formPageAction, formPageLoaderData } from "~/wizard/form-route.server";
import { ClaimFormRoutePage } from "~/wizard/wizard-scripts";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/data-claim-page";

/**
 * Claims defined as data (docs/decisions/059, 064): routes are fixed at build, so every page under
 * /claims/ and /es/claims/ comes here, and the page is found by its path among the claims the server
 * runs now, in the path's language. A landing path shows the landing; a form path the form, which
 * works without JavaScript and hydrates with the claim's JSON compiled in the browser (its script
 * posts to ./data-claim-form-answer.ts). A paused claim says it is closed. Any other path is the
 * site's 404.
 */
function dataClaimAt(pathname: string, find: (path: string) => ClaimDefinition | undefined, texts: ClaimTexts): ClaimDefinition | undefined {
  const claim = find(pathWithoutLocale(pathname));
  return claim?.data ? claimIn(claim, localeOfPath(pathname), texts) : undefined;
}

/**
 * A landing, and a paused claim's form (it only says the claim is closed), is the same for every visitor
 * and ships no script, so it is rendered once and kept (docs/decisions/032) as a built-in landing is. The
 * cache starts again whenever the data claims change (`dataClaimsGeneration()` in its stamp), so a
 * publish, pause, resume or rollback shows at this instance's next poll. A working form (scripts, a
 * nonce) and an unknown path are rendered per request: nobody can fill the cache with invented paths.
 */
export const handle: RouteHandle = {
  staticPage(url) {
    const path = pathWithoutLocale(url.pathname);
    if (claimByLandingPath(path)?.data) return url.pathname;
    return claimByFormPath(path)?.data?.paused ? url.pathname : null;
  },
};

function notFound(): never {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => {
  const page = args.loaderData;
  if (!page) return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
  if (page.kind === "landing") return seo(args, page.landing.seo);
  return seo(args, { title: formPageTitle(page.kind === "form" ? page.form.title : page.title, page.locale), description: page.kind === "form" ? page.form.intro : "" });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname;
  const locale = localeOfPath(pathname);
  const landing = dataClaimAt(pathname, claimByLandingPath, context.content);
  if (landing) {
    if (landing.data!.paused) return { kind: "closed" as const, locale, slug: landing.slug, title: landing.landing.card.title };
    return { kind: "landing" as const, locale, slug: landing.slug, startHref: startHref(landing), landing: landing.landing };
  }
  const form = dataClaimAt(pathname, claimByFormPath, context.content);
  if (!form) notFound();
  if (form.data!.paused) return { kind: "closed" as const, locale, slug: form.slug, title: form.landing.card.title };
  return { kind: "form" as const, locale, slug: form.slug, form: await formPageLoaderData(form, context) };
}

/** The form's steps posted without JavaScript; a paused claim's answer is the lead service's 'closed'. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = dataClaimAt(new URL(request.url).pathname, claimByFormPath, context.content);
  if (!form) notFound();
  return formPageAction(form, request, context);
}

export default function DataClaimPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "landing") return <ClaimLanding slug={loaderData.slug} startHref={loaderData.startHref} landing={loaderData.landing} />;
  if (loaderData.kind === "closed") return <ClosedClaim title={loaderData.title} locale={loaderData.locale} />;
  // A claim defined as data has its own Spanish (docs/decisions/064), never the operator's claim-texts entry.
  const definition = claimIn(claimBySlug(loaderData.slug)!, loaderData.locale, FOLDER_TEXTS);
  return <ClaimFormRoutePage definition={definition} loaderData={loaderData.form} actionData={actionData} />;
}

function ClosedClaim({ title, locale }: { title: string; locale: Locale }) {
  const t = PAGE_MESSAGES[locale];
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-2xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">{t.claimClosedTitle(title)}</h1>
        <p className="mt-2 text-slate-700">{t.claimClosedText}</p>
        <a href={localizedPath("/", locale)} className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-brand px-5 font-semibold text-white hover:bg-slate-800">
          {t.returnHome}
        </a>
      </main>
      <SiteFooter />
    </>
  );
}
