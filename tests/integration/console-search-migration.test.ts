import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { migrations } from "../../server/db/migrations";
import { testDatabaseUrl } from "../support/test-database";
import { insertLead } from "../support/routing-fixtures";

// Migration 2026-11-27-23 on a database with leads saved before it, on both engines: it fills the
// last-digits key, folds the name keys, puts the UTM keys in the dashboard's form, and makes the
// dashboard recount its rollups in the operator's zone.

const MIGRATION = "2026-11-27-23-console-search";
let db: Db;

beforeAll(async () => {
  const config = loadConfig({ DATABASE_URL: await testDatabaseUrl("console_search_migration", { empty: true }), NODE_ENV: "test" });
  db = await openDatabase(config.database);
  const names = Object.keys(migrations).sort();
  await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(names[names.indexOf(MIGRATION) - 1]!);
  await insertLead(db, "old-lead");
  // As the code before this migration wrote them: 'ł' kept, UTM values as they came.
  await sql`update leads set fn = 'Łukasz', fn_search = 'łukasz', phone_digits = '7185550177', utm_source = ' Google ', utm_campaign = 'Spring' where id = 'old-lead'`.execute(db);
  await sql`insert into rollup_state (name, refreshed_at) values ('dashboard', '2026-11-01T00:00:00.000Z')`.execute(db);
  await migrateToLatest(db);
});
afterAll(() => db?.destroy());

describe("migration 2026-11-27-23", () => {
  it("rewrites the keys of existing leads", async () => {
    const lead = await db.selectFrom("leads").selectAll().where("id", "=", "old-lead").executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ fn_search: "lukasz", phone_digits_reversed: "7710555817", utm_source: "google", utm_campaign: "spring" });
  });

  it("forgets the UTC rollups, so the dashboard recounts in the operator's zone", async () => {
    expect(await db.selectFrom("rollup_state").selectAll().execute()).toEqual([]);
  });
});
