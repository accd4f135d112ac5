import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBuyerStore, type Buyer, type BuyerInput, type BuyerStore } from "../../server/distribution/buyers/buyer-store";
import { isPostgres, migrateToLatest, openDatabase, writeTransaction, type Db } from "../../server/db/database";
import { releaseCapacity, reserveCapacity, usageOf } from "../../server/distribution/routing/cap-reservation";
import { routableLeadOf, routeLead, routingDecisionsOf } from "../../server/distribution/routing/route-lead";
import { createSecretBox } from "../../server/secrets/secret-box";
import { waitFor } from "../support/fake-receiver";
import { buyerInput, countersAndReservations, databaseTargetOf, deliveriesPerBuyer, insertLead, TEST_SECRETS_KEY } from "../support/routing-fixtures";
import { testDatabaseUrl } from "../support/test-database";

// A Monday afternoon in New York (EST, UTC-5).
const NOON = new Date("2026-11-23T17:00:00.000Z");

let url: string;
let db: Db;
let store: BuyerStore;

beforeEach(async () => {
  url = await testDatabaseUrl("buyer-routing");
  db = await openDatabase(databaseTargetOf(url));
  await migrateToLatest(db);
  store = createBuyerStore(db, createSecretBox(TEST_SECRETS_KEY), { now: () => NOON });
});
afterEach(async () => {
  await db.destroy();
});

async function addBuyer(name: string, rules: Partial<BuyerInput["rules"]> = {}, extra: Partial<BuyerInput> = {}): Promise<Buyer> {
  const result = await store.create(buyerInput(name, rules, extra));
  if (!result.ok) throw new Error(`buyer not saved: ${JSON.stringify(result.errors)}`);
  return result.buyer;
}

/** Saves a lead and routes it in one write transaction, as intake will. */
async function saveAndRoute(leadId: string, now = NOON, lead: Parameters<typeof insertLead>[2] = {}, options: { shared?: number } = {}) {
  const buyers = await store.list();
  return writeTransaction(db, async (trx) => {
    const saved = await insertLead(trx, leadId, { createdAt: now.toISOString(), ...lead });
    return routeLead(trx, saved, buyers, options.shared ? { now, mode: "shared", maxBuyers: options.shared } : { now }, { justSaved: true });
  });
}

async function routeAgain(leadId: string, now = NOON) {
  const buyers = await store.list();
  return writeTransaction(db, async (trx) => {
    const row = await trx.selectFrom("leads").selectAll().where("id", "=", leadId).executeTakeFirstOrThrow();
    return routeLead(trx, routableLeadOf(row), buyers, { now });
  });
}

const deliveryOf = (leadId: string, buyerId: string) =>
  db.selectFrom("deliveries").selectAll().where("lead_id", "=", leadId).where("buyer_id", "=", buyerId).executeTakeFirstOrThrow();
const counter = async (buyerId: string, period: string) =>
  Number((await db.selectFrom("buyer_cap_counters").select("sent").where("buyer_id", "=", buyerId).where("period", "=", period).executeTakeFirst())?.sent ?? 0);

