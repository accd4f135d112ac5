import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDashboardRollups } from "../../server/analytics/dashboard-rollups";
import { createFunnelDashboard } from "../../server/analytics/funnel-dashboard";
import { isPostgres, migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { ledgerEntriesOfLead, ledgerTotals, liveSalesOf, moneyOfLeads, recordCancellation, recordCredit, recordSale, saleCountOf } from "../../server/ledger";
import { FIRST_PARTY_SOURCE } from "../../server/suppliers/lead-source";
import { databaseTargetOf } from "../support/routing-fixtures";
import { testDatabaseUrl } from "../support/test-database";

// Issue 24, item 2: the sales ledger is append-only, and the database itself refuses to change it on
// both engines (UPDATE, DELETE, TRUNCATE on PostgreSQL, INSERT OR REPLACE on SQLite).

let db: Db;
beforeAll(async () => {
  db = await openDatabase(databaseTargetOf(await testDatabaseUrl("sales-ledger")));
  await migrateToLatest(db);
}, 60_000);
afterAll(async () => db?.destroy());

const at = new Date("2026-11-20T15:00:00Z");
const sale = (leadId: string, buyerId: string, amountCents: number, deliveryId = `${leadId}-${buyerId}`, when = at) =>
  recordSale(db, { leadId, buyerId, deliveryId, caseType: "MVA", leadState: "TX", leadSource: FIRST_PARTY_SOURCE, amountCents, priceSource: "fixed", at: when });

describe("the ledger cannot be rewritten", () => {
  it("refuses UPDATE, DELETE, TRUNCATE and a REPLACE over an existing row", async () => {
    const saleId = await sale("lead-1", "buyer-a", 4500);
    await recordCredit(db, { saleId, amountCents: 500, actor: "operator:op-1", note: "goodwill", at });
    const before = await db.selectFrom("ledger_entries").selectAll().orderBy("id").execute();
    expect(before).toHaveLength(2);

    await expect(db.updateTable("ledger_entries").set({ amount_cents: 3850 }).execute()).rejects.toThrow(/append-only/);
    await expect(sql`update ledger_entries set amount_cents = 0 where id = ${saleId}`.execute(db)).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom("ledger_entries").execute()).rejects.toThrow(/append-only/);
    await expect(sql`delete from ledger_entries where id = ${saleId}`.execute(db)).rejects.toThrow(/append-only/);
    const row = before.find((entry) => entry.id === saleId)!;
    if (isPostgres(db)) {
      await expect(sql`truncate ledger_entries`.execute(db)).rejects.toThrow(/append-only/);
      await expect(
        sql`insert into ledger_entries select * from ledger_entries where id = ${saleId} on conflict (id) do update set amount_cents = 1`.execute(db),
      ).rejects.toThrow(/append-only/);
    } else {
      await expect(
        sql`insert or replace into ledger_entries (id, created_at, kind, lead_id, buyer_id, case_type, lead_state, amount_cents, price_source, delivery_id, sale_id, return_id, actor, note)
            values (${row.id}, ${row.created_at}, 'sale', ${row.lead_id}, ${row.buyer_id}, 'MVA', 'TX', 1, 'fixed', ${row.delivery_id}, null, null, 'system', null)`.execute(db),
      ).rejects.toThrow(/append-only/);
      await expect(sql`replace into ledger_entries select * from ledger_entries where id = ${saleId}`.execute(db)).rejects.toThrow(/append-only/);
    }
    expect(await db.selectFrom("ledger_entries").selectAll().orderBy("id").execute()).toEqual(before);
  });

  it("refuses a second sale of one delivery, and a second sale of a lead to the same buyer", async () => {
    await sale("lead-2", "buyer-a", 4500, "delivery-2a");
    await expect(sale("lead-2", "buyer-b", 4500, "delivery-2a")).rejects.toThrow();
    await expect(sale("lead-2", "buyer-a", 4500, "delivery-2b")).rejects.toThrow();
    expect((await saleCountOf(db, "lead-2")).counted).toBe(1);
  });

  it("refuses an entry of the wrong shape: a negative sale, a credit naming no sale", async () => {
    await expect(sale("lead-3", "buyer-a", -1)).rejects.toThrow();
    await expect(
      sql`insert into ledger_entries (id, created_at, kind, lead_id, buyer_id, case_type, lead_source, amount_cents, price_source, actor)
          values ('x', '2026-11-20T15:00:00.000Z', 'credit', 'lead-3', 'buyer-a', 'MVA', '', -5, 'fixed', 'system')`.execute(db),
    ).rejects.toThrow(/ledger_entries_shape/);
  });
});

