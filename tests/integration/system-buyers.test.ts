import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { syncSystemBuyers, WEBHOOK_BUYER_ID } from "../../server/buyers/system-buyers";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { newDeliveries } from "../../server/delivery/outbox";
import { createLogger } from "../../server/logger";
import { routingDecisionsOf } from "../../server/routing/route-lead";
import { routingModeOf, saveRoutingMode } from "../../server/routing/routing-modes";
import { createServices, type Services } from "../../server/services";
import { afffAnswers } from "../support/afff-answers";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { anotherPerson } from "../support/distinct-people";
import { mvaAnswers } from "../support/mva-answers";
import { buyerInput, TEST_SECRETS_KEY } from "../support/routing-fixtures";
import { testDatabaseUrl } from "../support/test-database";

const context = { ip: "203.0.113.7", userAgent: "SystemBuyersTest/1.0", pageUrl: null, attribution: null };
const logger = createLogger("silent");
const LEGAL_BRIDGE_ID = "system-legal-bridge";
const operator = { operatorId: "operator-1", email: "operator@example.com", ip: null };

let db: Db | undefined;
const receivers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  await db?.destroy();
  db = undefined;
});

function configOf(databaseUrl: string, env: Record<string, string> = {}) {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    NODE_ENV: "test",
    LEAD_RATE_LIMIT_PER_HOUR: "0",
    DELIVERY_RETRY_SCHEDULE: "20,20",
    DELIVERY_TIMEOUT_MS: "500",
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...env,
  });
}

/** A migrated database and its services; the system buyers are synced unless `sync` is false (a start before them). */
async function start({ env = {}, sync = true, databaseUrl }: { env?: Record<string, string>; sync?: boolean; databaseUrl?: string } = {}) {
  const config = configOf(databaseUrl ?? (await testDatabaseUrl("system-buyers")), env);
  db = await openDatabase(config.database);
  await migrateToLatest(db);
  if (sync) await syncSystemBuyers(db, config);
  return { config, db, services: createServices(config, db, logger) };
}

async function receiver(...args: Parameters<typeof startFakeReceiver>) {
  const started = await startFakeReceiver(...args);
  receivers.push(started);
  return started;
}

async function submit(services: Services, slug: "mva" | "afff") {
  const result = await services.leads.submit(slug, slug === "mva" ? mvaAnswers(anotherPerson()) : afffAnswers(anotherPerson()), context);
  if (result.status !== "created") throw new Error(`not created: ${result.status}`);
  return result.leadId;
}

const deliveriesOf = (leadId: string) =>
  db!.selectFrom("deliveries").select(["id", "target", "buyer_id", "status", "reserved_day"]).where("lead_id", "=", leadId).orderBy("target").execute();
const leadOf = (leadId: string) => db!.selectFrom("leads").selectAll().where("id", "=", leadId).executeTakeFirstOrThrow();
const sentToday = async (buyerId: string) =>
  Number((await db!.selectFrom("buyer_cap_counters").select("sent").where("buyer_id", "=", buyerId).where("period", "like", "D:%").executeTakeFirst())?.sent ?? 0);

async function settle(services: Services, leadId: string) {
  await waitFor(async () => {
    await services.deliveryWorker.runOnce();
    return (await deliveriesOf(leadId)).every((d) => ["delivered", "failed", "dead"].includes(d.status));
  }, "the deliveries to settle");
  return deliveriesOf(leadId);
}

