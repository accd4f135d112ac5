import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { migrations } from "../../server/db/migrations";
import { insertLead } from "../support/routing-fixtures";
import { testDatabaseUrl } from "../support/test-database";

// Migration 2026-11-27-33 on a ledger written before it, on both engines: each entry gets its lead's
// source (issue 26), the ledger stays append-only afterwards, and down() gives the ledger back as it was.

const MIGRATION = "2026-11-27-33-ledger-lead-source";
const names = Object.keys(migrations).sort();
const before = names[names.indexOf(MIGRATION) - 1]!;
let db: Db;
const migrator = () => new Migrator({ db, provider: { getMigrations: async () => migrations } });

const entry = (id: string, leadId: string, kind: "sale" | "credit", cents: number, saleId: string | null = null) =>
  sql`insert into ledger_entries (id, created_at, kind, lead_id, buyer_id, case_type, lead_state, amount_cents, price_source, delivery_id, sale_id, return_id, actor, note)
      values (${id}, '2026-11-20T15:00:00.000Z', ${kind}, ${leadId}, 'buyer-a', 'MVA', 'TX', ${cents}, 'fixed', ${kind === "sale" ? `delivery-${id}` : null}, ${saleId}, null, 'system', null)`.execute(db);

beforeAll(async () => {
  const config = loadConfig({ DATABASE_URL: await testDatabaseUrl("ledger_lead_source_migration", { empty: true }), NODE_ENV: "test" });
  db = await openDatabase(config.database);
  await migrator().migrateTo(before);
  await sql`insert into suppliers (id, name, claim_slugs, daily_cap, payout_cents, status, created_at) values ('acme', 'Acme', '["mva"]', null, 725, 'active', '2026-11-01T00:00:00.000Z')`.execute(db);
  await insertLead(db, "supplied");
  await insertLead(db, "own");
  await insertLead(db, "old-api");
  await sql`update leads set supplier_id = 'acme', source = 'api' where id = 'supplied'`.execute(db);
  await sql`update leads set source = 'api' where id = 'old-api'`.execute(db);
  await entry("sale-supplied", "supplied", "sale", 4500);
  await entry("credit-supplied", "supplied", "credit", -500, "sale-supplied");
  await entry("sale-own", "own", "sale", 3000);
  await entry("sale-old-api", "old-api", "sale", 2000);
  await entry("sale-of-no-lead", "gone", "sale", 1000);
  await migrateToLatest(db);
}, 60_000);
afterAll(() => db?.destroy());

const sources = () => db.selectFrom("ledger_entries").select(["id", "lead_source"]).orderBy("id").execute();

describe("migration 2026-11-27-33", () => {
  it("gives every entry written before it its lead's source, as the dashboard keys it", async () => {
    expect(await sources()).toEqual([
      { id: "credit-supplied", lead_source: "acme" },
      { id: "sale-of-no-lead", lead_source: "" },
      { id: "sale-old-api", lead_source: "api" },
      { id: "sale-own", lead_source: "" },
      { id: "sale-supplied", lead_source: "acme" },
    ]);
  });

  it("leaves the ledger append-only", async () => {
    await expect(sql`update ledger_entries set lead_source = 'other' where id = 'sale-own'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from ledger_entries where id = 'sale-own'`.execute(db)).rejects.toThrow(/append-only/);
  });

  it("goes down to the ledger as it was, still append-only, and up again", async () => {
    await migrator().migrateTo(before);
    await expect(sql`select lead_source from ledger_entries`.execute(db)).rejects.toThrow();
    await expect(sql`update ledger_entries set amount_cents = 0 where id = 'sale-own'`.execute(db)).rejects.toThrow(/append-only/);
    await entry("credit-between", "supplied", "credit", -100, "sale-supplied");
    await migrateToLatest(db);
    expect((await sources()).find((row) => row.id === "credit-between")).toEqual({ id: "credit-between", lead_source: "acme" });
  });
});
