import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBuyerStore, type Buyer, type BuyerStore } from "../../server/distribution/buyers/buyer-store";
import { migrateToLatest, openDatabase, writeTransaction, type Db } from "../../server/db/database";
import { auctionOf, markUnsold, recordAuction, recordWinner } from "../../server/distribution/routing/auction-record";
import { usageOf } from "../../server/distribution/routing/cap-reservation";
import { pingBuyersAmong, runAuction, type AuctionBuyer, type AuctionResult } from "../../server/distribution/routing/ping-post";
import { decideRoute } from "../../server/distribution/routing/route-decision";
import { routableLeadOf } from "../../server/distribution/routing/route-lead";
import { createSecretBox } from "../../server/secrets/secret-box";
import { startFakeBidders, type FakeBidders } from "../support/fake-bidders";
import { buyerInput, databaseTargetOf, insertLead, TEST_SECRETS_KEY } from "../support/routing-fixtures";
import { testDatabaseUrl } from "../support/test-database";

const NOW = new Date("2026-11-23T17:00:00.000Z");
const CONTACT = { fn: "Zeldaqx", ln: "Quimbyqx", em: "zelda.quimby@example.org", ph: "4155552671", user_ip: "203.0.113.9", user_agent: "PingTestAgent/1.0" };

let bidders: FakeBidders;
let refusedUrl: string;
let db: Db;
let store: BuyerStore;

const SLOW_BIDDERS = ["slowA", "slowB", "slowC"];

