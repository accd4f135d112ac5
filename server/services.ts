import { sessionSecret } from "./admin/session-secret";
import { createBuyerStore, createBuyerTestLead, createDeliveryWorker, createCheckStore } from "./distribution";
import { createBuyerPortal } from "./buyer-portal/buyer-portal";
import { createLeadReturns } from "./returns/lead-returns";
import { createStatements, STATEMENT_CHECK_INTERVAL_MS } from "./statements/statements";
import { createCertificateRetention, PURGE_INTERVAL_MS } from "./certificates/certificate-retention";
import { createCertificateMatches } from "./certificates/certificate-match";
import { createCertificateService } from "./certificates/certificate-service";
import { createCertificateSigning } from "./certificates/certificate-signing";
import type { Config } from "./config";
import type { Db } from "./db/database";
import { createPageEvents } from "./events/page-events";
import { createDashboardRollups, ROLLUP_REFRESH_MS } from "./analytics/dashboard-rollups";
import { createFunnelDashboard } from "./analytics/funnel-dashboard";
import { createFunnelBuffer } from "./analytics/funnel-buffer";
import { createFunnelEvents } from "./analytics/funnel-events";
import { createLeadConsole } from "./lead-console/lead-console";
import { createLeadService } from "./leads/submit-lead";
import type { Logger } from "./logger";
import { createPeriodicTask } from "./periodic-task";
import { createRevocationService } from "./revocations/revocation-service";
import { createSecretBox } from "./secrets/secret-box";
import { backupCheckIntervalMs, createBackups } from "./backups/backups";
import { countSubmissions } from "./metrics/counted-services";
import { createMetrics } from "./metrics/metrics";
import { createSettings } from "./settings/settings";
import { createSuppressionLists } from "./suppression/suppression-lists";
import { createContentStore } from "./content/content-store";
import { createLiveContent } from "./content/live-content";
import { createContentConsole } from "./content/content-console";
import { createDataClaimStore } from "./data-claims/data-claim-store";
import { createClaimsConsole } from "./data-claims/claims-console";
import { createLiveDataClaims, DATA_CLAIM_POLL_MS } from "./data-claims/live-data-claims";
import { createBlogStore } from "./content/blog/blog-store";
import { createBlogImages } from "./content/blog/blog-images";
import { createLiveBlog } from "./content/blog/live-blog";
import { createBlogConsole } from "./content/blog/blog-console";
import { createSupplierStore } from "./suppliers/supplier-store";
import { ALERT_CHECK_INTERVAL_MS, createAlerts } from "./alerts/alerts";
import { createExperimentStore } from "./experiments/experiment-store";
import { createLiveExperiments } from "./experiments/live-experiments";
import { createExperimentConsole } from "./experiments/experiment-console";
import { createVisitorMail } from "./alerts/visitor-confirmation";
import { createCampaignSpend } from "./campaigns/campaign-spend";
import { CONVERSION_CHECK_INTERVAL_MS, createConversions } from "./conversions/conversions";
import { allClaims } from "#claims/registry";

/** How often the worker promotes the winners of experiments whose operator set a threshold (docs/decisions/060). */
const AUTO_PROMOTE_INTERVAL_MS = 5 * 60_000;

