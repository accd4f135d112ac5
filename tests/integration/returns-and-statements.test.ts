import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuyerStore } from "../../server/distribution/buyers/buyer-store";
import { isPostgres, migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { recordSale } from "../../server/ledger";
import { FIRST_PARTY_SOURCE } from "../../server/suppliers/lead-source";
import { createLeadReturns, type ReturnActor } from "../../server/returns/lead-returns";
import { createStatements } from "../../server/statements/statements";
import { buyerInput, databaseTargetOf, insertLead } from "../support/routing-fixtures";
import { testDatabaseUrl } from "../support/test-database";

// Issue 24, items 5 and 7: returns within a window and a cap, the operator's approval over the cap, a
// credit in the ledger for every approval, and monthly statements that never change once issued, on a
// real database (both engines) and a fake clock.

let db: Db;
let clock = new Date("2026-11-10T15:00:00Z");
const now = () => clock;
let returns: ReturnType<typeof createLeadReturns>;
let statements: ReturnType<typeof createStatements>;
let buyers: ReturnType<typeof createBuyerStore>;

const operator: ReturnActor = { audit: { operatorId: "op-1", email: "owner@claims.example", ip: "192.0.2.1" }, tag: "operator:op-1" };
const buyerUser = (buyerId: string): ReturnActor => ({ audit: { operatorId: null, email: `staff@${buyerId}.example`, ip: "192.0.2.9" }, tag: `buyer-user:${buyerId}` });

beforeAll(async () => {
  db = await openDatabase(databaseTargetOf(await testDatabaseUrl("returns-statements")));
  await migrateToLatest(db);
  returns = createLeadReturns({ db, now });
  statements = createStatements({ db, now });
  buyers = createBuyerStore(db, null, { now });
}, 60_000);
afterAll(async () => db?.destroy());

let leadCount = 0;
/** A lead sold to the buyer now, at `cents`, through a delivery of its own. */
async function sell(buyerId: string, cents = 4500, at = clock) {
  const leadId = `lead-${++leadCount}`;
  await insertLead(db, leadId, { createdAt: at.toISOString() });
  await db.insertInto("deliveries").values({ id: `delivery-${leadId}`, lead_id: leadId, target: "buyer", buyer_id: buyerId, auction_id: null, price_cents: null, status: "delivered", next_attempt_at: at.toISOString(), locked_until: null, last_status: 200, last_error: null, created_at: at.toISOString(), updated_at: at.toISOString(), delivered_at: at.toISOString(), lead_created_at: at.toISOString(), reserved_day: null, reserved_month: null }).execute();
  const saleId = await recordSale(db, { leadId, buyerId, deliveryId: `delivery-${leadId}`, caseType: "MVA", leadState: "TX", leadSource: FIRST_PARTY_SOURCE, amountCents: cents, priceSource: "fixed", at });
  return { leadId, saleId };
}

async function newBuyer(name: string, extra: { capPercent?: number; windowDays?: number; resell?: boolean } = {}) {
  const created = await buyers.create(buyerInput(name, { timeZone: "UTC" }));
  if (!created.ok) throw new Error(JSON.stringify(created.errors));
  await returns.saveTerms(operator.audit, created.buyer.id, { windowDays: extra.windowDays ?? 7, capPercent: extra.capPercent ?? 15, resell: extra.resell ?? false });
  return created.buyer.id;
}

const creditsOf = (saleId: string) => db.selectFrom("ledger_entries").selectAll().where("sale_id", "=", saleId).execute();
const request = (buyerId: string, leadId: string, reason = "wrong-number", text?: string) =>
  returns.request({ buyerId, leadId, reason, text, channel: "portal", actor: buyerUser(buyerId) });

describe("returns", () => {
  it("approves a return within the cap at once with a credit, and holds the one over the cap for the operator", async () => {
    clock = new Date("2026-11-10T15:00:00Z");
    const buyer = await newBuyer("Cap Law", { capPercent: 15 });
    const sold = [];
    for (let i = 0; i < 10; i++) sold.push(await sell(buyer));

    // 1 of 10 is 10 %, within 15 %: approved, and the whole price credited against the sale.
    const first = await request(buyer, sold[0]!.leadId);
    expect(first).toMatchObject({ ok: true, status: "approved" });
    expect(await creditsOf(sold[0]!.saleId)).toMatchObject([{ kind: "credit", amount_cents: -4500, return_id: first.ok ? first.returnId : "" }]);

    // 2 of 10 is 20 %: it waits, and nothing is credited yet.
    const second = await request(buyer, sold[1]!.leadId, "duplicate");
    expect(second).toMatchObject({ ok: true, status: "pending", creditId: null });
    expect(await creditsOf(sold[1]!.saleId)).toEqual([]);
    const queue = await returns.queue();
    expect(queue.pending.map((r) => r.leadId)).toContain(sold[1]!.leadId);

    // The operator approves: the credit is written; deciding again is refused, and changes nothing.
    const returnId = second.ok ? second.returnId : "";
    expect(await returns.decide(returnId, "approved", operator, "checked the call log")).toMatchObject({ ok: true, decision: "approved" });
    expect(await creditsOf(sold[1]!.saleId)).toMatchObject([{ kind: "credit", amount_cents: -4500, return_id: returnId, actor: "operator:op-1" }]);
    expect(await returns.decide(returnId, "rejected", operator)).toMatchObject({ ok: false, status: 409 });
    expect(await creditsOf(sold[1]!.saleId)).toHaveLength(1);

    // A third waits too, and a rejection writes no credit.
    const third = await request(buyer, sold[2]!.leadId, "other", "Lead says they never asked");
    expect(third).toMatchObject({ ok: true, status: "pending" });
    expect(await returns.decide(third.ok ? third.returnId : "", "rejected", operator)).toMatchObject({ ok: true, decision: "rejected" });
    expect(await creditsOf(sold[2]!.saleId)).toEqual([]);

    // Every request and decision is in the audit log, and in append-only rows.
    const actions = await db.selectFrom("audit_log").select("action").where("action", "in", ["request-return", "approve-return", "reject-return"]).execute();
    expect(actions.filter((a) => a.action === "request-return")).toHaveLength(3);
    expect(actions.filter((a) => a.action === "approve-return")).toHaveLength(2);
    expect(actions.filter((a) => a.action === "reject-return")).toHaveLength(1);
    expect(queue.pending.every((r) => r.overCap)).toBe(true);
  });

  it("refuses a second return of a sale, a return after the window, 'other' without text, and a lead the buyer did not buy", async () => {
    clock = new Date("2026-11-10T15:00:00Z");
    const buyer = await newBuyer("Window Law", { capPercent: 100, windowDays: 7 });
    const other = await newBuyer("Other Law", { capPercent: 100 });
    const a = await sell(buyer);
    const b = await sell(buyer);
    const theirs = await sell(other);
    expect(await request(buyer, a.leadId)).toMatchObject({ ok: true, status: "approved" });
    expect(await request(buyer, a.leadId)).toMatchObject({ ok: false, status: 409 });
    expect(await request(buyer, b.leadId, "other")).toMatchObject({ ok: false, status: 400 });
    expect(await request(buyer, b.leadId, "bored")).toMatchObject({ ok: false, status: 400 });
    const unknown = await request(buyer, "no-such-lead");
    const notMine = await request(buyer, theirs.leadId);
    expect(notMine).toEqual(unknown);
    expect(notMine).toMatchObject({ ok: false, status: 404 });

    clock = new Date("2026-11-17T15:00:01Z");
    expect(await request(buyer, b.leadId)).toMatchObject({ ok: false, status: 409, message: expect.stringMatching(/window .* closed on 2026-11-17/) });
    // The operator may still return it for the buyer: its own approval.
    expect(await returns.request({ buyerId: buyer, leadId: b.leadId, reason: "duplicate", channel: "operator", actor: operator })).toMatchObject({ ok: true, status: "approved" });
  });

  it("offers an approved return to another buyer when the terms say so, never back to the one that returned it", async () => {
    clock = new Date("2026-11-12T15:00:00Z");
    // Only these two buyers take this claim's leads.
    const returning = await buyers.create(buyerInput("Resell A", { timeZone: "UTC", filters: { claimTypes: ["PFAS"], states: [], eligibleOnly: false, acceptsDuplicates: false } }));
    const next = await buyers.create(buyerInput("Resell B", { timeZone: "UTC", filters: { claimTypes: ["PFAS"], states: [], eligibleOnly: false, acceptsDuplicates: false } }));
    if (!returning.ok || !next.ok) throw new Error("buyers");
    await returns.saveTerms(operator.audit, returning.buyer.id, { windowDays: 7, capPercent: 100, resell: true });
    const leadId = `lead-resell-${++leadCount}`;
    await insertLead(db, leadId, { caseType: "PFAS", createdAt: clock.toISOString() });
    await db.insertInto("deliveries").values({ id: `delivery-${leadId}`, lead_id: leadId, target: "buyer", buyer_id: returning.buyer.id, auction_id: null, price_cents: null, status: "delivered", next_attempt_at: clock.toISOString(), locked_until: null, last_status: 200, last_error: null, created_at: clock.toISOString(), updated_at: clock.toISOString(), delivered_at: clock.toISOString(), lead_created_at: clock.toISOString(), reserved_day: null, reserved_month: null }).execute();
    await recordSale(db, { leadId, buyerId: returning.buyer.id, deliveryId: `delivery-${leadId}`, caseType: "PFAS", leadState: "TX", leadSource: FIRST_PARTY_SOURCE, amountCents: 3000, priceSource: "fixed", at: clock });

    expect(await request(returning.buyer.id, leadId, "not-interested")).toMatchObject({ ok: true, status: "approved", resold: true });
    const deliveries = await db.selectFrom("deliveries").select(["buyer_id", "status"]).where("lead_id", "=", leadId).orderBy("created_at").execute();
    // The earlier tests' buyers take every claim too: the lead goes to one of the others, once.
    expect(deliveries).toHaveLength(2);
    expect(deliveries.filter((d) => d.buyer_id === returning.buyer.id)).toHaveLength(1);
    expect(deliveries[1]!.buyer_id).not.toBe(returning.buyer.id);
    expect(next.buyer.id).toBeTruthy();
  });

  it("lets parallel returns past the cap no more often than the cap allows", async () => {
    clock = new Date("2026-11-14T15:00:00Z");
    const buyer = await newBuyer("Parallel Law", { capPercent: 20 });
    const sold = [];
    for (let i = 0; i < 10; i++) sold.push(await sell(buyer));
    // 20 % of 10 sales: two returns are approved at once, whatever the interleaving; the rest wait.
    const results = await Promise.all(sold.slice(0, 6).map((s) => request(buyer, s.leadId)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.status === "approved")).toHaveLength(2);
    expect(results.filter((r) => r.ok && r.status === "pending")).toHaveLength(4);
    // And the same lead returned twice at once is one return.
    const twice = await Promise.all([request(buyer, sold[7]!.leadId), request(buyer, sold[7]!.leadId)]);
    expect(twice.filter((r) => r.ok)).toHaveLength(1);
    expect(twice.find((r) => !r.ok)).toMatchObject({ status: 409 });
  });

  it("keeps return requests and decisions append-only in the database", async () => {
    const decision = await db.selectFrom("return_decisions").selectAll().executeTakeFirstOrThrow();
    await expect(db.updateTable("return_decisions").set({ decision: "rejected" }).where("id", "=", decision.id).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom("return_decisions").where("id", "=", decision.id).execute()).rejects.toThrow(/append-only/);
    await expect(db.updateTable("lead_returns").set({ reason: "other" }).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom("lead_returns").execute()).rejects.toThrow(/append-only/);
    if (isPostgres(db)) {
      await expect(sql`truncate lead_returns`.execute(db)).rejects.toThrow(/append-only/);
    } else {
      await expect(sql`insert or replace into return_decisions select * from return_decisions where id = ${decision.id}`.execute(db)).rejects.toThrow(/append-only/);
    }
  });
});

describe("statements", () => {
  it("issues a month from the ledger, numbered, and puts a late return on the next statement without changing the issued one", async () => {
    clock = new Date("2026-11-05T12:00:00Z");
    const buyer = await newBuyer("Statement Law", { capPercent: 100, windowDays: 30 });
    const first = await sell(buyer, 4500);
    const second = await sell(buyer, 3850, new Date("2026-11-20T12:00:00Z"));
    await sell(buyer, 1000, new Date("2026-12-01T00:00:01Z"));

    // Not before its month begins.
    expect(await statements.issue(buyer, "2026-12", operator)).toMatchObject({ ok: false, status: 409 });

    clock = new Date("2026-12-02T09:00:00Z");
    const november = await statements.issue(buyer, "2026-11", operator);
    expect(november).toMatchObject({ ok: true, statement: { number: 1, period: "2026-11", salesCount: 2, salesCents: 8350, creditsCents: 0, totalCents: 8350, balanceCents: 8350 } });
    if (!november.ok) throw new Error(november.message);
    expect(await statements.issue(buyer, "2026-11", operator)).toMatchObject({ ok: false, status: 409 });
    const issued = await statements.get(november.statement.id);
    expect(issued!.lines.map((l) => [l.leadId, l.amountCents])).toEqual([
      [first.leadId, 4500],
      [second.leadId, 3850],
    ]);

    // A return on December 3rd of a November sale: its credit is a December entry.
    clock = new Date("2026-12-03T10:00:00Z");
    expect(await request(buyer, second.leadId, "already-represented")).toMatchObject({ ok: true, status: "approved" });
    expect(await statements.get(november.statement.id)).toEqual(issued);

    // The worker issues December once it has ended, and only once.
    clock = new Date("2027-01-01T00:10:00Z");
    expect(await statements.issueDue()).toBeGreaterThanOrEqual(1);
    const list = await statements.list(buyer);
    expect(list.map((s) => [s.number, s.period])).toEqual([
      [2, "2026-12"],
      [1, "2026-11"],
    ]);
    expect(list[0]).toMatchObject({ salesCount: 1, salesCents: 1000, creditsCents: -3850, totalCents: -2850, balanceCents: 5500, issuedBy: "system" });
    const december = await statements.get(list[0]!.id, buyer);
    expect(december!.lines.map((l) => [l.kind, l.leadId, l.amountCents])).toEqual([
      ["sale", expect.any(String), 1000],
      ["credit", second.leadId, -3850],
    ]);
    const before = await statements.list(buyer);
    await statements.issueDue();
    expect(await statements.list(buyer)).toEqual(before);

    // Another buyer's id does not open it.
    const stranger = await newBuyer("Stranger Law");
    expect(await statements.get(list[0]!.id, stranger)).toBeNull();

    const csv = statements.csv(december!);
    expect(csv).toContain('"credit"');
    expect(csv).toContain(',-38.50,');
    expect(csv.split("\n")[1]).toContain('"2026-12"');
  });

  it("keeps issued statements and their lines unchangeable in the database", async () => {
    const statement = await db.selectFrom("statements").selectAll().executeTakeFirstOrThrow();
    await expect(db.updateTable("statements").set({ total_cents: 0 }).where("id", "=", statement.id).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom("statements").where("id", "=", statement.id).execute()).rejects.toThrow(/append-only/);
    await expect(db.updateTable("statement_lines").set({ amount_cents: 0 }).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom("statement_lines").execute()).rejects.toThrow(/append-only/);
    if (isPostgres(db)) await expect(sql`truncate statements`.execute(db)).rejects.toThrow(/append-only/);
    else await expect(sql`insert or replace into statements select * from statements where id = ${statement.id}`.execute(db)).rejects.toThrow(/append-only/);
  });
});