beforeAll(async () => {
  bidders = await startFakeBidders({
    // Each answers only once all three have been pinged, and 300 ms later.
    slowA: { delayMs: 300, after: SLOW_BIDDERS, json: { bid: 10 } },
    slowB: { delayMs: 300, after: SLOW_BIDDERS, json: { bid: "25.50" } },
    slowC: { delayMs: 300, after: SLOW_BIDDERS, json: { offer: { usd: 7 } } },
    // Never answers in time: its answer would come long after any auction's deadline.
    late: { delayMs: 600_000, json: { bid: 99 } },
    noBid: { json: { bid: null, reason: "not buying today" } },
    zero: { json: { bid: 0 } },
    broken: { status: 500, json: { error: "oops" } },
    html: { text: "<html>Thanks!</html>" },
    dropper: { drop: true },
    quick: { delayMs: 20, json: { bid: 12.5 } },
    tiedLow: { json: { bid: 12.5 } },
  });
  // A port on our own address that nothing listens on: the connection is refused.
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  refusedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/ping`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  // The first fetch in a process loads the HTTP client; the timings below are about the auction.
  await fetch(bidders.urlOf("warm-up"), { method: "POST", body: "{}" });
});
afterAll(() => bidders.close());

beforeEach(async () => {
  db = await openDatabase(databaseTargetOf(await testDatabaseUrl("ping-post")));
  await migrateToLatest(db);
  store = createBuyerStore(db, createSecretBox(TEST_SECRETS_KEY), { now: () => NOW });
  for (const list of bidders.received.values()) list.length = 0;
});
afterEach(async () => {
  await db.destroy();
});

/** A ping-post buyer whose pings go to the fake bidder `bidder`; its full lead would go to a local path nobody calls. */
async function addBidder(name: string, bidder: string | null, rules: Parameters<typeof buyerInput>[1] = {}, ping: { bidField?: string } = {}): Promise<Buyer> {
  const input = buyerInput(name, rules);
  const url = bidder ? bidders.urlOf(bidder) : refusedUrl;
  const result = await store.create({ ...input, delivery: { method: "webhook", url: `${url}/lead`, ping: { url, ...ping } } });
  if (!result.ok) throw new Error(`buyer not saved: ${JSON.stringify(result.errors)}`);
  return result.buyer;
}

async function storedLead(id: string) {
  await insertLead(db, id, { createdAt: new Date(NOW.getTime() - 42_000).toISOString(), caseType: "MVA", state: "TX" });
  await db.updateTable("leads").set(CONTACT).where("id", "=", id).execute();
  return db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** The ping-post buyers routing would consider for the lead now, as intake will find them. */
async function matchingBidders(lead: Awaited<ReturnType<typeof storedLead>>): Promise<AuctionBuyer[]> {
  const buyers = await store.list();
  const { order } = decideRoute(routableLeadOf(lead), buyers, await usageOf(db, buyers, NOW), { now: NOW });
  return pingBuyersAmong(buyers, order);
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

async function record(leadId: string, result: AuctionResult) {
  await writeTransaction(db, (trx) =>
    recordAuction(trx, { id: result.auctionId, leadId, caseType: "MVA", createdAt: result.startedAt, timeoutMs: result.timeoutMs }, result.outcomes),
  );
}

describe("a ping-post auction", () => {
  it("pings every matching bidder at once with the lead minus contact details, and ranks their bids", async () => {
    const a = await addBidder("Slow A", "slowA", { priority: 1 });
    const b = await addBidder("Slow B", "slowB", { priority: 2 });
    const c = await addBidder("Slow C", "slowC", { priority: 3 }, { bidField: "offer.usd" });
    await store.create(buyerInput("Fixed Price Firm", { price: 40 }));
    await addBidder("Texas Only", "quick", { filters: { states: ["CA"] } });
    await addBidder("Paused Bidder", "quick").then((paused) => store.setActive(paused.id, false));
    const lead = await storedLead("lead-parallel");

    const buyers = await matchingBidders(lead);
    expect(buyers.map((buyer) => buyer.name)).toEqual(["Slow A", "Slow B", "Slow C"]);
    // A deadline no local answer misses on a busy machine; a parallel auction ends at the last answer.
    const { value: result, ms } = await timed(() => runAuction({ auctionId: "auction-parallel", lead, buyers, now: NOW, timeoutMs: 20_000 }));

    // No bidder answers before all three are pinged (SLOW_BIDDERS): pinged one after another, the first
    // would have waited out the deadline, and no bid would have come in. Then each waits 300 ms.
    expect(ms).toBeGreaterThanOrEqual(295);
    expect(ms).toBeLessThan(20_000);

    for (const name of ["slowA", "slowB", "slowC"]) {
      const pings = bidders.received.get(name)!;
      expect(pings).toHaveLength(1);
      expect(pings[0]!.headers["content-type"]).toBe("application/json");
      expect(pings[0]!.body).toEqual({ auctionId: "auction-parallel", claim: "MVA", state: "TX", answers: {}, consent: true, leadAgeSeconds: 42 });
      const text = JSON.stringify(pings[0]);
      for (const value of [...Object.values(CONTACT), "lead-parallel"]) expect(text).not.toContain(value);
    }
    expect(result.outcomes).toEqual([
      { buyerId: a.id, buyerName: "Slow A", outcome: "bid", amountCents: 1000, durationMs: expect.any(Number), detail: null },
      { buyerId: b.id, buyerName: "Slow B", outcome: "bid", amountCents: 2550, durationMs: expect.any(Number), detail: null },
      { buyerId: c.id, buyerName: "Slow C", outcome: "bid", amountCents: 700, durationMs: expect.any(Number), detail: null },
    ]);
    for (const outcome of result.outcomes) expect(outcome.durationMs).toBeGreaterThanOrEqual(295);
    expect(result.bids).toEqual([
      { buyerId: b.id, buyerName: "Slow B", amountCents: 2550, priority: 2 },
      { buyerId: a.id, buyerName: "Slow A", amountCents: 1000, priority: 1 },
      { buyerId: c.id, buyerName: "Slow C", amountCents: 700, priority: 3 },
    ]);

    await record(lead.id, result);
    expect(await writeTransaction(db, (trx) => recordWinner(trx, result.auctionId, b.id, 2550))).toBe(true);
    const stored = await auctionOf(db, result.auctionId);
    expect(stored).toMatchObject({
      id: "auction-parallel",
      leadId: lead.id,
      caseType: "MVA",
      createdAt: NOW.toISOString(),
      timeoutMs: 20_000,
      status: "won",
      winnerBuyerId: b.id,
      priceCents: 2550,
    });
    expect(stored!.bids.map(({ buyerId, outcome, amountCents }) => ({ buyerId, outcome, amountCents }))).toEqual([
      { buyerId: b.id, outcome: "bid", amountCents: 2550 },
      { buyerId: a.id, outcome: "bid", amountCents: 1000 },
      { buyerId: c.id, outcome: "bid", amountCents: 700 },
    ]);
    const answeredB = stored!.bids[0]!;
    expect(answeredB.createdAt).toBe(new Date(NOW.getTime() + answeredB.durationMs).toISOString());
  });

  it("ends at its timeout whatever the slow bidders do, and records timeouts, no bids and errors as such", async () => {
    const late = await addBidder("Late", "late");
    const noBid = await addBidder("No Bid", "noBid");
    const zero = await addBidder("Zero", "zero");
    const broken = await addBidder("Broken", "broken");
    const html = await addBidder("Html", "html");
    const dropper = await addBidder("Dropper", "dropper");
    const refused = await addBidder("Refused", null);
    const quick = await addBidder("Quick", "quick", { priority: 50 });
    const tied = await addBidder("Tied", "tiedLow", { priority: 10 });
    const lead = await storedLead("lead-mixed");

    const buyers = await matchingBidders(lead);
    const { value: result, ms } = await timed(() => runAuction({ auctionId: "auction-mixed", lead, buyers, timeoutMs: 2000, now: NOW }));

    // At its deadline, not at the late bidder's answer. The upper bound is a margin for a machine busy
    // with other work: the late answer would take minutes, and the others answer at once (ADR 045).
    expect(ms).toBeGreaterThanOrEqual(1990);
    expect(ms).toBeLessThan(15_000);
    const byBuyer = Object.fromEntries(result.outcomes.map(({ buyerId, outcome, amountCents, detail }) => [buyerId, { outcome, amountCents, detail }]));
    expect(byBuyer).toEqual({
      [late.id]: { outcome: "timeout", amountCents: null, detail: "no answer within 2000 ms" },
      [noBid.id]: { outcome: "no-bid", amountCents: null, detail: "no bid in the answer" },
      [zero.id]: { outcome: "no-bid", amountCents: null, detail: "bid of $0" },
      [broken.id]: { outcome: "error", amountCents: null, detail: "HTTP 500" },
      [html.id]: { outcome: "no-bid", amountCents: null, detail: "answer is not JSON" },
      [dropper.id]: { outcome: "error", amountCents: null, detail: expect.stringMatching(/^Network error: /) },
      [refused.id]: { outcome: "error", amountCents: null, detail: "Network error: ECONNREFUSED" },
      [quick.id]: { outcome: "bid", amountCents: 1250, detail: null },
      [tied.id]: { outcome: "bid", amountCents: 1250, detail: null },
    });
    const lateOutcome = result.outcomes.find((outcome) => outcome.buyerId === late.id)!;
    expect(lateOutcome.durationMs).toBeGreaterThanOrEqual(1990);
    expect(lateOutcome.durationMs).toBeLessThan(15_000);
    // Equal bids: the lower priority number is offered the lead first.
    expect(result.bids.map((bid) => bid.buyerName)).toEqual(["Tied", "Quick"]);

    await record(lead.id, result);
    const stored = await auctionOf(db, "auction-mixed");
    expect(stored).toMatchObject({ status: "open", winnerBuyerId: null, priceCents: null, timeoutMs: 2000 });
    expect(stored!.bids).toHaveLength(9);
    expect(stored!.bids.find((bid) => bid.buyerId === late.id)).toMatchObject({ outcome: "timeout", amountCents: null, detail: "no answer within 2000 ms" });
    expect(stored!.bids.find((bid) => bid.buyerId === broken.id)).toMatchObject({ outcome: "error", detail: "HTTP 500" });

    // The first bidder rejects the full lead (to be wired: its acceptance rule says so); the next bid takes it.
    expect(await writeTransaction(db, (trx) => recordWinner(trx, "auction-mixed", quick.id, 1250))).toBe(true);
    expect(await auctionOf(db, "auction-mixed")).toMatchObject({ status: "won", winnerBuyerId: quick.id, priceCents: 1250 });
  });

  it("sends the headers it is given, such as the buyer's credentials", async () => {
    const buyer = await addBidder("Quick", "quick");
    const lead = await storedLead("lead-headers");
    const [ready] = await matchingBidders(lead);
    await runAuction({ auctionId: "auction-headers", lead, buyers: [{ ...ready!, headers: { "x-api-key": "bidder-key-1" } }], now: NOW });
    expect(bidders.received.get("quick")![0]!.headers["x-api-key"]).toBe("bidder-key-1");
    expect(ready!.id).toBe(buyer.id);
  });

  it("asks nobody and waits for nothing when no buyer bids by ping", async () => {
    const lead = await storedLead("lead-none");
    const { value: result, ms } = await timed(() => runAuction({ auctionId: "auction-none", lead, buyers: [], now: NOW }));
    expect(result).toEqual({ auctionId: "auction-none", startedAt: NOW.toISOString(), timeoutMs: 2000, outcomes: [], bids: [] });
    // It did not wait for the deadline (whatever else a busy machine delays it by).
    expect(ms).toBeLessThan(result.timeoutMs);
    await record(lead.id, result);
    expect(await writeTransaction(db, (trx) => markUnsold(trx, "auction-none"))).toBe(true);
    expect(await auctionOf(db, "auction-none")).toMatchObject({ status: "unsold", winnerBuyerId: null, priceCents: null, bids: [] });
  });
});

describe("closing an auction", () => {
  let high: Buyer;
  let low: Buyer;
  let silent: Buyer;

  beforeEach(async () => {
    [high, low, silent] = [await addBidder("High", "slowB"), await addBidder("Low", "quick"), await addBidder("Silent", "noBid")];
    const lead = await storedLead("lead-close");
    const outcome = (buyer: Buyer, amountCents: number | null) => ({
      buyerId: buyer.id,
      buyerName: buyer.name,
      outcome: amountCents === null ? ("no-bid" as const) : ("bid" as const),
      amountCents,
      durationMs: 30,
      detail: amountCents === null ? "no bid in the answer" : null,
    });
    await writeTransaction(db, (trx) =>
      recordAuction(trx, { id: "auction-close", leadId: lead.id, caseType: "MVA", createdAt: NOW.toISOString(), timeoutMs: 2000 }, [
        outcome(high, 2550),
        outcome(low, 1250),
        outcome(silent, null),
      ]),
    );
  });

  const win = (buyerId: string, priceCents: number) => writeTransaction(db, (trx) => recordWinner(trx, "auction-close", buyerId, priceCents));
  const unsold = () => writeTransaction(db, (trx) => markUnsold(trx, "auction-close"));

  it("lets only a bidder win, at no more than its bid, and only once", async () => {
    expect(await win(silent.id, 100)).toBe(false);
    expect(await win(low.id, 1251)).toBe(false);
    expect(await auctionOf(db, "auction-close")).toMatchObject({ status: "open", winnerBuyerId: null });
    expect(await win(low.id, 1250)).toBe(true);
    expect(await win(high.id, 2550)).toBe(false);
    expect(await unsold()).toBe(false);
    expect(await auctionOf(db, "auction-close")).toMatchObject({ status: "won", winnerBuyerId: low.id, priceCents: 1250 });
  });

  it("refuses a price that is not a whole number of cents within $100,000", async () => {
    for (const price of [0, -100, 12.5, Number.NaN, 10_000_001]) await expect(win(high.id, price)).rejects.toThrow(RangeError);
  });

  it("is unsold once, and then nobody wins it", async () => {
    expect(await unsold()).toBe(true);
    expect(await unsold()).toBe(false);
    expect(await win(high.id, 2550)).toBe(false);
    expect(await auctionOf(db, "auction-close")).toMatchObject({ status: "unsold", winnerBuyerId: null, priceCents: null });
  });

  it("keeps one answer per buyer and auction", async () => {
    await expect(
      writeTransaction(db, (trx) =>
        trx
          .insertInto("auction_bids")
          .values({ id: "again", auction_id: "auction-close", buyer_id: high.id, outcome: "bid", amount_cents: 1, duration_ms: 1, detail: null, created_at: NOW.toISOString() })
          .execute(),
      ),
    ).rejects.toThrow();
  });
});

describe("buyers with a ping and a price", () => {
  it("store both and read them back; a buyer saved before either still reads as it was", async () => {
    const bidder = await addBidder("Bidder", "quick", { price: 12.5 }, { bidField: "offer.usd" });
    expect((await store.get(bidder.id))!).toMatchObject({
      delivery: { method: "webhook", ping: { url: bidders.urlOf("quick"), bidField: "offer.usd" } },
      rules: { price: 12.5 },
    });

    const old = await store.create(buyerInput("Old Firm"));
    if (!old.ok) throw new Error("not saved");
    // As the buyers migration's rows were written, before ping and price existed.
    await db
      .updateTable("buyers")
      .set({ delivery: JSON.stringify({ url: "https://old-firm.example/leads", acceptance: { conditions: [] } }), rules: JSON.stringify({ timeZone: "America/New_York" }) })
      .where("id", "=", old.buyer.id)
      .execute();
    const reread = (await store.get(old.buyer.id))!;
    expect(reread.delivery).toEqual({ method: "webhook", url: "https://old-firm.example/leads", acceptance: { conditions: [] } });
    expect(reread.rules).not.toHaveProperty("price");
    expect(pingBuyersAmong([reread], [reread.id])).toEqual([]);
  });

  it("refuses a price below zero or in fractions of a cent, by field", async () => {
    for (const price of [-1, 0.001]) {
      const result = await store.create(buyerInput("Priced", { price }));
      expect(result.ok ? null : result.errors).toEqual({ "rules.price": "Enter a price in dollars and cents, from $0 to $100,000." });
    }
  });
});
