import { MvaSorry } from "~/landings/mva-result-pages";
import type { Route } from "./+types/mva-claim-sorry";

export const meta: Route.MetaFunction = () => [
  { title: "We're Sorry | Car Accident Claim" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const leadId = new URL(request.url).searchParams.get("lead");
  const lead = leadId ? await context.leads.outcomeOfLead(leadId) : null;
  return { leadId: lead ? leadId : null };
}

export default function MvaSorryPage({ loaderData }: Route.ComponentProps) {
  return <MvaSorry leadId={loaderData.leadId} />;
}
