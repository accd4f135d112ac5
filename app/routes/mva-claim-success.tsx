import { MvaSuccess } from "~/landings/mva-result-pages";
import type { Route } from "./+types/mva-claim-success";

export const meta: Route.MetaFunction = () => [
  { title: "Your Claim Was Received | Car Accident Claim" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const leadId = new URL(request.url).searchParams.get("lead");
  const lead = leadId ? await context.leads.outcomeOfLead(leadId) : null;
  return { leadId: lead ? leadId : null, limited: lead?.outcome === "partial" };
}

export default function MvaSuccessPage({ loaderData }: Route.ComponentProps) {
  return <MvaSuccess limited={loaderData.limited} leadId={loaderData.leadId} />;
}