describe("routing a lead", () => {
  it("goes to the first buyer by priority, records every buyer considered and why, and queues a delivery holding its slot", async () => {
    const paused = await addBuyer("Paused Firm", { priority: 1 }, { active: false });
    const california = await addBuyer("California Firm", { priority: 1, filters: { states: ["CA"] } });
    const afff = await addBuyer("AFFF Network", { priority: 1, filters: { claimTypes: ["AFFF"] } });
    const full = await addBuyer("Full Firm", { priority: 1, caps: { perDay: 0 } });
    const winner = await addBuyer("Winner Firm", { priority: 5, caps: { perDay: 3, perMonth: 50 } });
    const backup = await addBuyer("Backup Network", { priority: 10 });

    const { decisionId, decision } = await saveAndRoute("lead-1");

    // Skipped buyers of one priority are listed by id.
    const skippedFirst = [
      { buyerId: afff.id, buyerName: "AFFF Network", verdict: "skipped", reason: "claim type" },
      { buyerId: california.id, buyerName: "California Firm", verdict: "skipped", reason: "state" },
      { buyerId: full.id, buyerName: "Full Firm", verdict: "skipped", reason: "daily cap reached" },
      { buyerId: paused.id, buyerName: "Paused Firm", verdict: "skipped", reason: "paused" },
    ].sort((a, b) => (a.buyerId < b.buyerId ? -1 : 1));
    expect(decision).toEqual({
      mode: "exclusive",
      considered: [
        ...skippedFirst,
        { buyerId: winner.id, buyerName: "Winner Firm", verdict: "candidate" },
        { buyerId: backup.id, buyerName: "Backup Network", verdict: "candidate" },
      ],
      alreadyTried: [],
      tried: [{ buyerId: winner.id, buyerName: "Winner Firm", deliveryId: expect.any(String) }],
      accepted: [],
      unsold: false,
    });
    expect(await routingDecisionsOf(db, "lead-1")).toEqual([{ decisionId, decision, createdAt: NOON.toISOString() }]);

    const delivery = await deliveryOf("lead-1", winner.id);
    expect(delivery).toMatchObject({
      id: decision.tried[0]!.deliveryId,
      target: "buyer",
      status: "pending",
      next_attempt_at: NOON.toISOString(),
      lead_created_at: NOON.toISOString(),
      reserved_day: "D:2026-11-23",
      reserved_month: "M:2026-11",
    });
    expect(await deliveriesPerBuyer(db)).toEqual({ [winner.id]: 1 });
    expect(await counter(winner.id, "D:2026-11-23")).toBe(1);
    expect(await counter(winner.id, "M:2026-11")).toBe(1);
  });

  it("records a lead no buyer takes as unsold, with each buyer's reason, and queues nothing", async () => {
    const texasOnly = await addBuyer("Texas Firm", { filters: { states: ["TX"] } });
    const { decision } = await saveAndRoute("lead-ok", NOON, { state: "OK" });
    expect(decision).toMatchObject({
      unsold: true,
      tried: [],
      considered: [{ buyerId: texasOnly.id, verdict: "skipped", reason: "state" }],
    });
    expect(await db.selectFrom("deliveries").selectAll().execute()).toEqual([]);
    expect(await routingDecisionsOf(db, "lead-ok")).toHaveLength(1);
  });

  it("sends a shared claim to up to N buyers, by priority", async () => {
    const [first, second, third] = [await addBuyer("First", { priority: 1 }), await addBuyer("Second", { priority: 2 }), await addBuyer("Third", { priority: 3 })];
    const { decision } = await saveAndRoute("shared-1", NOON, {}, { shared: 2 });
    expect(decision).toMatchObject({ mode: "shared", unsold: false });
    expect(decision.tried.map((entry) => entry.buyerId)).toEqual([first.id, second.id]);
    expect(decision.considered.find((entry) => entry.buyerId === third.id)).toMatchObject({ verdict: "candidate" });
    expect(await deliveriesPerBuyer(db)).toEqual({ [first.id]: 1, [second.id]: 1 });
  });
});

