import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BuyerInput } from "../../server/distribution/buyers/buyer-store";
import { saveRoutingMode } from "../../server/distribution/routing/routing-modes";
import { startConsole, type ConsoleRoutes } from "../support/console-leads";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { buyerInput } from "../support/routing-fixtures";

// An operator's re-route from the lead page (docs/decisions/039), through the page's action called with
// plain Requests: to the next buyer by the rules, or to a chosen one, under the sale limit and the caps.

let app: ConsoleRoutes;
const receivers: { close(): Promise<void> }[] = [];
beforeEach(async () => {
  app = await startConsole();
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  await app?.close();
});

async function addBuyer(name: string, rules: Partial<BuyerInput["rules"]> = {}, extra: Partial<BuyerInput> = {}) {
  const saved = await app.services.buyers.create(buyerInput(name, rules, extra));
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  return saved.buyer;
}

const buyerDeliveries = async (leadId: string) =>
  (
    await app.db
      .selectFrom("deliveries")
      .innerJoin("buyers", "buyers.id", "deliveries.buyer_id")
      .select(["buyers.name", "deliveries.status", "deliveries.reserved_day"])
      .where("deliveries.lead_id", "=", leadId)
      .where("buyers.system", "is", null)
      .orderBy("deliveries.created_at")
      .orderBy("deliveries.id")
      .execute()
  ).map((d) => [d.name, d.status, d.reserved_day !== null]);

const sentToday = async (buyerId: string) =>
  (await app.db.selectFrom("buyer_cap_counters").select(["period", "sent"]).where("buyer_id", "=", buyerId).execute())
    .filter((row) => row.period.startsWith("D:"))
    .reduce((sum, row) => sum + Number(row.sent), 0);

type Answer = { toast?: { title: string; description: string; tone: string }; confirm?: { question: string; fields: Record<string, string> } };
const reroute = async (leadId: string, fields: Record<string, string>) => (await app.leadAction(leadId, { intent: "reroute", confirmed: "yes", ...fields })).data as Answer;

