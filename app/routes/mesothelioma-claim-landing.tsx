import { MesotheliomaLanding } from "~/landings/mesothelioma";
import { seo } from "~/components/seo";
import type { Route } from "./+types/mesothelioma-claim-landing";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Mesothelioma & Lung Cancer Claims: Free Case Review",
    description:
      "Diagnosed with mesothelioma or lung cancer after asbestos exposure? Average awards of $1M - $2.4M+. Free, confidential review.",
  });

export default MesotheliomaLanding;
