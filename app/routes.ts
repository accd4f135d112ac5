import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { claims } from "./claims/registry";

export default [
  index("routes/home.tsx"),
  route("mva-claim-landing", "routes/mva-claim-landing.tsx"),
  route("mesothelioma-claim-landing", "routes/mesothelioma-claim-landing.tsx"),
  route("pfas-claim", "routes/pfas-claim.tsx"),
  route("video-game-addiction", "routes/video-game-addiction.tsx"),
  route("start/:slug", "routes/claim-start.tsx"),
  // One route module serves every claim form; it finds the claim by its path.
  ...claims.map((claim) => route(claim.routes.form, "routes/claim-form.tsx", { id: `claim-form-${claim.slug}` })),
  route("mva-claim/success", "routes/mva-claim-success.tsx"),
  route("mva-claim/sorry", "routes/mva-claim-sorry.tsx"),
  route("verify-trustedforms-pro", "routes/verify-certificate.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
