import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { formAnswerPath, landingPaths } from "#claims/engine/pages";
import { claimRegistryModule } from "../vite.config";
import { spanishRoutes } from "./i18n/spanish-routes";

// React Router evaluates this file without vite.config.ts's aliases, so it asks the configuration
// which registry the build has (a test build's adds the fixture claim); the app's modules get it by alias.
const { claims }: typeof import("#claims/registry") = await import(/* @vite-ignore */ claimRegistryModule);

export default [
  index("routes/home.tsx"),
  // One route module per kind of claim page; each finds its claim by its path.
  ...claims.flatMap((claim) =>
    landingPaths(claim).map((path, i) => route(path, "routes/claim-landing.tsx", { id: `claim-landing-${claim.slug}${i ? `-${i}` : ""}` })),
  ),
  // The registry's claims; a claim defined as data's counter is found by its slug at request time
  // (docs/decisions/064), and any other /start/... is a 404.
  ...claims.map((claim) => route(`start/${claim.slug}`, "routes/claim-start.tsx", { id: `claim-start-${claim.slug}` })),
  route("start/:slug", "routes/claim-start.tsx", { id: "claim-start-data" }),
  ...claims.map((claim) => route(claim.routes.form, "routes/claim-form.tsx", { id: `claim-form-${claim.slug}` })),
  // The same form's answers as JSON, for the wizard's script (app/wizard/send-claim.ts).
  ...claims.map((claim) => route(formAnswerPath(claim), "routes/claim-form-answer.ts", { id: `claim-form-answer-${claim.slug}` })),
  ...claims.flatMap((claim) =>
    (claim.resultPages ?? []).map((page, i) => route(page.path, "routes/claim-result.tsx", { id: `claim-result-${claim.slug}-${i}` })),
  ),
  // Claims defined as data (docs/decisions/059): found by path at request time, so a publish needs no build.
  route("claims/*", "routes/data-claim-page.tsx"),
  // Their forms' answers as JSON, for the wizard's script: a route of its own, as the page route renders any answer as a page.
  route("form-answers/claims/*", "routes/data-claim-form-answer.ts"),
  route("verify-trustedforms-pro", "routes/verify-certificate.tsx"),
  route("opt-out", "routes/opt-out.tsx"),
  route("admin", "routes/admin-index.tsx"),
  route("admin/login", "routes/admin-login.tsx"),
  route("admin/logout", "routes/admin-logout.tsx"),
  route("admin/setup", "routes/admin-setup.tsx"),
  route("admin/leads", "routes/admin-leads.tsx"),
  route("admin/leads/:leadId", "routes/admin-lead.tsx"),
  route("admin/buyers", "routes/admin-buyers.tsx"),
  route("admin/buyers/report", "routes/admin-buyers-report.tsx"),
  // One form for a new buyer and a saved one; the new one has no buyerId.
  route("admin/buyers/new", "routes/admin-buyer.tsx", { id: "admin-buyer-new" }),
  route("admin/buyers/:buyerId", "routes/admin-buyer.tsx"),
  route("admin/checks", "routes/admin-checks.tsx"),
  route("admin/revocations", "routes/admin-revocations.tsx"),
  route("admin/suppression", "routes/admin-suppression.tsx"),
  route("admin/conversions", "routes/admin-conversions.tsx"),
  route("admin/suppliers", "routes/admin-suppliers.tsx"),
  route("admin/spend", "routes/admin-spend.tsx"),
  route("admin/visitor-mail", "routes/admin-visitor-mail.tsx"),
  route("admin/operators", "routes/admin-operators.tsx"),
  route("admin/invitation/:token", "routes/admin-invitation.tsx"),
  route("admin/reset/:token", "routes/admin-reset.tsx"),
  route("admin/account", "routes/admin-account.tsx"),
  route("admin/audit", "routes/admin-audit.tsx"),
  route("admin/content", "routes/admin-content.tsx"),
  route("admin/claims", "routes/admin-claims.tsx"),
  route("admin/claims/:slug", "routes/admin-claim.tsx"),
  // The draft's landing and form as visitors would see them, before it is published.
  route("admin/claims/:slug/preview", "routes/admin-claim-preview.tsx", { id: "admin-claim-preview" }),
  route("admin/claims/:slug/preview/form", "routes/admin-claim-preview.tsx", { id: "admin-claim-preview-form" }),
  route("admin/experiments", "routes/admin-experiments.tsx"),
  route("admin/blog", "routes/admin-blog.tsx"),
  route("admin/blog/:slug", "routes/admin-blog-post.tsx"),
  route("admin/returns", "routes/admin-returns.tsx"),
  route("admin/statements/:statementId", "routes/admin-statement.tsx"),
  route("admin/statements/:statementId/csv", "routes/admin-statement-csv.ts"),
  // The buyer portal (docs/decisions/040): buyers' own accounts, apart from the operators'.
  route("buyer", "routes/buyer-index.tsx"),
  route("buyer/login", "routes/buyer-login.tsx"),
  route("buyer/logout", "routes/buyer-logout.tsx"),
  route("buyer/invitation/:token", "routes/buyer-invitation.tsx"),
  route("buyer/leads", "routes/buyer-leads.tsx"),
  route("buyer/leads.csv", "routes/buyer-leads-csv.ts"),
  route("buyer/leads/:leadId", "routes/buyer-lead.tsx"),
  route("buyer/statements", "routes/buyer-statements.tsx"),
  route("buyer/statements/:statementId", "routes/buyer-statement.tsx"),
  route("buyer/statements/:statementId/csv", "routes/buyer-statement-csv.ts"),
  route("buyer/account", "routes/buyer-account.tsx"),
  route("buyer/clients", "routes/buyer-clients.tsx"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("blog", "routes/blog.tsx"),
  route("blog/rss.xml", "routes/blog-rss.ts"),
  route("blog/:slug", "routes/blog-article.tsx"),
  // The same public pages in Spanish, under /es (docs/decisions/058).
  ...spanishRoutes(claims),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
