import { RoundupLanding } from "~/landings/roundup";
import { roundupClaim } from "#claims/roundup/definition";
import { seo } from "~/components/seo";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/roundup-claim-landing";

// Serves both /roundup-claim-landing and /roundup-cancer (spec section 2); search engines are told the
// first is the page, so the two addresses do not compete as duplicates.
export const handle: RouteHandle = { canonicalPath: roundupClaim.routes.landing };

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "RoundUp Cancer Claims: Free Case Review | $125K to $2M+",
    description:
      "Diagnosed with non-Hodgkin's lymphoma or a related cancer after using RoundUp? A settlement fund of over $10 billion. Free, confidential review.",
  });

export default RoundupLanding;
