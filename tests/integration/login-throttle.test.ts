import { afterEach, expect, it } from "vitest";
import { MAX_FAILURES_PER_WINDOW, createAdminAuth } from "../../server/admin/admin-auth";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { createSettings } from "../../server/settings/settings";
import { testDatabaseUrl } from "../support/test-database";

// Issue 9 item 15: the attempt is reserved before the password is checked, so guesses sent in
// parallel cannot all pass the 'fewer than five failures' check before any failure is recorded.
// The first owner is ADMIN_EMAIL, else SITE_EMAIL (its default here).
const EMAIL = "help@example.com";
let db: Db;
afterEach(async () => {
  await db?.destroy();
});

async function auth() {
  const config = loadConfig({ DATABASE_URL: await testDatabaseUrl("claims-throttle"), NODE_ENV: "test", ADMIN_PASSWORD: "a very good password" });
  db = await openDatabase(config.database);
  await migrateToLatest(db);
  return createAdminAuth({ db, settings: createSettings(db), config, logger: createLogger("silent") });
}

it("checks at most five of 40 parallel wrong passwords; the rest are throttled", async () => {
  const admin = await auth();
  const results = await Promise.all(Array.from({ length: 40 }, () => admin.login(EMAIL, "wrong guess", "203.0.113.7")));
  // 'wrong-password' is only answered after the password was checked.
  const checked = results.filter((r) => !r.ok && r.reason === "wrong-password").length;
  expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_WINDOW);
  expect(checked).toBeGreaterThan(0);
  expect(results.filter((r) => !r.ok && r.reason === "throttled")).toHaveLength(40 - checked);
  // Even the right password is refused now, from that IP.
  expect(await admin.login(EMAIL, "a very good password", "203.0.113.7")).toMatchObject({ ok: false, reason: "throttled" });
}, 30_000);

it("a correct password does not use up one of the five guesses", async () => {
  const admin = await auth();
  for (let i = 0; i < 10; i++) expect((await admin.login(EMAIL, "a very good password", "203.0.113.8")).ok).toBe(true);
  for (let i = 0; i < MAX_FAILURES_PER_WINDOW; i++) {
    expect(await admin.login(EMAIL, "wrong", "203.0.113.8")).toMatchObject({ ok: false, reason: "wrong-password" });
  }
  expect(await admin.login(EMAIL, "wrong", "203.0.113.8")).toMatchObject({ ok: false, reason: "throttled" });
}, 30_000);
