import { type RouteConfig, index, route } from "@react-router/dev/routes";

// React Router evaluates this file without vite.config.ts and its aliases, so a test build
// (CLAIM_FIXTURES=1) names the test registry here; the app's own modules get it through the alias.
const { claims } =
  process.env.CLAIM_FIXTURES === "1" ? await import("../tests/fixtures/claims/registry") : await import("#claims/registry");

export default [
  index("routes/home.tsx"),
  route("mva-claim-landing", "routes/mva-claim-landing.tsx"),
  route("mesothelioma-claim-landing", "routes/mesothelioma-claim-landing.tsx"),
  route("ride-share-assault", "routes/ride-share-assault.tsx"),
  route("roundup-claim-landing", "routes/roundup-claim-landing.tsx"),
  route("roundup-cancer", "routes/roundup-claim-landing.tsx", { id: "roundup-cancer" }),
  route("afff-firefoam", "routes/afff-firefoam.tsx"),
  route("depo-provera", "routes/depo-provera.tsx"),
  route("pfas-claim", "routes/pfas-claim.tsx"),
  route("video-game-addiction", "routes/video-game-addiction.tsx"),
  route("start/:slug", "routes/claim-start.tsx"),
  // One route module serves every claim form; it finds the claim by its path.
  ...claims.map((claim) => route(claim.routes.form, "routes/claim-form.tsx", { id: `claim-form-${claim.slug}` })),
  route("mva-claim/success", "routes/mva-claim-success.tsx"),
  route("mva-claim/sorry", "routes/mva-claim-sorry.tsx"),
  route("verify-trustedforms-pro", "routes/verify-certificate.tsx"),
  route("admin", "routes/admin-index.tsx"),
  route("admin/login", "routes/admin-login.tsx"),
  route("admin/logout", "routes/admin-logout.tsx"),
  route("admin/setup", "routes/admin-setup.tsx"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("blog", "routes/blog.tsx"),
  route("blog/rss.xml", "routes/blog-rss.ts"),
  route("blog/:slug", "routes/blog-article.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
