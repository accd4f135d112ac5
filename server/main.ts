import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ConfigError, loadConfig } from "./config";
import { migrateToLatest, openDatabase } from "./db/database";
import { builtAssets, createApp, type AppDeps } from "./http/app";
import { createAdminAuth } from "./admin/admin-auth";
import { createOperatorConsole } from "./admin/operator-console";
import { createLogger } from "./logger";
import { createServices } from "./services";

type Pages = Pick<NonNullable<AppDeps["pages"]>, "build" | "assets">;

async function loadPages(development: boolean): Promise<Pages> {
  if (development) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    return {
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      assets: vite.middlewares,
    };
  }
  const buildFile = path.resolve("build/server/index.js");
  if (!fs.existsSync(buildFile)) throw new ConfigError("No production build found: run `npm run build` (or `npm start`) first.");
  return { build: (await import(pathToFileURL(buildFile).href)) as ServerBuild, assets: builtAssets() };
}

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const db = openDatabase(config.database);
  await migrateToLatest(db);

  const services = createServices(config, db, logger);
  const admin = await createAdminAuth({ db, settings: services.settings, config, logger });
  const operator = createOperatorConsole({ db, settings: services.settings, config });
  const pages = { ...(await loadPages(config.env === "development")), admin, operator };
  const app = createApp({ config, logger, db, ...services, pages });
  const server = http.createServer(app);
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(config.port, config.host, resolve));

  if (config.delivery.runWorker) services.deliveryWorker.start();
  logger.info({ url: config.siteUrl, database: config.database.engine, deliveryWorker: config.delivery.runWorker }, "server started");
  console.log(`\n  Claim site running at ${config.siteUrl}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    server.close(() =>
      void services.deliveryWorker
        .stop()
        .then(() => db.destroy())
        .finally(() => process.exit(0)),
    );
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
