import { DepoProveraLanding } from "~/landings/depo-provera";
import { seo } from "~/components/seo";
import type { Route } from "./+types/depo-provera";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Depo-Provera Brain Tumor (Meningioma) Claims: Free Case Review",
    description:
      "Used the Depo-Provera shot and diagnosed with a meningioma or brain tumor? Long-term use is linked to a 5.6x higher risk. Free, confidential claim review.",
  });

export default DepoProveraLanding;
