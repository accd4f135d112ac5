import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { claims } from "#claims/registry";
import type { BuyerReportView } from "../../app/admin/buyer-report-view";
import type { DeliveryStatus } from "../../server/db/schema";
import { recordSale } from "../../server/ledger";
import { FIRST_PARTY_SOURCE } from "../../server/suppliers/lead-source";
import { buyerDayKey } from "../../server/ledger";
import { auctionsEnabled } from "../../server/distribution/routing/auction-settings";
import { routingModeOf } from "../../server/distribution/routing/routing-modes";
import { startBuyerPages, type BuyerPages } from "../support/buyer-pages";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { anotherPerson } from "../support/distinct-people";
import { mvaAnswers } from "#claims/mva/examples";
import { buyerInput, insertLead } from "../support/routing-fixtures";

// The buyers page's "Routing per claim" forms and the buyer report, through their loaders and
// actions on a real database: modes saved and refused, and a report whose figures come from leads
// really sold by the intake and the worker to local fake buyers, plus older deliveries written as
// the worker leaves them.

interface ListView {
  routing: Array<{ caseType: string; name: string; label: string; values: { mode: string; maxBuyers: string; auction: boolean } }>;
}
interface RoutingAnswer {
  toast?: { title: string; description: string; tone: string };
  routing?: { caseType: string; values: { mode: string; maxBuyers: string; auction: boolean }; errors: Record<string, string> };
}
interface ReportView {
  buyers: BuyerReportView[];
}

const claimName = (caseType: string) => claims.find((claim) => claim.caseType === caseType)!.landing.card.title;

let app: BuyerPages;
beforeAll(async () => {
  app = await startBuyerPages({ env: { DELIVERY_RETRY_SCHEDULE: "20,20", DELIVERY_TIMEOUT_MS: "2000" } });
});
beforeEach(async () => {
  await app.db.deleteFrom("settings").where((eb) => eb.or([eb("key", "like", "routing_mode:%"), eb("key", "like", "auction:%")])).execute();
});
afterAll(() => app?.close());

