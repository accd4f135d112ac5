import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BuyerInput } from "../../server/distribution/buyers/buyer-store";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { saveRoutingMode } from "../../server/distribution/routing/routing-modes";
import { routingDecisionsOf } from "../../server/distribution/routing/route-lead";
import { createServices, type Services } from "../../server/services";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { anotherPerson } from "../support/distinct-people";
import { mvaAnswers } from "#claims/mva/examples";
import { buyerInput, TEST_SECRETS_KEY } from "../support/routing-fixtures";
import { testDatabaseUrl } from "../support/test-database";

// Leads saved through the real intake are routed to buyers, sent by the real worker to local fake
// buyers with each buyer's mapping, credentials and acceptance rule, and cascade to the next buyer
// when one does not take them, giving back the cap slot they held.

const context = { ip: "203.0.113.7", userAgent: "BuyerTest/1.0", pageUrl: "https://site.example/mva", attribution: null };
const logger = createLogger("silent");
const receivers: { close(): Promise<void> }[] = [];

let db: Db;
let services: Services;

async function start(env: Record<string, string> = {}) {
  const config = loadConfig({
    DATABASE_URL: await testDatabaseUrl("buyer-delivery"),
    NODE_ENV: "test",
    LEAD_RATE_LIMIT_PER_HOUR: "0",
    DELIVERY_RETRY_SCHEDULE: "20,20",
    DELIVERY_TIMEOUT_MS: "500",
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...env,
  });
  db = await openDatabase(config.database);
  await migrateToLatest(db);
  services = createServices(config, db, logger);
}
beforeEach(() => start());
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  await db.destroy();
});

async function fakeBuyer(...args: Parameters<typeof startFakeReceiver>) {
  const receiver = await startFakeReceiver(...args);
  receivers.push(receiver);
  return receiver;
}

async function addBuyer(name: string, url: string, rules: Partial<BuyerInput["rules"]> = {}, extra: Partial<BuyerInput> = {}) {
  const saved = await services.buyers.create(buyerInput(name, rules, { delivery: { method: "webhook", url }, ...extra }));
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  return saved.buyer;
}

async function submitLead(overrides: Record<string, unknown> = {}) {
  const result = await services.leads.submit("mva", mvaAnswers({ ...anotherPerson(), ...overrides }), context);
  if (result.status !== "created") throw new Error(`not created: ${result.status}`);
  return result.leadId;
}

const buyerDeliveriesOf = (leadId: string) =>
  db.selectFrom("deliveries").selectAll().where("lead_id", "=", leadId).where("target", "=", "buyer").orderBy("created_at").orderBy("id").execute();

/** Runs the worker until none of the lead's buyer deliveries is waiting. */
async function sendUntilSettled(leadId: string) {
  await waitFor(async () => {
    await services.deliveryWorker.runOnce();
    const deliveries = await buyerDeliveriesOf(leadId);
    return deliveries.every((d) => ["delivered", "failed", "dead"].includes(d.status)) && deliveries.length > 0;
  }, "the buyer deliveries to settle");
  return buyerDeliveriesOf(leadId);
}

const buyerStatusOf = async (leadId: string) =>
  (await db.selectFrom("leads").select("buyer_status").where("id", "=", leadId).executeTakeFirstOrThrow()).buyer_status;

const sentToday = async (buyerId: string) =>
  (await db.selectFrom("buyer_cap_counters").select(["period", "sent"]).where("buyer_id", "=", buyerId).execute())
    .filter((row) => row.period.startsWith("D:"))
    .reduce((sum, row) => sum + Number(row.sent), 0);