describe("system buyers", () => {
  it("are the spec's webhook, named after WEBHOOK_PROVIDER_NAME and taking every claim, and Legal Bridge taking AFFF", async () => {
    const { services } = await start({ env: { WEBHOOK_PROVIDER_NAME: "Opta.io", OPERATOR_TIME_ZONE: "America/Chicago" } });
    const buyers = await services.buyers.list();
    expect(buyers.map((b) => [b.id, b.name, b.system, b.delivery.method, b.active])).toEqual([
      [LEGAL_BRIDGE_ID, "Legal Bridge", "legal-bridge", "post", true],
      [WEBHOOK_BUYER_ID, "Opta.io", "webhook", "webhook", true],
    ]);
    const [legalBridge, webhook] = buyers;
    expect(webhook!.rules).toMatchObject({ timeZone: "America/Chicago", filters: { claimTypes: [], states: [], eligibleOnly: false }, caps: {}, schedule: null });
    expect(legalBridge!.rules.filters.claimTypes).toEqual(["AFFF"]);
    expect(legalBridge!.rules.caps).toEqual({});
    // The spec's fields, in its order, for the admin to see; the claim's mapping fills them.
    expect(Object.keys((legalBridge!.delivery as { fields: Record<string, string> }).fields).slice(0, 3)).toEqual(["Format", "Key", "API_Action"]);
    // AFFF keeps going to both; every other claim is exclusive.
    expect(await routingModeOf(db!, "AFFF")).toEqual({ mode: "shared", maxBuyers: 2 });
    expect(await routingModeOf(db!, "MVA")).toEqual({ mode: "exclusive" });
  });

  it("are renamed on the next start after WEBHOOK_PROVIDER_NAME changes, keeping the operator's rules and modes", async () => {
    const databaseUrl = await testDatabaseUrl("system-buyers");
    const first = await start({ databaseUrl, env: { WEBHOOK_PROVIDER_NAME: "Opta.io" } });
    const edited = await first.services.buyers.update(WEBHOOK_BUYER_ID, {
      ...buyerInput("Renamed by hand", { caps: { perDay: 5 }, priority: 7, filters: { claimTypes: ["MVA"], states: ["TX"], eligibleOnly: true } }),
      // Ignored: a system buyer is sent by the site's webhook settings.
      delivery: { method: "post", url: "https://elsewhere.example/", format: "json", fields: { a: "{fn}" } },
    });
    expect(edited.ok).toBe(true);
    await first.services.buyers.setActive(LEGAL_BRIDGE_ID, false);
    await saveRoutingMode(db!, "AFFF", { mode: "exclusive" });
    await db!.destroy();

    const second = await start({ databaseUrl, env: { WEBHOOK_PROVIDER_NAME: "LeadHub" } });
    const webhook = (await second.services.buyers.get(WEBHOOK_BUYER_ID))!;
    expect(webhook.name).toBe("LeadHub");
    expect(webhook.delivery.method).toBe("webhook");
    expect(webhook.rules).toMatchObject({ caps: { perDay: 5 }, priority: 7, timeZone: "America/New_York", filters: { claimTypes: ["MVA"], states: ["TX"], eligibleOnly: true } });
    expect((await second.services.buyers.get(LEGAL_BRIDGE_ID))!.active).toBe(false);
    expect(await routingModeOf(db!, "AFFF")).toEqual({ mode: "exclusive" });
    expect(await db!.selectFrom("buyers").select("id").execute()).toHaveLength(2);
  });

  it("skip the webhook as 'not configured' while no URL is saved: the lead is unsold, and nothing is queued for it", async () => {
    const { services } = await start();
    const leadId = await submit(services, "mva");
    expect(await deliveriesOf(leadId)).toEqual([]);
    const [routing] = await routingDecisionsOf(db!, leadId);
    expect(routing!.decision.considered).toEqual([
      { buyerId: LEGAL_BRIDGE_ID, buyerName: "Legal Bridge", verdict: "skipped", reason: "claim type" },
      { buyerId: WEBHOOK_BUYER_ID, buyerName: "Opta.io", verdict: "skipped", reason: "not configured" },
    ]);
    expect(routing!.decision.unsold).toBe(true);
    expect((await leadOf(leadId)).buyer_status).toBe("unsold");

    // Legal Bridge is not skipped when it is not configured: its delivery waits, as before.
    const afffId = await submit(services, "afff");
    expect((await deliveriesOf(afffId)).map((d) => [d.target, d.buyer_id, d.status])).toEqual([["legal-bridge", LEGAL_BRIDGE_ID, "pending"]]);
  });

  it("send an MVA lead to the webhook only, and an AFFF lead to the webhook and Legal Bridge, by today's senders", async () => {
    const partner = await receiver({ status: 200, json: { status: "Success" } });
    const { services } = await start({ env: { LEGAL_BRIDGE_URL: partner.url, LEGAL_BRIDGE_API_KEY: "lb-key" } });
    const hook = await receiver("ok");
    await services.settings.saveWebhookUrl(hook.url);

    const mvaId = await submit(services, "mva");
    const afffId = await submit(services, "afff");
    expect((await deliveriesOf(mvaId)).map((d) => [d.target, d.buyer_id])).toEqual([["webhook", WEBHOOK_BUYER_ID]]);
    expect((await deliveriesOf(afffId)).map((d) => [d.target, d.buyer_id])).toEqual([
      ["legal-bridge", LEGAL_BRIDGE_ID],
      ["webhook", WEBHOOK_BUYER_ID],
    ]);

    expect((await settle(services, mvaId)).map((d) => d.status)).toEqual(["delivered"]);
    expect((await settle(services, afffId)).map((d) => d.status)).toEqual(["delivered", "delivered"]);
    const secret = await services.settings.webhookSecret();
    const ids = hook.received.map((request) => request.headers["webhook-id"]);
    expect(ids.sort()).toEqual([(await deliveriesOf(mvaId))[0]!.id, (await deliveriesOf(afffId))[1]!.id].sort());
    for (const request of hook.received) {
      expect(() => new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).not.toThrow();
    }
    // The partner got its spec form with the key from configuration.
    expect(partner.received).toHaveLength(1);
    expect(partner.received[0]!.body).toContain("lb-key");
    for (const leadId of [mvaId, afffId]) {
      expect(await leadOf(leadId)).toMatchObject({ webhook_sent: 1, webhook_error: null, buyer_status: "sold" });
    }
    expect(await sentToday(WEBHOOK_BUYER_ID)).toBe(2);
    expect(await sentToday(LEGAL_BRIDGE_ID)).toBe(1);
  });

  it("take Legal Bridge's 'Error' answer as its rejection: tried once, its slot given back, the lead still sold to the webhook", async () => {
    const partner = await receiver({ status: 200, json: { status: "Error", error: "Duplicate lead" } });
    const { services } = await start({ env: { LEGAL_BRIDGE_URL: partner.url, LEGAL_BRIDGE_API_KEY: "lb-key" } });
    const hook = await receiver("ok");
    await services.settings.saveWebhookUrl(hook.url);
    const afffId = await submit(services, "afff");
    const [legalBridge, webhook] = await settle(services, afffId);
    expect(partner.received).toHaveLength(1);
    expect(legalBridge).toMatchObject({ target: "legal-bridge", status: "failed", reserved_day: null });
    expect(webhook).toMatchObject({ target: "webhook", status: "delivered" });
    expect(await sentToday(LEGAL_BRIDGE_ID)).toBe(0);
    expect((await leadOf(afffId)).buyer_status).toBe("sold");
    // The cascade found no other buyer for the place Legal Bridge left.
    const decisions = (await routingDecisionsOf(db!, afffId)).map((d) => d.decision);
    expect(decisions.at(-1)).toMatchObject({ alreadyTried: [LEGAL_BRIDGE_ID, WEBHOOK_BUYER_ID].sort(), tried: [], unsold: true });
  });

  it("leave deliveries queued before them as they were: sent with their own id as webhook-id, settling nothing", async () => {
    const databaseUrl = await testDatabaseUrl("system-buyers");
    const before = await start({ databaseUrl, sync: false });
    const hook = await receiver("ok");
    await before.services.settings.saveWebhookUrl(hook.url);
    const leadId = await submit(before.services, "mva");
    // What intake queued before the upgrade: a webhook row with no buyer.
    const lead = await leadOf(leadId);
    const [queued] = newDeliveries(lead, ["webhook"], new Date());
    await db!.insertInto("deliveries").values(queued!).execute();
    await db!.destroy();

    const after = await start({ databaseUrl });
    expect(await deliveriesOf(leadId)).toEqual([{ id: queued!.id, target: "webhook", buyer_id: null, status: "pending", reserved_day: null }]);
    expect((await settle(after.services, leadId)).map((d) => [d.id, d.status])).toEqual([[queued!.id, "delivered"]]);
    expect(hook.received.map((r) => r.headers["webhook-id"])).toEqual([queued!.id]);
    expect(await leadOf(leadId)).toMatchObject({ webhook_sent: 1, buyer_status: null });
    expect(await routingDecisionsOf(db!, leadId)).toEqual([]);
    expect(await sentToday(WEBHOOK_BUYER_ID)).toBe(0);

    // Marked as spam and back, it is not sent to the webhook a second time by routing.
    await after.services.leadConsole.markSpam(leadId, true, operator);
    await after.services.leadConsole.markSpam(leadId, false, operator);
    expect((await deliveriesOf(leadId)).map((d) => [d.id, d.buyer_id])).toEqual([[queued!.id, null]]);
  });

  it("let an operator re-send a failed webhook delivery with its webhook-id, counting it again, unless the lead went to another buyer", async () => {
    const { services } = await start();
    const hook = await receiver(400);
    await services.settings.saveWebhookUrl(hook.url);

    const alone = await submit(services, "mva");
    expect((await settle(services, alone)).map((d) => [d.target, d.status, d.reserved_day])).toEqual([["webhook", "failed", null]]);
    expect(await sentToday(WEBHOOK_BUYER_ID)).toBe(0);
    expect((await leadOf(alone)).buyer_status).toBe("unsold");

    hook.respondNext("ok");
    const [failed] = await deliveriesOf(alone);
    const resent = await services.leadConsole.resendDelivery(failed!.id, operator);
    expect(resent).toMatchObject({ ok: true, status: "delivered" });
    expect(hook.received.map((r) => r.headers["webhook-id"])).toEqual([failed!.id, failed!.id]);
    expect(await sentToday(WEBHOOK_BUYER_ID)).toBe(1);
    expect(await leadOf(alone)).toMatchObject({ webhook_sent: 1, buyer_status: "sold" });

    // Another buyer, tried after the webhook: the failed lead cascades to it, and is not sent twice.
    const firm = await receiver("ok");
    const saved = await services.buyers.create(buyerInput("Firm", { priority: 200 }, { delivery: { method: "webhook", url: firm.url } }));
    if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
    hook.respondNext(400);
    const cascaded = await submit(services, "mva");
    const rows = await settle(services, cascaded);
    expect(rows.map((d) => [d.target, d.buyer_id, d.status])).toEqual([
      ["buyer", saved.buyer.id, "delivered"],
      ["webhook", WEBHOOK_BUYER_ID, "failed"],
    ]);
    const refused = await services.leadConsole.resendDelivery(rows[1]!.id, operator);
    expect(refused).toEqual({ ok: false, message: expect.stringContaining("This lead went to Firm after Opta.io did not take it") });
    // Re-sending the failed ones of a view leaves it too, and says so.
    expect(await services.leadConsole.resendFiltered(new URLSearchParams(), "webhook", operator)).toEqual({ ok: true, count: 0, skipped: 1, target: "webhook" });
    expect((await deliveriesOf(cascaded))[1]!.status).toBe("failed");
    expect(await sentToday(WEBHOOK_BUYER_ID)).toBe(1);
  });

  it("let an operator re-send the webhook delivery of an AFFF lead Legal Bridge took: a shared lead has room for both", async () => {
    const partner = await receiver({ status: 200, json: { status: "Success" } });
    const { services } = await start({ env: { LEGAL_BRIDGE_URL: partner.url, LEGAL_BRIDGE_API_KEY: "lb-key" } });
    const hook = await receiver(400);
    await services.settings.saveWebhookUrl(hook.url);
    const leadId = await submit(services, "afff");
    const [legalBridge, webhook] = await settle(services, leadId);
    expect([legalBridge!.status, webhook!.status]).toEqual(["delivered", "failed"]);

    hook.respondNext("ok");
    expect(await services.leadConsole.resendDelivery(webhook!.id, operator)).toMatchObject({ ok: true, status: "delivered" });
    expect(hook.received.map((r) => r.headers["webhook-id"])).toEqual([webhook!.id, webhook!.id]);
    expect(await leadOf(leadId)).toMatchObject({ webhook_sent: 1, buyer_status: "sold" });
    expect([await sentToday(WEBHOOK_BUYER_ID), await sentToday(LEGAL_BRIDGE_ID)]).toEqual([1, 1]);
  });
});
