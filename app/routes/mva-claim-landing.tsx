import { MvaLanding } from "~/landings/mva";
import { seo } from "~/components/seo";
import type { Route } from "./+types/mva-claim-landing";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Car Accident Claim: Free Case Evaluation | Get the Compensation You Deserve",
    description:
      "Injured in a car accident? Typical settlements range from $25K to $500K+. Check your claim in 2 minutes; no upfront fees.",
  });

export default MvaLanding;
