// `npm run worker`: the delivery worker alone (run web instances with RUN_WORKER=false).
import { ConfigError, loadConfig } from "./config";
import { migrateToLatest, openDatabase } from "./db/database";
import { createLogger } from "./logger";
import { createServices } from "./services";

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const { deliveryWorker } = createServices(config, db, logger);
  deliveryWorker.start();
  logger.info({ database: config.database.engine }, "delivery worker started");

  const stop = async (signal: string) => {
    logger.info({ signal }, "delivery worker stopping");
    await deliveryWorker.stop();
    await db.destroy();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
