import http from "node:http";
import type { AddressInfo } from "node:net";
import { syncSystemBuyers } from "../../server/distribution/buyers/system-buyers";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase } from "../../server/db/database";
import { createApp, createRequestPaths } from "../../server/http/app";
import { createLogger } from "../../server/logger";
import { createServices } from "../../server/services";
import { createTestSupplier } from "../../tools/suppliers";
import { testDatabaseUrl } from "./test-database";

/**
 * The real Express app (API and health check, no pages) on a fresh test database (or `env.DATABASE_URL`)
 * and a free port: behind the lead API's answer before Express as in production, or with `expressOnly`,
 * Express alone.
 */
export async function startApiApp(env: Record<string, string> = {}, { expressOnly = false } = {}) {
  const config = loadConfig({ DATABASE_URL: env.DATABASE_URL ?? (await testDatabaseUrl("claims-api")), LOG_LEVEL: "silent", NODE_ENV: "test", ...env });
  const logger = createLogger(config.logLevel);
  const db = await openDatabase(config.database);
  await migrateToLatest(db);
  await syncSystemBuyers(db, config);
  // Every lead API caller but our forms is a supplier: post() sends this one's key unless told otherwise.
  const supplier = await createTestSupplier(db, { name: "API test supplier" });
  const deps = { config, logger, db, ...createServices(config, db, logger) };
  const server = http.createServer(expressOnly ? createRequestPaths(deps).app : createApp(deps));
  // Longer than any pause between a test's requests on a busy machine: a socket the server closes as
  // idle while fetch reuses it is an ECONNRESET, not an answer of the app.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    db,
    config,
    supplier,
    post(pathname: string, body: unknown, headers: Record<string, string> = {}) {
      return fetch(url + pathname, {
        method: "POST",
        headers: { "content-type": "application/json", ...(pathname.startsWith("/api/leads/") ? supplier.headers : {}), ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
    },
  };
}
