import { data, redirect } from "react-router";
import { cardHref, resultPagePath } from "#claims/engine/pages";
import { claims, resultPageByPath } from "#claims/registry";
import { claimShown } from "~/landing/claim-shown";
import { ResultPage } from "~/landing/result-page";
import type { Route } from "./+types/claim-result";

// app/routes.ts registers this module only for the registry's result pages, so the look-up always finds one.
const resultPageAt = (pathname: string) => resultPageByPath(pathname)!;

export const meta: Route.MetaFunction = ({ location, loaderData }) => [
  { title: loaderData ? resultPageAt(location.pathname).page.title : "Page not found" },
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
  const built = resultPageAt(url.pathname);
  // The page's words as published at /admin/content (its claim's landing copy), else its folder's.
  const claim = claimShown(built.claim, context.content);
  const page = claim.resultPages!.find((shown) => shown.path === built.page.path)!;
  const leadId = url.searchParams.get("lead");
  const otherClaimsOf = (variant: { otherClaims?: unknown }) =>
    variant.otherClaims ? claims.filter((other) => other !== claim).map((other) => ({ href: cardHref(other), title: other.landing.card.title })) : [];
  if (leadId === null) {
    const generic = Object.values(page.variants)[0]!;
    return { slug: claim.slug, variant: generic, leadId: null, otherClaims: otherClaimsOf(generic) };
  }
  const lead = leadId.length <= 100 ? await context.leads.outcomeOfLead(leadId) : null;
  if (!lead || lead.caseType !== claim.caseType) throw data(null, { status: 404 });
  const variant = lead.outcome ? page.variants[lead.outcome] : Object.values(page.variants)[0];
  if (!variant) {
    const elsewhere = resultPagePath(claim, lead.outcome, leadId);
    if (elsewhere && !elsewhere.startsWith(`${page.path}?`)) throw redirect(elsewhere);
    throw data(null, { status: 404 });
  }
  return { slug: claim.slug, variant, leadId, otherClaims: otherClaimsOf(variant) };
}

export default function ClaimResultPage({ loaderData }: Route.ComponentProps) {
  return <ResultPage {...loaderData} />;
}
