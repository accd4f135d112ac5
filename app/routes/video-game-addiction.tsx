import { VideoGameLanding } from "~/landings/video-game";
import { seo } from "~/components/seo";
import type { Route } from "./+types/video-game-addiction";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Video Game Addiction Claims: Free Case Review",
    description:
      "Did addictive game design harm you or your child's mental health, finances or relationships? Potential recovery of $10K - $100K+. Free, confidential review.",
  });

export default VideoGameLanding;
