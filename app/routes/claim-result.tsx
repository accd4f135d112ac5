import { cardHref } from "#claims/engine/pages";
import { claims, resultPageByPath } from "#claims/registry";
import { ResultPage } from "~/landing/result-page";
import type { Route } from "./+types/claim-result";

// app/routes.ts registers this module only for the registry's result pages, so the look-up always finds one.
const resultPageAt = (pathname: string) => resultPageByPath(pathname)!;

export const meta: Route.MetaFunction = ({ location }) => [
  { title: resultPageAt(location.pathname).page.title },
  { name: "robots", content: "noindex" },
];

/** The variant for the lead's outcome (`?lead=`), or the page's first one when the lead is unknown. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { claim, page } = resultPageAt(url.pathname);
  const leadId = url.searchParams.get("lead");
  const lead = leadId ? await context.leads.outcomeOfLead(leadId) : null;
  const variant = (lead?.outcome && page.variants[lead.outcome]) || Object.values(page.variants)[0]!;
  const otherClaims = variant.otherClaims
    ? claims.filter((other) => other !== claim).map((other) => ({ href: cardHref(other), title: other.landing.card.title }))
    : [];
  return { slug: claim.slug, variant, leadId: lead ? leadId : null, otherClaims };
}

export default function ClaimResultPage({ loaderData }: Route.ComponentProps) {
  return <ResultPage {...loaderData} />;
}
