import type { RequestListener } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import proxyaddr from "proxy-addr";
import { createRequestHandler as createFetchHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { ServerContext } from "./load-context";
import { ATTRIBUTION_COOKIE, decodeAttribution, readCookie } from "../attribution/attribution";
import type { AdminAuth } from "../admin/admin-auth";
import type { OperatorConsole } from "../admin/operator-console";
import type { LeadConsole } from "../lead-console/lead-console";
import type { BuyerStore, BuyerTestLead, CheckStore } from "../distribution";
import type { BuyerAuth } from "../buyer-portal/buyer-auth";
import type { BuyerPortal } from "../buyer-portal/buyer-portal";
import type { LeadReturns } from "../returns/lead-returns";
import type { SuppressionLists } from "../suppression/suppression-lists";
import type { ContentConsole } from "../content/content-console";
import type { LiveContent } from "../content/live-content";
import type { ExperimentConsole } from "../experiments/experiment-console";
import type { LiveExperiments } from "../experiments/live-experiments";
import { claimByLandingPath } from "#claims/registry";
import type { ClaimsConsole } from "../data-claims/claims-console";
import { dataClaimsGeneration } from "#claims/engine/live-claims";
import type { LiveBlog } from "../content/blog/live-blog";
import type { BlogConsole } from "../content/blog/blog-console";
import type { BlogImages } from "../content/blog/blog-images";
import { blogImageRoute } from "./blog-image-route";
import type { SupplierStore } from "../suppliers/supplier-store";
import type { Statements } from "../statements/statements";
import type { Alerts } from "../alerts/alerts";
import type { VisitorMail } from "../alerts/visitor-confirmation";
import type { CampaignSpend } from "../campaigns/campaign-spend";
import type { Conversions } from "../conversions/conversions";
import type { CertificateMatches } from "../certificates/certificate-match";
import type { CertificateService } from "../certificates/certificate-service";
import { JWKS_PATH, type CertificateSigning } from "../certificates/certificate-signing";
import type { PageEvents } from "../events/page-events";
import type { FunnelBuffer } from "../analytics/funnel-buffer";
import type { FunnelDashboard } from "../analytics/funnel-dashboard";
import type { FunnelEvents } from "../analytics/funnel-events";
import type { Config } from "../config";
import { databaseStatus, type Db } from "../db/database";
import type { LeadService } from "../leads/submit-lead";
import type { Logger } from "../logger";
import type { RevocationService } from "../revocations/revocation-service";
import { apiRouter } from "./api-router";
import { auditExportRoute } from "./audit-export-route";
import { earlyLeadIntake } from "./early-lead-intake";
import type { EarlyAnswer } from "./early-answer";
import { createRequestPipeline, pageViews } from "./request-pipeline";
import { jwksRoute } from "./certificate-routes";
import { leadExportRoute } from "./lead-export-route";
import { legacyRedirects } from "./legacy-redirects";
import { funnelEventRoute } from "./funnel-event-route";
import { pageAsShownRoute } from "./page-as-shown-route";
import { pagePostGuard, pageRequestGuard } from "./request-guards";
import { securityHeaders } from "./security-headers";
import { metricsHandler, type Metrics } from "../metrics/metrics";
import { requestDurations, timeEarlyAnswers } from "./request-durations";
import { createStaticPageCache } from "./static-page-cache";
import { contentShown } from "./content-preview";
import { staticPages } from "./static-pages";

/** The pages: React Router's server build (or, in development, a loader of it) and how its assets are served. */
export interface Pages {
  build: ServerBuild | (() => Promise<ServerBuild>);
  assets: RequestHandler;
}

export interface AppDeps {
  config: Config;
  logger: Logger;
  db: Db;
  leads: LeadService;
  certificates: CertificateService;
  certificateSigning: CertificateSigning;
  certificateMatches: CertificateMatches;
  events: PageEvents;
  funnel: FunnelEvents;
  /** Page views queued for the funnel (written in batches; flushed on shutdown). */
  funnelViews: FunnelBuffer;
  dashboard: FunnelDashboard;
  revocations: RevocationService;
  metrics: Metrics;
  /** The pages and the operator services they use. Absent in API-only tests. */
  pages?: Pages & { admin: AdminAuth; operator: OperatorConsole; leadConsole: LeadConsole; buyers: BuyerStore; checks: CheckStore; suppliers: SupplierStore; buyerAuth: BuyerAuth; buyerPortal: BuyerPortal; buyerTestLead: BuyerTestLead; conversions: Conversions };
  returns: LeadReturns;
  statements: Statements;
  suppression: SuppressionLists;
  alerts: Alerts;
  campaignSpend: CampaignSpend;
  visitorMail: VisitorMail;
  /** Site content (docs/decisions/055): its drafts and versions, and what this instance's pages show. */
  content: LiveContent;
  contentConsole: ContentConsole;
  /** Landing-page experiments (docs/decisions/060): what this instance's pages show, and the operator's console. */
  liveExperiments: LiveExperiments;
  experiments: ExperimentConsole;
  /** Blog posts (docs/decisions/057): what the blog shows now, its pictures and /admin/blog. */
  blog: LiveBlog;
  blogImages: BlogImages;
  blogConsole: BlogConsole;
  claimsConsole: ClaimsConsole;
}

/**
 * The Express app, behind the answers before Express: the lead API's plain post (docs/decisions/033)
 * and, when there are pages to serve, the static pages (docs/decisions/032).
 */
export function createApp(deps: AppDeps): RequestListener {
  const { app, early } = createRequestPaths(deps);
  return early.reduceRight<RequestListener>((rest, answer) => (req, res) => answer(req, res, () => rest(req, res)), app);
}

/**
 * Express and the answers before it, in the order they look at a request, every one taking the same
 * steps (./request-pipeline.ts). Apart for tests/integration/early-lead-intake.test.ts, which holds
 * both paths to the same answers.
 */
export function createRequestPaths({ config, logger, db, leads, certificates, certificateSigning, certificateMatches, events, funnel, funnelViews, dashboard, revocations, metrics, returns, statements, suppression, alerts, campaignSpend, visitorMail, content, contentConsole, liveExperiments, experiments, blog, blogImages, blogConsole, claimsConsole, pages }: AppDeps): { app: express.Express; early: EarlyAnswer[] } {
  const app = express();
  app.disable("x-powered-by");
  // Express would hash every JSON answer for an ETag; pages and assets set their own.
  app.set("etag", false);
  app.set("trust proxy", config.trustProxy);
  const pipeline = createRequestPipeline({
    hsts: config.hsts,
    secureCookies: secureCookies(config),
    views: funnelViews,
    metrics,
    // Express's req.ip, for the requests answered before Express too.
    clientIp: (req) => proxyaddr(req, app.get("trust proxy fn")),
  });

  app.use(requestDurations(pipeline, pages?.build));
  app.use(securityHeaders(pipeline, { development: config.env === "development" }));
  app.use(compression());

  app.get("/healthz", async (_req, res) => {
    const status = await databaseStatus(db);
    res.status(status.ok ? 200 : 503).json({
      status: status.ok ? "ok" : "error",
      database: { engine: config.database.engine, ok: status.ok, ...(status.error ? { error: status.error } : {}) },
    });
  });

  app.get("/metrics", metricsHandler(metrics, config.metrics.token));
  app.get(JWKS_PATH, jwksRoute(certificateSigning));
  app.use("/api/events", funnelEventRoute({ funnel, logger, perMinute: config.eventRateLimitPerMinute }));
  app.use("/api", apiRouter({ leads, siteUrl: config.siteUrl, logger, db, revocations, returns, certificateApi: { certificates, certificateMatches }, buyerApiLimits: config.buyerApiLimits }));

  app.use(legacyRedirects(config.legacyPrefix));

  const early: EarlyAnswer[] = [earlyLeadIntake({ leads, db, logger, pipeline })];
  if (pages) {
    const context = (
      nonce: string | undefined,
      visitor: ServerContext["visitor"],
      shown = content.current(),
      experiment: ServerContext["experiment"] = (claim) => liveExperiments.shown(claim, visitor.visitorKey),
    ): AppLoadContext => ({
      nonce,
      site: shown.site,
      content: shown,
      siteContent: contentConsole,
      blog,
      blogImages,
      blogConsole,
      claimsConsole,
      siteUrl: config.siteUrl,
      legacyPrefix: config.legacyPrefix,
      logger,
      leads,
      certificates,
      events,
      funnel,
      dashboard,
      admin: pages.admin,
      operator: pages.operator,
      leadConsole: pages.leadConsole,
      buyers: pages.buyers,
      checks: pages.checks,
      suppliers: pages.suppliers,
      buyerTestLead: pages.buyerTestLead,
      conversions: pages.conversions,
      revocations,
      buyerAuth: pages.buyerAuth,
      buyerPortal: pages.buyerPortal,
      returns,
      statements,
      suppression,
      alerts,
      experiments,
      experiment,
      campaignSpend,
      visitorMail,
      visitor,
    }) satisfies ServerContext;
    // Pages rendered once for every visitor: only from a built app (development renders every request).
    const built = typeof pages.build === "function" || config.env === "development" ? null : pages.build;
    const renderOnce = built && createFetchHandler(built, "production");
    const served = renderOnce
      ? staticPages({
          cache: createStaticPageCache({
            build: built,
            // No visitor and no nonce: the page is the same for everyone and has no script to admit.
            render: (request, variant) =>
              renderOnce(request, context(undefined, { ip: null, userAgent: null, attribution: null }, undefined, (claim) => liveExperiments.shownAs(claim, variant))),
            origin: config.siteUrl,
            // Each only grows, so their sum changes whenever one does: a publish, an experiment's change, a
            // scheduled post coming due, or a claim defined as data published or paused (its card and colours).
            contentStamp: () => content.stamp() + liveExperiments.stamp() + blog.stamp() + dataClaimsGeneration(),
            variantOf: (pathname, visitorKey) => {
              const claim = claimByLandingPath(pathname);
              return claim ? (liveExperiments.shown(claim.slug, visitorKey)?.tag ?? null) : null;
            },
          }),
          logger,
          pipeline,
        })
      : null;
    if (served) early.push(timeEarlyAnswers(pipeline, built!, served.early));

    app.use(pageRequestGuard());
    app.use(pages.assets);
    // Uploaded pictures are assets too: no page view, no first-touch cookie on a response shared caches keep.
    app.get("/media/blog/:file", blogImageRoute(blogImages));
    app.use(pageViews(pipeline));
    app.use(pagePostGuard(logger, { siteUrl: config.siteUrl }));
    app.get("/admin/leads/export.csv", leadExportRoute({ admin: pages.admin, leadConsole: pages.leadConsole, logger }));
    app.get("/admin/leads/:leadId/page-as-shown", pageAsShownRoute({ admin: pages.admin, db }));
    app.get("/admin/audit/export.csv", auditExportRoute({ admin: pages.admin, logger, timeZone: config.operatorTimeZone }));
    if (served) app.use(served.middleware);
    app.all(
      "/{*path}",
      createRequestHandler({
        build: pages.build,
        mode: config.env === "development" ? "development" : "production",
        getLoadContext: async (req, res) =>
          context(
            String(res.locals.nonce),
            {
              ip: req.ip ?? null,
              userAgent: req.get("user-agent") ?? null,
              attribution: decodeAttribution(readCookie(req.headers.cookie, ATTRIBUTION_COOKIE)),
              visitorKey: pipeline.visitorKey(req),
            },
            await contentShown(req, res, { admin: pages.admin, content }),
          ),
      }),
    );
  }

  app.use(lastResortErrors(logger));
  return { app, early };
}

const secureCookies = (config: Config) => config.isProduction && config.siteUrl.startsWith("https:");

/** Production assets: fingerprinted files cached for a year, the rest (favicon, images) for an hour. */
export function builtAssets(clientDir: string): RequestHandler {
  const router = express.Router();
  router.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  router.use(express.static(clientDir, { maxAge: "1h", index: false }));
  return router;
}

const lastResortErrors =
  (logger: Logger): ErrorRequestHandler =>
  (error: { status?: number }, _req, res, _next) => {
    const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) logger.error({ err: error }, "unhandled error");
    if (res.headersSent) return void res.end();
    res.status(status).type("text/plain").send(status === 500 ? "Internal Server Error" : "Bad Request");
  };
