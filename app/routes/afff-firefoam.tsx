import { AfffLanding } from "~/landings/afff";
import { seo } from "~/components/seo";
import type { Route } from "./+types/afff-firefoam";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "AFFF Firefighting Foam Cancer Claims: Free Case Review",
    description:
      "Exposed to AFFF firefighting foam and diagnosed with kidney, testicular or liver cancer, thyroid disease or ulcerative colitis? Settlements of $200K - $600K+. Free, confidential review.",
  });

export default AfffLanding;