describe("routing per claim", () => {
  const routingPost = (fields: Record<string, string>, cookie?: string | null) => app.listAction({ intent: "routing", ...fields }, cookie);

  it("lists every claim of the registry, exclusive until saved otherwise", async () => {
    const view = (await app.listPage()).data as ListView;
    expect(view.routing.map((claim) => claim.caseType)).toEqual(claims.map((claim) => claim.caseType));
    expect(view.routing.find((claim) => claim.caseType === "MVA")).toEqual({
      caseType: "MVA",
      name: claimName("MVA"),
      label: "One buyer (exclusive)",
      values: { mode: "exclusive", maxBuyers: "2", auction: false },
    });
  });

  it("saves a claim as shared with up to N buyers, and back to exclusive, with a toast", async () => {
    const shared = await routingPost({ caseType: "MVA", mode: "shared", maxBuyers: "3" });
    expect(shared).toMatchObject({
      status: 200,
      data: { toast: { title: "Routing saved", description: `${claimName("MVA")}: shared with up to 3 buyers.`, tone: "success" } },
    });
    expect(await routingModeOf(app.db, "MVA")).toEqual({ mode: "shared", maxBuyers: 3 });
    expect(await routingModeOf(app.db, "PFAS")).toEqual({ mode: "exclusive" });
    const listed = ((await app.listPage()).data as ListView).routing.find((claim) => claim.caseType === "MVA");
    expect(listed).toMatchObject({ label: "Shared with up to 3 buyers", values: { mode: "shared", maxBuyers: "3" } });

    // The number field is posted with either choice; exclusive ignores whatever it holds.
    const exclusive = await routingPost({ caseType: "MVA", mode: "exclusive", maxBuyers: "lots" });
    expect(exclusive).toMatchObject({ status: 200, data: { toast: { description: `${claimName("MVA")}: one buyer (exclusive).` } } });
    expect(await routingModeOf(app.db, "MVA")).toEqual({ mode: "exclusive" });
  });

  it("turns auctions first on and off for one claim with the same form, and the row says so", async () => {
    const on = await routingPost({ caseType: "MVA", mode: "shared", maxBuyers: "3", auction: "on" });
    expect(on).toMatchObject({
      status: 200,
      data: { toast: { title: "Routing saved", description: `${claimName("MVA")}: shared with up to 3 buyers · auction first.` } },
    });
    expect([await auctionsEnabled(app.db, "MVA"), await auctionsEnabled(app.db, "PFAS")]).toEqual([true, false]);
    expect(await routingModeOf(app.db, "MVA")).toEqual({ mode: "shared", maxBuyers: 3 });
    const listed = () => app.listPage().then((page) => (page.data as ListView).routing.find((claim) => claim.caseType === "MVA"));
    expect(await listed()).toMatchObject({ label: "Shared with up to 3 buyers · auction first", values: { mode: "shared", maxBuyers: "3", auction: true } });

    // Unticked, the box is not posted at all.
    expect((await routingPost({ caseType: "MVA", mode: "shared", maxBuyers: "3" })).status).toBe(200);
    expect(await auctionsEnabled(app.db, "MVA")).toBe(false);
    expect(await listed()).toMatchObject({ label: "Shared with up to 3 buyers", values: { auction: false } });
  });

  it("saves neither the mode nor the auction when the mode is refused", async () => {
    const answer = await routingPost({ caseType: "MVA", mode: "shared", maxBuyers: "0", auction: "on" });
    expect(answer.status).toBe(400);
    expect((answer.data as RoutingAnswer).routing?.values).toEqual({ mode: "shared", maxBuyers: "0", auction: true });
    expect(await auctionsEnabled(app.db, "MVA")).toBe(false);
  });

  it.each<[Record<string, string>, string, string]>([
    [{ caseType: "MVA", mode: "shared", maxBuyers: "1" }, "maxBuyers", "Enter a whole number of buyers from 2 to 10."],
    [{ caseType: "MVA", mode: "shared", maxBuyers: "11" }, "maxBuyers", "Enter a whole number of buyers from 2 to 10."],
    [{ caseType: "MVA", mode: "shared", maxBuyers: "2.5" }, "maxBuyers", "Enter a whole number of buyers from 2 to 10."],
    [{ caseType: "MVA", mode: "shared", maxBuyers: "" }, "maxBuyers", "Enter a whole number of buyers from 2 to 10."],
    [{ caseType: "MVA", mode: "auction", maxBuyers: "3" }, "mode", "Choose one buyer or shared."],
    [{ caseType: "NOPE", mode: "shared", maxBuyers: "3" }, "caseType", "There is no such claim."],
    [{ mode: "shared", maxBuyers: "3" }, "caseType", "There is no such claim."],
  ])("refuses %j with 400 and a message next to the field, saving nothing", async (fields, field, message) => {
    const answer = await routingPost(fields);
    expect(answer.status).toBe(400);
    const data = answer.data as RoutingAnswer;
    expect(data.toast).toEqual({ title: "Routing not saved", description: message, tone: "error" });
    expect(data.routing).toEqual({
      caseType: fields.caseType ?? "",
      values: { mode: fields.mode === "shared" ? "shared" : "exclusive", maxBuyers: fields.maxBuyers, auction: false },
      errors: { [field]: message },
    });
    expect(await app.db.selectFrom("settings").select("key").where("key", "like", "routing_mode:%").execute()).toEqual([]);
  });

  it.each([null, "__Host-admin_session=forged.AAAA"])("refuses anonymous saves with 401 and sends anonymous readers to the login (cookie: %s)", async (cookie) => {
    expect((await routingPost({ caseType: "MVA", mode: "shared", maxBuyers: "3", auction: "on" }, cookie)).status).toBe(401);
    expect(await routingModeOf(app.db, "MVA")).toEqual({ mode: "exclusive" });
    expect(await auctionsEnabled(app.db, "MVA")).toBe(false);
    const report = await app.reportPage(cookie);
    expect([report.status, report.headers.get("location")]).toEqual([302, "/admin/login?next=%2Fadmin%2Fbuyers%2Freport"]);
  });
});

