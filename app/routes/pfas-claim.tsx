import { PfasLanding } from "~/landings/pfas";
import { seo } from "~/components/seo";
import type { Route } from "./+types/pfas-claim";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "PFAS “Forever Chemicals” Exposure Claims: Free Case Review",
    description:
      "Exposed to PFAS in drinking water, firefighting foam or at work and diagnosed with cancer, liver or thyroid disease? Typical settlements $50K - $1M+. Free review, all 50 states.",
  });

export default PfasLanding;
