import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { createServices } from "../../server/services";
import { startApiApp } from "../support/api-app";
import { mvaAnswers } from "#claims/mva/examples";
import { testDatabaseUrl } from "../support/test-database";

const LIMIT = 4;
const apps: Awaited<ReturnType<typeof startApiApp>>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** Fires LIMIT + 5 submissions from one IP at once, alternating over `instances`; returns the statuses. */
async function burst(instances: typeof apps) {
  const responses = await Promise.all(
    Array.from({ length: LIMIT + 5 }, (_, i) => instances[i % instances.length]!.post("/api/leads/mva", mvaAnswers({ em: `burst-${i}@example.com` }))),
  );
  return responses.map((r) => r.status);
}

async function leadsFromOneIp(app: (typeof apps)[number]) {
  const rows = await app.db.selectFrom("leads").select(["user_ip"]).execute();
  expect(new Set(rows.map((r) => r.user_ip))).toEqual(new Set(["127.0.0.1"]));
  return rows.length;
}

// The check and the insert are one transaction, serialised per IP, so a burst cannot overshoot.
describe("the lead rate limit under concurrency", () => {
  it(`accepts exactly ${LIMIT} of ${LIMIT + 5} simultaneous submissions from one IP`, async () => {
    const config = loadConfig({ DATABASE_URL: await testDatabaseUrl("claims-rate"), NODE_ENV: "test", LEAD_RATE_LIMIT_PER_HOUR: String(LIMIT) });
    const db = await openDatabase(config.database);
    try {
      await migrateToLatest(db);
      const { leads } = createServices(config, db, createLogger("silent"));
      const context = { ip: "198.51.100.23", userAgent: "RateTest/1.0", pageUrl: null, attribution: null };
      // Called directly, every submission reaches the check before any has inserted (without the lock).
      const results = await Promise.all(
        Array.from({ length: LIMIT + 5 }, (_, i) => leads.submit("mva", mvaAnswers({ em: `burst-${i}@example.com` }), context)),
      );
      expect(results.filter((r) => r.status === "created")).toHaveLength(LIMIT);
      expect(results.filter((r) => r.status === "rate-limited")).toHaveLength(5);
      const { count } = await db.selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
      expect(Number(count)).toBe(LIMIT);
    } finally {
      await db.destroy();
    }
  });

  // Two instances with their own connection pools on one database, as two web processes would be.
  // SQLite is one instance by design (better-sqlite3 would block this one thread while the other
  // connection holds the write lock); its serialisation is BEGIN IMMEDIATE, checked by the test above.
  it.runIf(process.env.TEST_DATABASE_URL)(`holds across two instances on one PostgreSQL database`, async () => {
    const env = { LEAD_RATE_LIMIT_PER_HOUR: String(LIMIT), DATABASE_URL: await testDatabaseUrl("claims-rate") };
    apps.push(await startApiApp(env));
    apps.push(await startApiApp(env));
    const statuses = await burst(apps);
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(await leadsFromOneIp(apps[0]!)).toBe(LIMIT);
  });
});
