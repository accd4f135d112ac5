import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BuyerInput } from "../../server/distribution/buyers/buyer-store";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase, writeTransaction, type Db } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { auctionOf } from "../../server/distribution/routing/auction-record";
import { holdAuction, settleAuction } from "../../server/distribution/routing/auction-routing";
import type { ConsideredBuyer } from "../../server/distribution/routing/route-decision";
import { saveAuctionsEnabled } from "../../server/distribution/routing/auction-settings";
import { routingDecisionsOf } from "../../server/distribution/routing/route-lead";
import { createServices, type Services } from "../../server/services";
import { startFakeBidders, type BidderBehaviour, type FakeBidders } from "../support/fake-bidders";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { mvaAnswers } from "#claims/mva/examples";
import { buyerInput, TEST_SECRETS_KEY } from "../support/routing-fixtures";
import { uploadRequest } from "../support/suppression-upload";
import { testDatabaseUrl } from "../support/test-database";

// A claim auctioned to ping-post buyers, end to end on the outbox: intake queues the auction, the
// worker pings the bidders in parallel and stores their answers, offers the full lead to the best bid,
// and moves to the next bid when a winner rejects it; the winner and its price are recorded.

const context = { ip: "203.0.113.7", userAgent: "AuctionTest/1.0", pageUrl: null, attribution: null };
const closers: { close(): Promise<void> }[] = [];
let db: Db;
let services: Services;

beforeEach(async () => {
  const config = loadConfig({
    DATABASE_URL: await testDatabaseUrl("auction-routing"),
    NODE_ENV: "test",
    LEAD_RATE_LIMIT_PER_HOUR: "0",
    DELIVERY_RETRY_SCHEDULE: "20",
    // Margins that hold on a machine busy with other work: a local bidder or receiver answers well
    // within them. Only a bidder that never answers waits for the auction's deadline, so the margin
    // costs one test AUCTION_TIMEOUT_MS, and no answer can come in just before or after it.
    DELIVERY_TIMEOUT_MS: "10000",
    AUCTION_TIMEOUT_MS: "4000",
    SECRETS_KEY: TEST_SECRETS_KEY,
  });
  db = await openDatabase(config.database);
  await migrateToLatest(db);
  services = createServices(config, db, createLogger("silent"));
  await saveAuctionsEnabled(db, "MVA", true);
});
afterEach(async () => {
  await Promise.all(closers.splice(0).map((closer) => closer.close()));
  await db.destroy();
});

async function bidders(behaviours: Record<string, BidderBehaviour>): Promise<FakeBidders> {
  const started = await startFakeBidders(behaviours);
  closers.push(started);
  return started;
}

async function receiver(...args: Parameters<typeof startFakeReceiver>) {
  const started = await startFakeReceiver(...args);
  closers.push(started);
  return started;
}

async function addBuyer(name: string, { rules = {}, ...extra }: Omit<Partial<BuyerInput>, "rules"> & { rules?: Partial<BuyerInput["rules"]> }) {
  const saved = await services.buyers.create(buyerInput(name, rules, extra));
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  return saved.buyer;
}

async function submitLead() {
  const result = await services.leads.submit("mva", mvaAnswers({ fn: "Ana", em: "ana@example.com" }), context);
  if (result.status !== "created") throw new Error(result.status);
  return result.leadId;
}

const deliveriesOf = (leadId: string) =>
  db.selectFrom("deliveries").selectAll().where("lead_id", "=", leadId).orderBy("created_at").orderBy("target").execute();

async function settle(leadId: string) {
  // The auction alone takes AUCTION_TIMEOUT_MS: a wait of 20 s, within the test's 30 s.
  await waitFor(async () => {
    await services.deliveryWorker.runOnce();
    const rows = await deliveriesOf(leadId);
    return rows.length > 0 && rows.every((d) => ["delivered", "failed", "dead"].includes(d.status));
  }, "the auction and its deliveries to settle", 20_000);
  return deliveriesOf(leadId);
}

