import { RideshareLanding } from "~/landings/rideshare";
import { seo } from "~/components/seo";
import type { Route } from "./+types/ride-share-assault";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Rideshare Assault Claims: Free, Confidential Case Review",
    description:
      "Assaulted or harassed during an Uber, Lyft or taxi ride? Typical settlements of $100K - $1M+. A free, confidential review with no upfront fees.",
  });

export default RideshareLanding;