/** The application's services, wired once per process. */
export function createServices(config: Config, db: Db, logger: Logger, { now = () => new Date() }: { now?: () => Date } = {}) {
  const settings = createSettings(db);
  const secretBox = config.secretsKey ? createSecretBox(config.secretsKey) : null;
  const metrics = createMetrics({ db });
  const deliveryWorker = createDeliveryWorker({ db, secretBox, config, settings, logger, onAttempt: metrics.deliveryAttempted });
  const backups = config.database.engine === "sqlite" ? createBackups({ db, databaseFile: config.database.file, logger }) : null;
  if (config.backup && !backups) logger.warn("BACKUP_DIR is ignored on PostgreSQL: schedule pg_dump instead (README, Backups)");
  const certificateRetention = createCertificateRetention({ db, retentionYears: config.certificateRetentionYears, logger });
  const dashboardRollups = createDashboardRollups(db, undefined, config.operatorTimeZone);
  const experimentStore = createExperimentStore({ db });
  // Started by the web process (server/web.ts), as the site content is.
  const liveExperiments = createLiveExperiments({ store: experimentStore, logger });
  const funnel = createFunnelEvents(db, {
    site: new URL(config.siteUrl).host,
    newVisitorsPerAddressPerDay: config.funnelNewVisitorsPerAddressPerDay,
    timeZone: config.operatorTimeZone,
    experimentTag: liveExperiments.tagOf,
  });
  const certificateSigning = createCertificateSigning({ db, settings, configuredKey: config.certificateSigningKey, siteUrl: config.siteUrl });
  const statements = createStatements({ db });
  const contentStore = createContentStore({ db });
  const alerts = createAlerts({ db, settings: config.alerts, logger });
  const conversions = createConversions({
    db,
    secretBox,
    endpoints: config.conversions,
    siteUrl: config.siteUrl,
    caseTypes: () => allClaims().map((claim) => claim.caseType),
    timeoutMs: config.delivery.timeoutMs,
    retryScheduleMs: config.delivery.retryScheduleMs,
    logger,
  });
  // Started by the web process (server/web.ts): the worker renders no pages.
  const content = createLiveContent({ store: contentStore, site: config.site, logger });
  const visitorMail = createVisitorMail({ db, siteUrl: config.siteUrl, site: () => content.current().site, sending: alerts.sending });
  // Claims defined as data (docs/decisions/059): the web process starts the poll; the worker polls as a periodic task.
  const dataClaimStore = createDataClaimStore({ db });
  const dataClaims = createLiveDataClaims({ store: dataClaimStore, logger });
  // Blog posts are site content too (docs/decisions/057); `now` decides when a scheduled post appears.
  const blogStore = createBlogStore({ db, now });
  const blogImages = createBlogImages({ db, now });
  const blog = createLiveBlog({ store: blogStore, contentStamp: content.stamp, logger, now });
  return {
    settings,
    metrics,
    // Every submission, from the forms and the API, is counted by what the service answered.
    leads: countSubmissions(createLeadService({
      db,
      logger,
      siteUrl: config.siteUrl,
      // The published brand and consent text (docs/decisions/055): what the visitor's form showed.
      site: () => content.current().site,
      // A form opened before the latest publish records the version it showed.
      consentTemplate: contentStore.consentTemplate,
      leadRateLimitPerHour: config.leadRateLimitPerHour,
      minFormFillMs: config.minFormFillMs,
      sessionSecret: () => sessionSecret(config, settings),
      duplicateWindowDays: config.duplicateWindowDays,
    }), metrics),
    certificates: createCertificateService(db, { signing: certificateSigning }),
    certificateSigning,
    certificateMatches: createCertificateMatches(db, undefined, config.buyerApiLimits),
    events: createPageEvents(db),
    funnel,
    funnelViews: createFunnelBuffer({ funnel, logger }),
    dashboard: createFunnelDashboard(db, dashboardRollups),
    deliveryWorker,
    /** What the worker does on timers beside deliveries; started and stopped with it. */
    periodicTasks: [
      createPeriodicTask({ name: "claims defined as data", intervalMs: DATA_CLAIM_POLL_MS, run: dataClaims.refresh, logger }),
      createPeriodicTask({ name: "certificate retention purge", intervalMs: PURGE_INTERVAL_MS, run: certificateRetention.purgeExpired, logger }),
      // Kept current in the background, so a dashboard read seldom recounts (and never the whole period on a big database).
      // Each buyer's statement of a month that ended, issued by the worker (docs/decisions/041).
      createPeriodicTask({ name: "monthly statements", intervalMs: STATEMENT_CHECK_INTERVAL_MS, run: statements.issueDue, logger }),
      createPeriodicTask({ name: "dashboard rollups", intervalMs: ROLLUP_REFRESH_MS, run: () => dashboardRollups.refresh({ maxAgeMs: ROLLUP_REFRESH_MS / 2 }), logger }),
      createPeriodicTask({ name: "experiment auto-promotion", intervalMs: AUTO_PROMOTE_INTERVAL_MS, run: experimentStore.autoPromote, logger }),
      // Alerts by e-mail (docs/decisions/056): incidents found from the database, mails sent from their own queue.
      createPeriodicTask({ name: "alerts", intervalMs: ALERT_CHECK_INTERVAL_MS, run: async () => (await alerts.check(), await alerts.queueDailySummary(), await visitorMail.queueDue(), await alerts.sendDue()), logger }),
      // Conversions sent back to ad platforms (docs/decisions/061): found from the leads and the ledger, sent from their own queue.
      createPeriodicTask({ name: "ad conversions", intervalMs: CONVERSION_CHECK_INTERVAL_MS, run: conversions.run, logger }),
      ...(backups && config.backup
        ? [createPeriodicTask({ name: "scheduled backup", intervalMs: backupCheckIntervalMs(config.backup), run: () => backups.takeScheduled(config.backup!), logger })]
        : []),
    ],
    buyers: createBuyerStore(db, secretBox, { partners: config.partners }),
    checks: createCheckStore(db, secretBox),
    suppliers: createSupplierStore(db),
    buyerPortal: createBuyerPortal({ db, siteUrl: config.siteUrl }),
    returns: createLeadReturns({ db, timeZone: config.operatorTimeZone }),
    statements,
    alerts,
    /** Visitors' confirmation e-mails per claim (docs/decisions/062), queued and sent with the alerts. */
    visitorMail,
    /** Campaign spend (docs/decisions/062), at /admin/spend; the dashboard shows the margin. */
    campaignSpend: createCampaignSpend({ db, timeZone: config.operatorTimeZone }),
    conversions,
    buyerTestLead: createBuyerTestLead({ db, secretBox, settings, config }),
    suppression: createSuppressionLists({ db, maxUploadBytes: config.suppressionUploadMaxBytes }),
    revocations: createRevocationService({ db, logger, optOutsPerHour: config.optOutRateLimitPerHour, timeZone: config.operatorTimeZone }),
    /** Site content (docs/decisions/055): drafts and versions, and what this instance's pages show. */
    contentStore,
    content,
    contentConsole: createContentConsole({ store: contentStore, live: content }),
    /** Landing-page experiments (docs/decisions/060): what this instance's pages show, and /admin/experiments. */
    liveExperiments,
    experiments: createExperimentConsole({ store: experimentStore, live: liveExperiments }),
    dataClaimStore,
    dataClaims,
    /** /admin/claims (docs/decisions/063): new claims, their drafts, publish, pause and rollback. */
    claimsConsole: createClaimsConsole({ store: dataClaimStore, live: dataClaims }),
    blogStore,
    blogImages,
    blog,
    blogConsole: createBlogConsole({ store: blogStore, images: blogImages, content, blog, timeZone: config.operatorTimeZone, now }),
    leadConsole: createLeadConsole({
      db,
      database: config.database,
      worker: deliveryWorker,
      siteUrl: config.siteUrl,
      timeZone: config.operatorTimeZone,
      exportReaders: config.leadExportReaders,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
