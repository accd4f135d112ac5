import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { migrations } from "../../server/db/migrations";
import { insertLead } from "../support/routing-fixtures";
import { testDatabaseUrl } from "../support/test-database";

// Migration 2026-11-27-29 on a database with a supplier's lead saved before it, on both engines: the
// lead gets its supplier's payout, the dashboard recounts its rollups per source, and down() gives
// back lead_daily and leads as they were.

const MIGRATION = "2026-11-27-29-supplier-payouts";
const names = Object.keys(migrations).sort();
const before = names[names.indexOf(MIGRATION) - 1]!;
let db: Db;
const migrator = () => new Migrator({ db, provider: { getMigrations: async () => migrations } });

beforeAll(async () => {
  const config = loadConfig({ DATABASE_URL: await testDatabaseUrl("supplier_payouts_migration", { empty: true }), NODE_ENV: "test" });
  db = await openDatabase(config.database);
  await migrator().migrateTo(before);
  await sql`insert into suppliers (id, name, claim_slugs, daily_cap, payout_cents, status, created_at) values ('acme', 'Acme', '["mva"]', null, 725, 'active', '2026-11-01T00:00:00.000Z')`.execute(db);
  await insertLead(db, "supplied");
  await insertLead(db, "own");
  await sql`update leads set supplier_id = 'acme', source = 'api' where id = 'supplied'`.execute(db);
  await sql`insert into lead_daily (day, case_type, leads, spam) values ('2026-11-01', 'MVA', 2, 0)`.execute(db);
  await sql`insert into rollup_state (name, refreshed_at) values ('dashboard:UTC', '2026-11-01T00:00:00.000Z')`.execute(db);
  await migrateToLatest(db);
});
afterAll(() => db?.destroy());

describe("migration 2026-11-27-29", () => {
  it("gives a supplier's earlier leads its payout, and none to our own forms' leads", async () => {
    const rows = await db.selectFrom("leads").select(["id", "supplier_payout_cents"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "own", supplier_payout_cents: null },
      { id: "supplied", supplier_payout_cents: 725 },
    ]);
  });

  it("empties the lead rollups and forgets their refresh, so the dashboard recounts them per source", async () => {
    expect(await db.selectFrom("lead_daily").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("rollup_state").selectAll().execute()).toEqual([]);
  });

  it("goes down to the tables as they were, and up again", async () => {
    await migrator().migrateTo(before);
    await sql`insert into lead_daily (day, case_type, leads, spam) values ('2026-11-02', 'MVA', 1, 0)`.execute(db);
    await expect(sql`select supplier_payout_cents from leads`.execute(db)).rejects.toThrow();
    await expect(sql`select supplier_id from lead_daily`.execute(db)).rejects.toThrow();
    await migrateToLatest(db);
    expect((await db.selectFrom("leads").select("supplier_payout_cents").where("id", "=", "supplied").executeTakeFirstOrThrow()).supplier_payout_cents).toBe(725);
  });
});