describe("cap reservation", () => {
  it("counts the day and the month together: a full month leaves the day uncounted", async () => {
    const buyer = await addBuyer("Monthly Firm", { caps: { perDay: 5, perMonth: 2 } });
    const reserve = () => writeTransaction(db, (trx) => reserveCapacity(trx, buyer, NOON));
    expect(await reserve()).toEqual({ reserved: true, periods: { day: "D:2026-11-23", month: "M:2026-11" } });
    expect(await reserve()).toMatchObject({ reserved: true });
    expect(await reserve()).toEqual({ reserved: false, reason: "monthly cap reached" });
    expect(await counter(buyer.id, "D:2026-11-23")).toBe(2);
    expect(await counter(buyer.id, "M:2026-11")).toBe(2);
  });

  it("never passes a cap, however many transactions reserve at once (through two pools on PostgreSQL)", async () => {
    const buyer = await addBuyer("Capped Firm", { caps: { perDay: 10 } });
    // A second SQLite connection in this process would wait for the write lock synchronously, blocking
    // the first from ever committing; separate processes are tested in buyer-caps-processes.test.ts.
    const other = isPostgres(db) ? await openDatabase(databaseTargetOf(url)) : db;
    try {
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) => writeTransaction(i % 2 ? db : other, (trx) => reserveCapacity(trx, buyer, NOON))),
      );
      expect(results.filter((result) => result.reserved)).toHaveLength(10);
      expect(results.filter((result) => !result.reserved)).toEqual(Array(20).fill({ reserved: false, reason: "daily cap reached" }));
      expect(await counter(buyer.id, "D:2026-11-23")).toBe(10);
      expect(await counter(buyer.id, "M:2026-11")).toBe(10);
    } finally {
      if (other !== db) await other.destroy();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "moves on to the next buyer when another transaction took the last slot while routing waited (PostgreSQL)",
    async () => {
      // On SQLite the write lock makes this interleaving impossible; on PostgreSQL the conditional
      // UPDATE waits for the other transaction and re-checks the cap against what it committed.
      const capped = await addBuyer("Capped Firm", { priority: 1, caps: { perDay: 1 } });
      const next = await addBuyer("Next Network", { priority: 2 });
      expect(isPostgres(db)).toBe(true);
      const other = await db.startTransaction().execute();
      expect(await reserveCapacity(other, capped, NOON)).toMatchObject({ reserved: true });

      const routing = saveAndRoute("lead-raced");
      await waitFor(async () => {
        const { rows } = await sql<{ waiting: string }>`
          select count(*) as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
        return Number(rows[0]?.waiting) > 0;
      }, "routing to wait on the counter row");
      await other.commit().execute();

      const { decision } = await routing;
      expect(decision.considered.find((entry) => entry.buyerId === capped.id)).toEqual({
        buyerId: capped.id,
        buyerName: "Capped Firm",
        verdict: "skipped",
        reason: "daily cap reached",
      });
      expect(decision.tried.map((entry) => entry.buyerId)).toEqual([next.id]);
      expect(await counter(capped.id, "D:2026-11-23")).toBe(1);
    },
  );

  it("frees one slot when a rejected lead's reservation is released, once, and routing again cascades to the next buyer", async () => {
    const capped = await addBuyer("Capped Firm", { priority: 1, caps: { perDay: 1 } });
    const next = await addBuyer("Next Network", { priority: 2 });
    expect((await saveAndRoute("lead-1")).decision.tried[0]?.buyerId).toBe(capped.id);
    expect((await saveAndRoute("lead-2")).decision.tried[0]?.buyerId).toBe(next.id);

    const rejected = await deliveryOf("lead-1", capped.id);
    expect(await writeTransaction(db, (trx) => releaseCapacity(trx, rejected.id))).toBe(true);
    expect(await writeTransaction(db, (trx) => releaseCapacity(trx, rejected.id))).toBe(false);
    expect(await counter(capped.id, "D:2026-11-23")).toBe(0);
    expect(await deliveryOf("lead-1", capped.id)).toMatchObject({ reserved_day: null, reserved_month: null });
    expect(await countersAndReservations(db)).toEqual((await countersAndReservations(db)).map((row) => ({ ...row, counted: row.reserved })));

    // The freed slot takes the next lead, and the rejected lead cascades past the buyer that had it
    // (once its delivery is answered: an open offer holds the lead's one place).
    expect((await saveAndRoute("lead-3")).decision.tried[0]?.buyerId).toBe(capped.id);
    await db.updateTable("deliveries").set({ status: "failed" }).where("id", "=", rejected.id).execute();
    const cascade = await routeAgain("lead-1");
    expect(cascade.decision).toMatchObject({ alreadyTried: [capped.id], tried: [{ buyerId: next.id }] });
    expect(cascade.decision.considered[0]).toMatchObject({ buyerId: capped.id, verdict: "skipped", reason: "already tried" });
    expect(await routingDecisionsOf(db, "lead-1")).toHaveLength(2);
  });

  it("releases in the buyer's day the slot was taken, even after its midnight", async () => {
    const capped = await addBuyer("Night Firm", { caps: { perDay: 1 } });
    const lateMonday = new Date("2026-11-24T04:30:00.000Z"); // 23:30 on Monday in New York
    await saveAndRoute("late", lateMonday);
    const delivery = await deliveryOf("late", capped.id);
    expect(delivery).toMatchObject({ reserved_day: "D:2026-11-23" });

    // Rejected at 00:30 on Tuesday: Monday's slot is freed, and Tuesday's count is untouched.
    expect(await writeTransaction(db, (trx) => releaseCapacity(trx, delivery.id))).toBe(true);
    expect(await counter(capped.id, "D:2026-11-23")).toBe(0);
    expect(await counter(capped.id, "D:2026-11-24")).toBe(0);
    expect((await saveAndRoute("later-monday", new Date("2026-11-24T04:45:00.000Z"))).decision.tried[0]?.buyerId).toBe(capped.id);
  });
});

describe("usage", () => {
  it("gives every buyer passed its own day and month, and zero when it has no counters", async () => {
    // At 12:00 UTC it is already Tuesday in Kiritimati (UTC+14) and still Monday in Pago Pago (UTC-11).
    const east = await addBuyer("Kiritimati Firm", { timeZone: "Pacific/Kiritimati" });
    const west = await addBuyer("Pago Pago Firm", { timeZone: "Pacific/Pago_Pago" });
    const now = new Date("2026-11-23T12:00:00.000Z");
    await db
      .insertInto("buyer_cap_counters")
      .values([
        { buyer_id: east.id, period: "D:2026-11-24", sent: 3 },
        { buyer_id: east.id, period: "D:2026-11-23", sent: 7 },
        { buyer_id: east.id, period: "M:2026-11", sent: 9 },
        { buyer_id: west.id, period: "D:2026-11-24", sent: 4 },
      ])
      .execute();
    expect(await usageOf(db, [east, west], now, ["someone"])).toEqual({
      byBuyer: { [east.id]: { sentToday: 3, sentThisMonth: 9 }, [west.id]: { sentToday: 0, sentThisMonth: 0 } },
      alreadyTried: ["someone"],
    });
    expect(await usageOf(db, [], now)).toEqual({ byBuyer: {}, alreadyTried: [] });
  });
});
