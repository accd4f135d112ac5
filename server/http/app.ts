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
import type { BuyerStore } from "../buyers/buyer-store";
import type { CheckStore } from "../checks/check-store";
import type { BuyerAuth } from "../buyer-portal/buyer-auth";
import type { BuyerPortal } from "../buyer-portal/buyer-portal";
import type { LeadReturns } from "../returns/lead-returns";
import type { SuppressionLists } from "../suppression/suppression-lists";
import type { ContentConsole } from "../content/content-console";
import type { LiveContent } from "../content/live-content";
import type { Statements } from "../statements/statements";
import type { Alerts } from "../alerts/alerts";
import type { BuyerTestLead } from "../buyers/buyer-test-lead";
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
import { jwksRoute } from "./certificate-routes";
import { captureFirstTouch } from "./attribution-cookie";
import { leadExportRoute } from "./lead-export-route";
import { legacyRedirects } from "./legacy-redirects";
import { funnelEventRoute } from "./funnel-event-route";
import { countFunnelPages } from "./funnel-page-views";
import { pageAsShownRoute } from "./page-as-shown-route";
import { pagePostGuard, pageRequestGuard } from "./request-guards";
import { securityHeaders } from "./security-headers";
import { metricsHandler, type Metrics } from "../metrics/metrics";
import { requestDurations, timeEarlyAnswers } from "../metrics/request-routes";
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
  pages?: Pages & { admin: AdminAuth; operator: OperatorConsole; leadConsole: LeadConsole; buyers: BuyerStore; checks: CheckStore; buyerAuth: BuyerAuth; buyerPortal: BuyerPortal; buyerTestLead: BuyerTestLead };
  returns: LeadReturns;
  statements: Statements;
  suppression: SuppressionLists;
  alerts: Alerts;
  /** Site content (docs/decisions/055): its drafts and versions, and what this instance's pages show. */
  content: LiveContent;
  contentConsole: ContentConsole;
}

/**
 * The Express app, behind the early answer of the static pages when there are pages to serve
 * (docs/decisions/032).
 */
export function createApp({ config, logger, db, leads, certificates, certificateSigning, certificateMatches, events, funnel, funnelViews, dashboard, revocations, metrics, returns, statements, suppression, alerts, content, contentConsole, pages }: AppDeps): RequestListener {
  const app = express();
  app.disable("x-powered-by");
  // Express would hash every JSON answer for an ETag; pages and assets set their own.
  app.set("etag", false);
  app.set("trust proxy", config.trustProxy);

  app.use(requestDurations(metrics, pages?.build));
  app.use(securityHeaders({ hsts: config.hsts, development: config.env === "development" }));
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

  let early: ReturnType<typeof staticPages>["early"] | null = null;
  if (pages) {
    const context = (nonce: string | undefined, visitor: ServerContext["visitor"], shown = content.current()): AppLoadContext => ({
      nonce,
      site: shown.site,
      content: shown,
      siteContent: contentConsole,
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
      buyerTestLead: pages.buyerTestLead,
      revocations,
      buyerAuth: pages.buyerAuth,
      buyerPortal: pages.buyerPortal,
      returns,
      statements,
      suppression,
      alerts,
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
            render: (request) => renderOnce(request, context(undefined, { ip: null, userAgent: null, attribution: null })),
            origin: config.siteUrl,
            contentStamp: content.stamp,
          }),
          views: funnelViews,
          logger,
          hsts: config.hsts,
          secureCookies: secureCookies(config),
          clientIp: (req) => proxyaddr(req, app.get("trust proxy fn")),
        })
      : null;
    early = served ? timeEarlyAnswers(metrics, built!, served.early) : null;

    app.use(pageRequestGuard());
    app.use(pages.assets);
    app.use(captureFirstTouch({ secure: secureCookies(config) }));
    app.use(pagePostGuard(logger, { siteUrl: config.siteUrl }));
    app.use(countFunnelPages(funnelViews));
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
            },
            await contentShown(req, res, { admin: pages.admin, content }),
          ),
      }),
    );
  }

  app.use(lastResortErrors(logger));
  const intake = earlyLeadIntake({ leads, db, logger, metrics, hsts: config.hsts, clientIp: (req) => proxyaddr(req, app.get("trust proxy fn")) });
  const rest: RequestListener = early ? (req, res) => early(req, res, () => app(req, res)) : app;
  return (req, res) => intake(req, res, () => rest(req, res));
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