describe("the buyer report", () => {
  const receivers: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  });

  async function fakeBuyer(...args: Parameters<typeof startFakeReceiver>) {
    const receiver = await startFakeReceiver(...args);
    receivers.push(receiver);
    return receiver;
  }

  async function submitLead() {
    const result = await app.services.leads.submit("mva", mvaAnswers(anotherPerson()), { ip: "203.0.113.7", userAgent: "ReportTest/1.0", pageUrl: "https://site.example/mva", attribution: null });
    if (result.status !== "created") throw new Error(`not created: ${result.status}`);
    return result.leadId;
  }

  async function sendUntilSettled(leadId: string) {
    await waitFor(async () => {
      await app.services.deliveryWorker.runOnce();
      const rows = await app.db.selectFrom("deliveries").select("status").where("lead_id", "=", leadId).where("target", "=", "buyer").execute();
      return rows.length > 0 && rows.every((row) => ["delivered", "failed", "dead"].includes(row.status));
    }, "the lead's buyer deliveries to settle");
  }

  /** A delivery as the worker leaves it, at `at`, for a lead of its own. */
  /** A delivery of a past day; `priceCents` as an auction's winning bid leaves on it. */
  /** A delivery from days ago, as the worker would have left it: its post in the log, and a sale in the ledger if taken. */
  async function pastDelivery(buyerId: string, at: Date, status: DeliveryStatus, priceCents: number | null = null) {
    const leadId = randomUUID();
    const id = randomUUID();
    await insertLead(app.db, leadId, { createdAt: at.toISOString() });
    await app.db
      .insertInto("deliveries")
      .values({
        id,
        lead_id: leadId,
        target: "buyer",
        buyer_id: buyerId,
        status,
        price_cents: priceCents,
        next_attempt_at: at.toISOString(),
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
        delivered_at: status === "delivered" ? at.toISOString() : null,
      })
      .execute();
    if (status === "cancelled" || status === "pending") return;
    await app.db
      .insertInto("delivery_attempts")
      .values({ id: randomUUID(), delivery_id: id, attempted_at: at.toISOString(), duration_ms: 5, status_code: status === "delivered" ? 200 : 500, error: null, response_body: null })
      .execute();
    if (status !== "delivered") return;
    const buyer = (await app.buyers.get(buyerId))!;
    await recordSale(app.db, {
      leadId,
      buyerId,
      deliveryId: id,
      caseType: "MVA",
      leadState: "TX",
      leadSource: FIRST_PARTY_SOURCE,
      amountCents: priceCents ?? Math.round((buyer.rules.price ?? 0) * 100),
      priceSource: priceCents === null ? "fixed" : "bid",
      at,
    });
  }

  it("counts each buyer's leads per day in its own zone, its cap left today and its revenue at its price or winning bids", async () => {
    const acmeEndpoint = await fakeBuyer("ok");
    const betaEndpoint = await fakeBuyer("ok");
    // Acme takes the first lead, turns the second down (which cascades to Beta) and takes the third.
    acmeEndpoint.respondNext("ok", { status: 200, json: { status: "Error", message: "Duplicate lead" } }, "ok");
    const acme = await app.buyers.create(
      buyerInput("Acme", { timeZone: "America/Chicago", priority: 1, caps: { perDay: 10 }, price: 212.25 }, {
        delivery: { method: "webhook", url: acmeEndpoint.url, acceptance: { conditions: [{ field: "status", equals: "Error", means: "rejected" }] } },
      }),
    );
    const beta = await app.buyers.create(buyerInput("Beta", { priority: 2 }, { delivery: { method: "webhook", url: betaEndpoint.url } }));
    if (!acme.ok || !beta.ok) throw new Error("buyers not saved");

    for (let i = 0; i < 3; i++) await sendUntilSettled(await submitLead());
    // A fourth lead is routed to Acme and not sent yet: waiting, and holding a slot of its cap.
    await submitLead();
    expect(acmeEndpoint.received).toHaveLength(3);
    expect(betaEndpoint.received).toHaveLength(1);

    const now = new Date();
    const twoDaysAgo = new Date(now.getTime() - 2 * 86_400_000);
    for (const status of ["delivered", "delivered", "delivered", "dead", "cancelled"] as const) await pastDelivery(acme.buyer.id, twoDaysAgo, status);
    // Older than the report's week.
    await pastDelivery(acme.buyer.id, new Date(now.getTime() - 9 * 86_400_000), "delivered");
    // Beta has no price, but won an auction two days ago with a bid of $50.25.
    await pastDelivery(beta.buyer.id, twoDaysAgo, "delivered", 5025);

    const answer = await app.reportPage();
    expect(answer.status).toBe(200);
    const [acmeView, betaView] = [acme, beta].map(({ buyer }) => (answer.data as ReportView).buyers.find((view) => view.id === buyer.id));

    const zero = { sent: 0, accepted: 0, rejected: 0, waiting: 0 };
    const acmeToday = buyerDayKey(now, "America/Chicago");
    expect(acmeView).toMatchObject({ id: acme.buyer.id, name: "Acme", active: true, timeZone: "America/Chicago", price: "$212.25 / lead", capLeft: "7 of 10 left today" });
    expect(acmeView!.days).toHaveLength(7);
    expect(acmeView!.days[0]!.day).toBe(acmeToday);
    expect(acmeView!.days.map((day) => day.day)).toEqual([...acmeView!.days.map((day) => day.day)].sort().reverse());
    const acmeFigures = Object.fromEntries(acmeView!.days.map(({ day, label: _label, ...figures }) => [day, figures]));
    expect(acmeFigures).toEqual({
      ...Object.fromEntries(acmeView!.days.map((day) => [day.day, { ...zero, revenue: "$0.00" }])),
      // Three posts today (the waiting lead is not sent yet): every post counts, each answer once.
      [acmeToday]: { sent: 3, accepted: 2, rejected: 1, waiting: 1, revenue: "$424.50" },
      [buyerDayKey(twoDaysAgo, "America/Chicago")]: { sent: 4, accepted: 3, rejected: 1, waiting: 0, revenue: "$636.75" },
    });
    expect(acmeView!.total).toEqual({ sent: 7, accepted: 5, rejected: 2, waiting: 1, revenue: "$1,061.25" });

    // A new price is for the sales to come: the past stays what it was sold for (the ledger).
    const repriced = await app.buyers.update(acme.buyer.id, {
      ...buyerInput("Acme", { timeZone: "America/Chicago", priority: 1, caps: { perDay: 10 }, price: 38.5 }),
      delivery: (await app.buyers.get(acme.buyer.id))!.delivery,
    });
    expect(repriced.ok).toBe(true);
    const after = ((await app.reportPage()).data as ReportView).buyers.find((view) => view.id === acme.buyer.id)!;
    expect(after.total.revenue).toBe("$1,061.25");
    expect(after.price).toBe("$38.50 / lead");

    const betaToday = buyerDayKey(now, "America/New_York");
    expect(betaView).toMatchObject({ name: "Beta", price: "No price", capLeft: "No daily cap" });
    // Its sale today is in the ledger at no price: $0.00, not "no revenue".
    expect(betaView!.days[0]).toMatchObject({ day: betaToday, sent: 1, accepted: 1, rejected: 0, waiting: 0, revenue: "$0.00" });
    const betaTwoDaysAgo = buyerDayKey(twoDaysAgo, "America/New_York");
    expect(betaView!.days.find((day) => day.day === betaTwoDaysAgo)).toMatchObject({ sent: 1, accepted: 1, revenue: "$50.25" });
    expect(betaView!.days.filter((day) => day.day !== betaToday && day.day !== betaTwoDaysAgo).every((day) => day.sent === 0 && day.revenue === "—")).toBe(true);
    expect(betaView!.total).toEqual({ sent: 2, accepted: 2, rejected: 0, waiting: 0, revenue: "$50.25" });
  });

  it("lists paused buyers too, and a buyer with nothing sent as zeros", async () => {
    const quiet = await app.buyers.create(buyerInput("Quiet", { caps: { perDay: 3 }, price: 45 }));
    if (!quiet.ok) throw new Error("not saved");
    await app.buyers.setActive(quiet.buyer.id, false);
    const view = ((await app.reportPage()).data as ReportView).buyers.find((buyer) => buyer.id === quiet.buyer.id);
    expect(view).toMatchObject({ name: "Quiet", active: false, capLeft: "3 of 3 left today", price: "$45.00 / lead" });
    expect(view!.total).toEqual({ sent: 0, accepted: 0, rejected: 0, waiting: 0, revenue: "$0.00" });
  });
});