describe("credits and cancellations are further rows", () => {
  it("a credit cannot exceed what is left of the sale; a return frees the lead's place, a cancellation does not", async () => {
    const first = await sale("lead-4", "buyer-a", 4500);
    await expect(recordCredit(db, { saleId: first, amountCents: 4501, actor: "system", at })).rejects.toThrow(/left/);
    await recordCredit(db, { saleId: first, amountCents: 4500, returnId: "return-1", actor: "buyer-user:u1", note: "wrong number", at });
    await expect(recordCredit(db, { saleId: first, amountCents: 1, actor: "system", at })).rejects.toThrow(/left/);
    expect(await saleCountOf(db, "lead-4")).toEqual({ counted: 0, buyerIds: ["buyer-a"] });
    expect(await liveSalesOf(db, "lead-4")).toEqual([]);

    const second = await sale("lead-4", "buyer-b", 3850, undefined, new Date(at.getTime() + 60_000));
    await recordCancellation(db, { saleId: second, actor: "operator:op-1", note: "recorded in error", at });
    await expect(recordCancellation(db, { saleId: second, actor: "operator:op-1", at })).rejects.toThrow(/already/);
    expect(await saleCountOf(db, "lead-4")).toEqual({ counted: 1, buyerIds: ["buyer-a", "buyer-b"] });

    const entries = await ledgerEntriesOfLead(db, "lead-4");
    expect(entries.map((entry) => [entry.kind, entry.amount_cents])).toEqual(expect.arrayContaining([["sale", 4500], ["credit", -4500], ["sale", 3850], ["cancellation", -3850]]));
    const money = (await moneyOfLeads(db, ["lead-4"])).get("lead-4")!;
    expect(money).toMatchObject({ netCents: 0, buyerIds: ["buyer-a", "buyer-b"], saleCents: [4500, 3850], returnStatus: "partly returned" });
  });

  it("sums the ledger by buyer, claim and day", async () => {
    const totals = await ledgerTotals(db, { timeZone: "America/New_York" });
    const sum = await db.selectFrom("ledger_entries").select((eb) => eb.fn.sum<number>("amount_cents").as("sum")).executeTakeFirstOrThrow();
    expect(totals.total.netCents).toBe(Number(sum.sum));
    expect([...totals.byBuyer.values()].reduce((s, t) => s + t.netCents, 0)).toBe(Number(sum.sum));
    expect(totals.byDay.get("2026-11-20")!.netCents).toBe(Number(sum.sum));
    expect(totals.byBuyer.get("buyer-a")!.returns).toBe(1);
  });

  it("gives the dashboard its revenue and returns per buyer, claim and day: the ledger's sums", async () => {
    const dashboard = createFunnelDashboard(db, createDashboardRollups(db), { now: () => new Date("2026-11-20T20:00:00Z") });
    const { money, days } = await dashboard.read(7);
    const { sum } = await db.selectFrom("ledger_entries").select((eb) => eb.fn.sum<number>("amount_cents").as("sum")).executeTakeFirstOrThrow();
    expect(money.total.netCents).toBe(Number(sum));
    expect(money.byDay).toHaveLength(days.length);
    expect(money.byDay.at(-1)).toMatchObject({ day: "2026-11-20", netCents: Number(sum) });
    expect(money.byClaim).toEqual([expect.objectContaining({ caseType: "MVA", netCents: Number(sum) })]);
    expect(money.byBuyer.find((b) => b.buyerId === "buyer-a")).toMatchObject({ returns: 1, returnsCents: -4500 });
    expect(money.byBuyer.reduce((total, b) => total + b.netCents, 0)).toBe(Number(sum));
    expect((await dashboard.read(7)).money.total.sales).toBe(money.total.sales);
  });
});
