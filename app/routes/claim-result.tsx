import { data, redirect } from "react-router";
import { cardHref, resultPagePath } from "#claims/engine/pages";
import { claims, resultPageByPath } from "#claims/registry";
import { claimShown } from "~/landing/claim-shown";
import { ResultPage } from "~/landing/result-page";
import { PAGE_MESSAGES } from "~/i18n/page-messages";
import { localeOfPath, pathWithoutLocale } from "#claims/engine/locale";
import { claimIn, type ClaimTexts } from "~/i18n/claims-in";
import type { Route } from "./+types/claim-result";

// app/routes.ts registers this module only for the registry's result pages, in each language, so the
// look-up always finds one; it comes in the page's language.
function resultPageAt(pathname: string, texts: ClaimTexts) {
  const found = resultPageByPath(pathWithoutLocale(pathname))!;
  const claim = claimIn(found.claim, localeOfPath(pathname), texts);
  const index = found.claim.resultPages!.indexOf(found.page);
  return { claim, page: claim.resultPages![index]! };
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => [
  { title: loaderData ? loaderData.title : PAGE_MESSAGES[localeOfPath(location.pathname)].notFoundTitle },
  { name: "robots", content: "noindex" },
];

/**
 * The variant for the outcome of the lead named by `?lead=`. A lead of another outcome is sent to the
 * page that shows it; an unknown lead or another claim's lead gets the 404 page. Without `?lead=` the
 * page is a route of the spec's route table like any other (issue 25): it shows its generic content,
 * its first variant, with no reference number.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const built = resultPageAt(url.pathname, context.content);
  // The page's words as published at /admin/content (its claim's landing copy), else its folder's.
  const claim = claimShown(built.claim, context.content);
  const page = claim.resultPages!.find((shown) => shown.path === built.page.path)!;
  const leadId = url.searchParams.get("lead");
  const otherClaimsOf = (variant: { otherClaims?: unknown }) =>
    variant.otherClaims
      ? claims.filter((other) => other.slug !== claim.slug).map((other) => claimIn(other, claim.locale ?? "en", context.content)).map((other) => ({ href: cardHref(other), title: other.landing.card.title }))
      : [];
  if (leadId === null) {
    const generic = Object.values(page.variants)[0]!;
    return { slug: claim.slug, title: page.title, variant: generic, leadId: null, otherClaims: otherClaimsOf(generic) };
  }
  const lead = leadId.length <= 100 ? await context.leads.outcomeOfLead(leadId) : null;
  if (!lead || lead.caseType !== claim.caseType) throw data(null, { status: 404 });
  const variant = lead.outcome ? page.variants[lead.outcome] : Object.values(page.variants)[0];
  if (!variant) {
    const elsewhere = resultPagePath(claim, lead.outcome, leadId);
    if (elsewhere && !elsewhere.startsWith(`${page.path}?`)) throw redirect(elsewhere);
    throw data(null, { status: 404 });
  }
  return { slug: claim.slug, title: page.title, variant, leadId, otherClaims: otherClaimsOf(variant) };
}

export default function ClaimResultPage({ loaderData }: Route.ComponentProps) {
  return <ResultPage {...loaderData} />;
}