describe("a ping-post auction", () => {
  it("pings bidders without the claimant's contact details, posts to the best bid, and on its rejection to the next", async () => {
    const pings = await bidders({
      high: { json: { bid: 80 } },
      middle: { json: { bid: "45.50" } },
      low: { json: { bid: 20 } },
      none: { json: { bid: null } },
      // Holds its answer past any deadline (the auction's abort closes the connection, which clears it).
      slow: { delayMs: 600_000, json: { bid: 500 } },
    });
    const highPost = await receiver({ status: 200, json: { status: "Error", message: "Duplicate" } });
    const middlePost = await receiver("ok");
    const buyer = (name: string, url: string) =>
      addBuyer(name, {
        credentials: `${name}-key-1234`,
        delivery: {
          method: "webhook",
          url,
          credentialHeader: "X-Api-Key",
          ping: { url: pings.urlOf(name) },
          acceptance: { conditions: [{ field: "status", equals: "Error", means: "rejected", reasonField: "message" }] },
        },
      });
    const high = await buyer("high", highPost.url);
    const middle = await buyer("middle", middlePost.url);
    await buyer("low", middlePost.url);
    await buyer("none", middlePost.url);
    await buyer("slow", middlePost.url);

    const leadId = await submitLead();
    expect((await deliveriesOf(leadId)).map((d) => d.target)).toEqual(["auction"]);
    const rows = await settle(leadId);

    // Every bidder was pinged once, with its key, and nothing to reach the claimant by.
    for (const name of ["high", "middle", "low", "none", "slow"]) {
      const received = pings.received.get(name)!;
      expect(received).toHaveLength(1);
      expect(received[0]!.headers["x-api-key"]).toBe(`${name}-key-1234`);
      const text = JSON.stringify(received[0]!.body);
      for (const contact of ["Ana", "ana@example.com", "4155552671", leadId, "203.0.113.7"]) expect(text).not.toContain(contact);
    }

    const auctionRow = rows.find((d) => d.target === "auction")!;
    expect(auctionRow.status).toBe("delivered");
    const [rejected, sold] = rows.filter((d) => d.target === "buyer");
    expect(rejected).toMatchObject({ buyer_id: high.id, status: "failed", price_cents: 8000, last_error: "Duplicate", reserved_day: null });
    expect(sold).toMatchObject({ buyer_id: middle.id, status: "delivered", price_cents: 4550 });
    expect(middlePost.received).toHaveLength(1);

    const auction = await auctionOf(db, sold!.auction_id!);
    expect(auction).toMatchObject({ status: "won", winnerBuyerId: middle.id, priceCents: 4550 });
    expect(Object.fromEntries(auction!.bids.map((bid) => [bid.buyerId, [bid.outcome, bid.amountCents]]))).toMatchObject({
      [high.id]: ["bid", 8000],
      [middle.id]: ["bid", 4550],
    });
    expect(auction!.bids.map((bid) => bid.outcome).sort()).toEqual(["bid", "bid", "bid", "no-bid", "timeout"]);
    expect((await db.selectFrom("leads").select("buyer_status").where("id", "=", leadId).executeTakeFirstOrThrow()).buyer_status).toBe("sold");

    const decisions = (await routingDecisionsOf(db, leadId)).map((d) => d.decision);
    expect(decisions.map((d) => [d.mode, d.tried.map((t) => t.buyerName), d.accepted])).toEqual([
      ["auction", ["high"], []],
      ["auction", ["middle"], [middle.id]],
    ]);

    // The lead page shows every answer, and that the auction went on to the second bid.
    const page = await services.leadConsole.detail(leadId);
    expect(page!.routing[0]!.auction!.bids).toEqual(
      expect.arrayContaining([{ buyer: "high", answer: "$80.00" }, { buyer: "middle", answer: "$45.50" }, { buyer: "none", answer: expect.stringMatching(/^no-bid: /) }]),
    );
    expect(page!.deliveries.find((d) => d.target === "auction")).toMatchObject({ status: "delivered", resendable: false });
    // Nor does the action run it again when asked directly.
    expect(await services.leadConsole.resendDelivery(auctionRow.id, { operatorId: "operator-1", email: "operator@example.com", ip: null })).toEqual({
      ok: false,
      message: "An auction is not run again: its bids were offered the lead in turn, and with none left it was routed as usual.",
    });
    expect((await deliveriesOf(leadId)).find((d) => d.id === auctionRow.id)).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("with no bids closes the auction unsold and routes the lead as usual", async () => {
    const pings = await bidders({ silent: { json: {} } });
    const post = await receiver("ok");
    const silent = await addBuyer("silent", { delivery: { method: "webhook", url: post.url, ping: { url: pings.urlOf("silent") } } });
    const fixed = await addBuyer("fixed", { delivery: { method: "webhook", url: post.url }, rules: { priority: 200 } });
    const leadId = await submitLead();
    const rows = await settle(leadId);
    const bought = rows.filter((d) => d.target === "buyer");
    // Routing as usual tries the ping-post buyer first (its priority), then the fixed-price one.
    expect(bought.map((d) => [d.buyer_id, d.status])).toEqual([[silent.id, "delivered"]]);
    const [auctionDecision, routing] = (await routingDecisionsOf(db, leadId)).map((d) => d.decision);
    expect(auctionDecision).toMatchObject({ mode: "auction", unsold: true, tried: [] });
    expect(routing).toMatchObject({ mode: "exclusive", tried: [expect.objectContaining({ buyerId: silent.id })] });
    expect(routing!.considered).toContainEqual({ buyerId: fixed.id, buyerName: "fixed", verdict: "candidate" });
    expect(await auctionOf(db, auctionDecision!.auctionId!)).toMatchObject({ status: "unsold", winnerBuyerId: null });
  });

  describe("and a buyer's own clients list", () => {
    async function clientsList(buyerId: string, name: string) {
      const answer = await services.suppression.upload(uploadRequest({ name, kind: "buyer-clients", buyerId }, { text: "phone\n(415) 555-2671\n" }));
      if (!answer.ok) throw new Error(answer.message);
    }
    const pingBuyer = (name: string, pings: FakeBidders, url: string) =>
      addBuyer(name, { delivery: { method: "webhook", url, ping: { url: pings.urlOf(name) } } });
    const reasonsOf = (decision: { considered: ConsideredBuyer[] }) =>
      Object.fromEntries(decision.considered.map((c) => [c.buyerName, c.verdict === "skipped" ? c.reason : "candidate"]));

    it("a buyer whose clients list holds the lead is not pinged, not offered it, and the decision names its list", async () => {
      const pings = await bidders({ high: { json: { bid: 80 } }, middle: { json: { bid: 45 } } });
      const post = await receiver("ok");
      const high = await pingBuyer("high", pings, post.url);
      const middle = await pingBuyer("middle", pings, post.url);
      await clientsList(high.id, "High's clients");

      const leadId = await submitLead();
      const rows = await settle(leadId);
      expect(pings.received.get("high")).toHaveLength(0);
      expect(pings.received.get("middle")).toHaveLength(1);
      expect(rows.filter((d) => d.target === "buyer").map((d) => [d.buyer_id, d.status])).toEqual([[middle.id, "delivered"]]);
      const [decision] = (await routingDecisionsOf(db, leadId)).map((d) => d.decision);
      expect(decision).toMatchObject({ mode: "auction", tried: [{ buyerId: middle.id }] });
      expect(reasonsOf(decision!)).toEqual({ high: "suppression list: High's clients", middle: "candidate" });
      expect(await services.suppression.ofLead(leadId)).toMatchObject([{ listName: "High's clients", buyerId: high.id }]);
    });

    it("a list uploaded while the auction runs still keeps the lead from that bidder, even with the best bid", async () => {
      const pings = await bidders({ high: { json: { bid: 80 } }, middle: { json: { bid: 45 } } });
      const post = await receiver("ok");
      const high = await pingBuyer("high", pings, post.url);
      const middle = await pingBuyer("middle", pings, post.url);
      const leadId = await submitLead();
      const lead = await db.selectFrom("leads").selectAll().where("id", "=", leadId).executeTakeFirstOrThrow();

      // The worker's two halves, with the upload between them: the bids come in, then the list.
      const auction = await holdAuction(db, lead, { secretBox: null, timeoutMs: 4_000, now: new Date() });
      expect(auction.outcomes.map((o) => [o.buyerId, o.outcome])).toEqual(expect.arrayContaining([[high.id, "bid"], [middle.id, "bid"]]));
      await clientsList(high.id, "High's clients");
      await writeTransaction(db, (trx) => settleAuction(trx, lead, auction, new Date()));

      const offered = await db.selectFrom("deliveries").select(["buyer_id", "price_cents"]).where("lead_id", "=", leadId).where("target", "=", "buyer").execute();
      expect(offered).toEqual([{ buyer_id: middle.id, price_cents: 4500 }]);
      const [decision] = (await routingDecisionsOf(db, leadId)).map((d) => d.decision);
      expect(reasonsOf(decision!)).toEqual({ high: "suppression list: High's clients", middle: "candidate" });
    });
  });
});