describe("selling a lead to buyers", () => {
  it("posts the buyer's mapped form with its credentials in a header, and a rejection cascades to the next buyer, giving back the slot", async () => {
    const legalBridge = await fakeBuyer({ status: 200, json: { status: "Error", message: "Duplicate lead" } });
    const firm = await fakeBuyer("ok");
    const network = await addBuyer("Network", legalBridge.url, { priority: 1, caps: { perDay: 5 } }, {
      credentials: "lb-secret-key-1234",
      delivery: {
        method: "post",
        format: "form",
        url: legalBridge.url,
        credentialHeader: "X-Api-Key",
        fields: { first_name: "{fn}", full_name: "{fn} {ln}", state: "{st}", ip: "{ip}", page: "{pageUrl}", cert: "{certificateUrl}", coverage: "{answers.insuranceCoverage}", source: "web" },
        acceptance: { conditions: [{ field: "status", equals: "Error", means: "rejected", reasonField: "message" }] },
      },
    });
    const backup = await addBuyer("Backup Firm", firm.url, { priority: 2 });

    const leadId = await submitLead({ fn: "Ana", ln: "Lima", st: "TX" });
    const [rejected, accepted] = await sendUntilSettled(leadId);

    expect(legalBridge.received).toHaveLength(1);
    const sent = legalBridge.received[0]!;
    expect(sent.headers["x-api-key"]).toBe("lb-secret-key-1234");
    const fields = Object.fromEntries(new URLSearchParams(sent.body));
    expect(fields).toEqual({
      first_name: "Ana",
      full_name: "Ana Lima",
      state: "TX",
      ip: "203.0.113.7",
      page: "https://site.example/mva",
      cert: expect.stringMatching(/\/verify-trustedforms-pro\?cert=/),
      coverage: "Defendant Insurance Coverage,Driver UI or UIM Coverage",
      source: "web",
    });

    expect(rejected).toMatchObject({ buyer_id: network.id, status: "failed", last_error: "Duplicate lead", reserved_day: null });
    expect(accepted).toMatchObject({ buyer_id: backup.id, status: "delivered" });
    expect(await sentToday(network.id)).toBe(0);
    expect(await sentToday(backup.id)).toBe(1);

    // The backup buyer gets our signed webhook, its id the delivery's.
    const webhook = firm.received[0]!;
    const secret = await services.settings.webhookSecret();
    expect(() => new Webhook(secret).verify(webhook.body, webhook.headers as Record<string, string>)).not.toThrow();
    expect(webhook.headers["webhook-id"]).toBe(accepted!.id);

    const decisions = (await routingDecisionsOf(db, leadId)).map((d) => d.decision);
    expect(decisions).toEqual([
      expect.objectContaining({ tried: [expect.objectContaining({ buyerId: network.id })], accepted: [], unsold: false, alreadyTried: [] }),
      expect.objectContaining({ tried: [expect.objectContaining({ buyerId: backup.id })], accepted: [backup.id], alreadyTried: [network.id] }),
    ]);
    expect(decisions[1]!.considered).toContainEqual({ buyerId: network.id, buyerName: "Network", verdict: "skipped", reason: "already tried" });

    // The lead page says the same in words.
    const page = await services.leadConsole.detail(leadId);
    expect(page!.routing).toEqual([
      { at: expect.any(String), auction: null, cascade: false, considered: [{ buyer: "Network", verdict: "sent" }, { buyer: "Backup Firm", verdict: "not needed" }], sentTo: ["Network"], acceptedBy: [], unsold: false },
      { at: expect.any(String), auction: null, cascade: true, considered: [{ buyer: "Network", verdict: "already tried" }, { buyer: "Backup Firm", verdict: "sent" }], sentTo: ["Backup Firm"], acceptedBy: ["Backup Firm"], unsold: false },
    ]);
    expect(page!.deliveries.map((d) => [d.target, d.status, d.resendable])).toEqual([
      ["buyer Network", "failed", false],
      ["buyer Backup Firm", "delivered", false],
    ]);
  });

  it("retries a buyer that is down, and cascades once its retries are used up", async () => {
    const down = await fakeBuyer(503);
    const up = await fakeBuyer("ok");
    const first = await addBuyer("Down Firm", down.url, { priority: 1 });
    const second = await addBuyer("Up Firm", up.url, { priority: 2 });
    const leadId = await submitLead();
    const [dead, delivered] = await sendUntilSettled(leadId);
    expect(down.received).toHaveLength(3);
    expect(dead).toMatchObject({ buyer_id: first.id, status: "dead", reserved_day: null });
    expect(delivered).toMatchObject({ buyer_id: second.id, status: "delivered" });
  });

  it("leaves a lead no buyer takes unsold, with every buyer's reason", async () => {
    const receiver = await fakeBuyer("ok");
    const california = await addBuyer("California Firm", receiver.url, { filters: { states: ["CA"] } });
    const leadId = await submitLead({ st: "TX" });
    const [routing] = await routingDecisionsOf(db, leadId);
    expect(routing!.decision).toMatchObject({
      unsold: true,
      tried: [],
      considered: [{ buyerId: california.id, buyerName: "California Firm", verdict: "skipped", reason: "state" }],
    });
    expect(await buyerDeliveriesOf(leadId)).toEqual([]);

    // The console finds it among the unsold, and a sold lead among the sold.
    const sold = await submitLead({ st: "CA" });
    expect(await buyerStatusOf(sold)).toBe("pending");
    await sendUntilSettled(sold);
    expect([await buyerStatusOf(leadId), await buyerStatusOf(sold)]).toEqual(["unsold", "sold"]);
    const listed = async (buyer: string) => {
      const list = await services.leadConsole.list(new URLSearchParams({ buyer }));
      return list.ok ? list.leads.map((lead) => [lead.id, lead.buyerStatus]) : list.errors;
    };
    expect(await listed("unsold")).toEqual([[leadId, "unsold"]]);
    expect(await listed("sold")).toEqual([[sold, "sold"]]);
    expect(await listed("maybe")).toEqual({ buyer: "Buyer is one of pending, sold, unsold, checking, held." });
  });

  it("shares a claim's lead with up to N buyers when its routing is shared", async () => {
    const receiver = await fakeBuyer("ok");
    const buyers = [await addBuyer("A Firm", receiver.url), await addBuyer("B Firm", receiver.url), await addBuyer("C Firm", receiver.url)];
    await saveRoutingMode(db, "MVA", { mode: "shared", maxBuyers: 2 });
    const leadId = await submitLead();
    const delivered = await sendUntilSettled(leadId);
    expect(delivered.map((d) => d.status)).toEqual(["delivered", "delivered"]);
    expect(new Set(delivered.map((d) => d.buyer_id)).size).toBe(2);
    expect(buyers.map((b) => b.id)).toEqual(expect.arrayContaining(delivered.map((d) => d.buyer_id)));
  });

  it("routes nothing while no buyer exists, and nothing for spam", async () => {
    const leadId = await submitLead();
    expect(await routingDecisionsOf(db, leadId)).toEqual([]);
    const receiver = await fakeBuyer("ok");
    await addBuyer("Firm", receiver.url);
    const spam = await services.leads.submit("mva", { ...mvaAnswers(), website: "http://spam.example" }, context);
    if (spam.status !== "created") throw new Error(spam.status);
    expect(await routingDecisionsOf(db, spam.leadId)).toEqual([]);
  });

  it("gives a spam lead's slot back, and routes it when it is marked as not spam", async () => {
    const receiver = await fakeBuyer("hang");
    const firm = await addBuyer("Firm", receiver.url, { caps: { perDay: 1 } });
    const leadId = await submitLead();
    expect(await sentToday(firm.id)).toBe(1);
    const operator = { operatorId: "operator-1", email: "operator@example.com", ip: null };
    expect(await services.leadConsole.markSpam(leadId, true, operator)).toMatchObject({ ok: true });
    expect(await sentToday(firm.id)).toBe(0);
    const [cancelled] = await buyerDeliveriesOf(leadId);
    expect(cancelled!.status).toBe("cancelled");
    expect(await buyerStatusOf(leadId)).toBeNull();
    expect(await services.leadConsole.markSpam(leadId, false, operator)).toMatchObject({ ok: true, queued: 1 });
    // A new offer in a row of its own; the cancelled one stays as it was.
    expect((await buyerDeliveriesOf(leadId)).map((d) => [d.id === cancelled!.id, d.status])).toEqual(expect.arrayContaining([[true, "cancelled"], [false, "pending"]]));
    expect(await sentToday(firm.id)).toBe(1);
  });

  it("does not send credentials it cannot open, and says why", async () => {
    const receiver = await fakeBuyer("ok");
    const other = await addBuyer("Other Key Firm", receiver.url, {}, { credentials: "key-0000-aaaa" });
    // As if sealed under another SECRETS_KEY.
    await db.updateTable("buyers").set({ credentials_sealed: "v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA" }).where("id", "=", other.id).execute();
    const leadId = await submitLead();
    await services.deliveryWorker.runOnce();
    const [delivery] = await buyerDeliveriesOf(leadId);
    expect(delivery!.last_error).toMatch(/^Other Key Firm's credentials cannot be opened/);
    expect(receiver.received).toHaveLength(0);
  });
});