describe("re-routing a lead by hand", () => {
  it("asks first, then withdraws the unanswered offer, gives back its slot and sends the lead to the next buyer by the rules, recorded with before and after", async () => {
    const first = await addBuyer("First Firm", { priority: 1 });
    await addBuyer("Second Firm", { priority: 2 });
    await addBuyer("Third Firm", { priority: 3 });
    const leadId = await app.makeLead();
    expect(await buyerDeliveries(leadId)).toEqual([["First Firm", "pending", true]]);

    const asked = (await app.leadAction(leadId, { intent: "reroute", to: "next" })).data as Answer;
    expect(asked.confirm).toMatchObject({ fields: { intent: "reroute", to: "next" } });
    expect(await buyerDeliveries(leadId)).toEqual([["First Firm", "pending", true]]);

    expect((await reroute(leadId, { to: "next" })).toast).toEqual({ title: "Re-routed", description: "Sent to Second Firm. Withdrawn from First Firm.", tone: "success" });
    expect(await buyerDeliveries(leadId)).toEqual([
      ["First Firm", "cancelled", false],
      ["Second Firm", "pending", true],
    ]);
    expect(await sentToday(first.id)).toBe(0);

    // Again: the rules never go back to a buyer the lead was offered to.
    expect((await reroute(leadId, { to: "next" })).toast?.description).toBe("Sent to Third Firm. Withdrawn from Second Firm.");

    const page = (await app.leadPage(leadId)).data as { lead: { routing: { byOperator?: true; sentTo: string[] }[]; rerouteBuyers: { name: string }[] } };
    expect(page.lead.routing.map((r) => [r.byOperator ?? false, r.sentTo])).toEqual([
      [false, ["First Firm"]],
      [true, ["Second Firm"]],
      [true, ["Third Firm"]],
    ]);
    expect(page.lead.rerouteBuyers.map((b) => b.name)).toEqual(["First Firm", "Second Firm", "Third Firm"]);

    const audit = await app.db.selectFrom("audit_log").selectAll().where("action", "=", "reroute-lead").where("target_id", "=", leadId).orderBy("at").execute();
    expect(audit).toHaveLength(2);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({
      to: "next buyer by the rules",
      target: "Second Firm",
      withdrawn: ["First Firm"],
      before: { buyerStatus: "pending", deliveries: [{ buyer: "First Firm", status: "pending" }] },
      after: { buyerStatus: "pending", deliveries: [{ buyer: "First Firm", status: "cancelled" }, { buyer: "Second Firm", status: "pending" }] },
    });
  });

  it("sends the lead to a chosen buyer, and says why when the buyer is paused, takes other claims or has no room under its cap", async () => {
    await addBuyer("First Firm", { priority: 1 });
    const chosen = await addBuyer("Chosen Firm", { priority: 5 });
    const paused = await addBuyer("Paused Firm", {}, { active: false });
    const afff = await addBuyer("AFFF Firm", { filters: { claimTypes: ["AFFF"] } });
    const full = await addBuyer("Full Firm", { caps: { perDay: 0 } });
    const leadId = await app.makeLead();

    const page = (await app.leadPage(leadId)).data as { lead: { rerouteBuyers: { name: string }[] } };
    expect(page.lead.rerouteBuyers.map((b) => b.name)).toEqual(["Chosen Firm", "First Firm", "Full Firm"]);

    expect((await reroute(leadId, { to: "buyer", buyerId: paused.id })).toast?.description).toBe("Paused Firm is paused: resume it first.");
    expect((await reroute(leadId, { to: "buyer", buyerId: afff.id })).toast?.description).toBe("AFFF Firm does not take MVA leads.");
    expect((await reroute(leadId, { to: "buyer", buyerId: full.id })).toast?.description).toBe("Full Firm's daily cap is reached: it cannot be sent this lead now.");
    expect((await reroute(leadId, { to: "buyer", buyerId: "no-such-buyer" })).toast?.description).toBe("Choose one of the buyers listed.");
    // Refused: nothing changed, the first offer still stands.
    expect(await buyerDeliveries(leadId)).toEqual([["First Firm", "pending", true]]);

    expect((await reroute(leadId, { to: "buyer", buyerId: chosen.id })).toast?.description).toBe("Sent to Chosen Firm. Withdrawn from First Firm.");
    expect(await buyerDeliveries(leadId)).toEqual([
      ["First Firm", "cancelled", false],
      ["Chosen Firm", "pending", true],
    ]);
    expect(await sentToday(chosen.id)).toBe(1);
  });

  it("refuses past the sale limit: an exclusive lead once sold, a shared lead once N buyers took it", async () => {
    const receiver = await startFakeReceiver("ok");
    receivers.push(receiver);
    const webhook = { method: "webhook" as const, url: receiver.url };
    await addBuyer("Buyer A", { priority: 1 }, { delivery: webhook });
    const b = await addBuyer("Buyer B", { priority: 2 }, { delivery: webhook });
    const c = await addBuyer("Buyer C", { priority: 3 }, { delivery: webhook });

    const exclusive = await app.makeLead();
    await waitFor(async () => (await app.services.deliveryWorker.runOnce(), (await buyerDeliveries(exclusive))[0]?.[1] === "delivered"), "buyer A to take the lead");
    for (const fields of [{ to: "next" }, { to: "buyer", buyerId: b.id }] as Record<string, string>[]) {
      expect((await reroute(exclusive, fields)).toast).toEqual({
        title: "Error",
        description: "This lead is already sold to Buyer A: its claim is exclusive, sold once.",
        tone: "error",
      });
    }
    expect(await buyerDeliveries(exclusive)).toEqual([["Buyer A", "delivered", true]]);

    await saveRoutingMode(app.db, "MVA", { mode: "shared", maxBuyers: 2 });
    const shared = await app.makeLead();
    await waitFor(async () => (await app.services.deliveryWorker.runOnce(), (await buyerDeliveries(shared)).every((d) => d[1] === "delivered")), "both buyers to take the lead");
    expect((await buyerDeliveries(shared)).map((d) => d[0])).toEqual(expect.arrayContaining(["Buyer A", "Buyer B"]));
    expect((await reroute(shared, { to: "buyer", buyerId: c.id })).toast?.description).toBe(
      "This lead is already sold to Buyer A and Buyer B: its claim is shared by at most 2 buyers.",
    );
  });
});
