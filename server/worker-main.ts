// `npm run worker`: the delivery worker alone (then run web instances with RUN_WORKER=false). The build
// bundles it into build/server/worker.js next to the web server (vite.config.ts).
import { syncSystemBuyers } from "./distribution";
import { loadConfig } from "./config";
import { migrateToLatest, openDatabase } from "./db/database";
import { createLogger } from "./logger";
import { exitAfterDrain, runProcess } from "./process";
import { metricsHandler } from "./metrics/metrics";
import { serveMetrics } from "./metrics/metrics-server";
import { createServices } from "./services";

runProcess(async () => {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const db = await openDatabase(config.database);
  await migrateToLatest(db);
  await syncSystemBuyers(db, config);
  const { deliveryWorker, periodicTasks, metrics } = createServices(config, db, logger);
  // Its attempt counters live in this process, so it answers its own scrapes (docs/decisions/035).
  const metricsServer = config.metrics.workerPort ? await serveMetrics(metricsHandler(metrics, config.metrics.token), config.host, config.metrics.workerPort) : null;
  deliveryWorker.start();
  for (const task of periodicTasks) task.start();
  logger.info({ database: config.database.engine }, "delivery worker started");
  console.log(`\n  Delivery worker running on ${config.database.engine}${metricsServer ? `, metrics at http://${config.host}:${config.metrics.workerPort}/metrics` : ""}\n`);

  exitAfterDrain(logger, config.shutdownDeadlineMs, async () => {
    metricsServer?.close();
    await Promise.all([deliveryWorker.stop(), ...periodicTasks.map((task) => task.stop())]);
    await db.destroy();
  });
});
