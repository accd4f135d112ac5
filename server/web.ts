import http from "node:http";
import { createAdminAuth } from "./admin/admin-auth";
import { createBuyerAuth } from "./buyer-portal/buyer-auth";
import { syncSystemBuyers } from "./distribution";
import { createOperatorConsole } from "./admin/operator-console";
import type { Config } from "./config";
import { migrateToLatest, openDatabase } from "./db/database";
import { createApp, type Pages } from "./http/app";
import { createLogger } from "./logger";
import { exitAfterDrain } from "./process";
import { countLoginFailures } from "./metrics/counted-services";
import { createServices } from "./services";

/** The web process: migrations, the Express app, the in-process delivery worker, and a draining shutdown. */
export async function runWeb(config: Config, pages: Pages): Promise<void> {
  const logger = createLogger(config.logLevel);
  const db = await openDatabase(config.database);
  await migrateToLatest(db);
  await syncSystemBuyers(db, config);

  const services = createServices(config, db, logger);
  // Reads (or generates) the certificate key now, so a bad one stops start-up and the JWKS lists it from the first request.
  await services.certificateSigning.info();
  // The published site content, loaded before the first page and kept current from the database (docs/decisions/055).
  await services.content.refresh();
  services.content.start();
  // The landing-page experiments the pages show (docs/decisions/060), polled the same way.
  await services.liveExperiments.refresh();
  services.liveExperiments.start();
  await services.dataClaims.refresh();
  services.dataClaims.start();
  await services.blog.refresh();
  services.blog.start();
  const admin = countLoginFailures(await createAdminAuth({ db, settings: services.settings, config, logger }), services.metrics);
  const operator = createOperatorConsole({ db, settings: services.settings, config });
  const buyerAuth = await createBuyerAuth({ db, settings: services.settings, config, logger });
  const app = createApp({
    config,
    logger,
    db,
    ...services,
    pages: { ...pages, admin, operator, leadConsole: services.leadConsole, buyers: services.buyers, checks: services.checks, suppliers: services.suppliers, buyerAuth, buyerPortal: services.buyerPortal, buyerTestLead: services.buyerTestLead, conversions: services.conversions },
  });
  const server = http.createServer(app);
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(config.port, config.host, resolve));

  if (config.delivery.runWorker) {
    services.deliveryWorker.start();
    for (const task of services.periodicTasks) task.start();
  }
  logger.info({ url: config.siteUrl, database: config.database.engine, deliveryWorker: config.delivery.runWorker }, "server started");
  console.log(`\n  Claim site running at ${config.siteUrl}\n`);

  exitAfterDrain(logger, config.shutdownDeadlineMs, async () => {
    // close() refuses new connections at once and calls back when the open ones have ended.
    const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    // A keep-alive connection goes as soon as its request has been answered, not after its idle timeout.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    try {
      await Promise.all([closed, services.deliveryWorker.stop(), services.content.stop(), services.liveExperiments.stop(), services.dataClaims.stop(), services.blog.stop(), ...services.periodicTasks.map((task) => task.stop())]);
    } finally {
      clearInterval(sweep);
    }
    // Every request has been answered: the page views still queued are written before the database closes.
    await services.funnelViews.flush();
    await db.destroy();
  });
}
