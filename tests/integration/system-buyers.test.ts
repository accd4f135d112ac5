import { Webhook } from "standardwebhooks";
import { Migrator } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { syncSystemBuyers, WEBHOOK_BUYER_ID } from "../../server/distribution/buyers/system-buyers";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { migrations } from "../../server/db/migrations";
import { newDeliveries } from "../../server/distribution/delivery/outbox";
import { createLogger } from "../../server/logger";
import { routingDecisionsOf } from "../../server/distribution/routing/route-lead";
import { routingModeOf, saveRoutingMode } from "../../server/distribution/routing/routing-modes";
import { createServices, type Services } from "../../server/services";
import { afffAnswers } from "#claims/afff/examples";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { anotherPerson } from "../support/distinct-people";
import { mvaAnswers } from "#claims/mva/examples";
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
async function start({ env = {}, sync = true, databaseUrl, upTo }: { env?: Record<string, string>; sync?: boolean; databaseUrl?: string; upTo?: string } = {}) {
  const config = configOf(databaseUrl ?? (await testDatabaseUrl("system-buyers")), env);
  db = await openDatabase(config.database);
  if (upTo) await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(upTo);
  else await migrateToLatest(db);
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
const salesOf = (leadId: string) =>
  db!.selectFrom("ledger_entries").select(["buyer_id", "kind", "amount_cents"]).where("lead_id", "=", leadId).orderBy("created_at").execute();
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

// Issue 24, item 3 (docs/decisions/038): the setup page's webhook is the operator's own copy of every
// lead that is not spam, alongside any sale; it is never a buyer, never a sale, and never counts
// against caps. Legal Bridge stays a buyer.
describe("system buyers", () => {
  it("are the claims' partners only (Legal Bridge taking AFFF, exclusive); the webhook is no buyer", async () => {
    const { services } = await start({ env: { WEBHOOK_PROVIDER_NAME: "Opta.io", OPERATOR_TIME_ZONE: "America/Chicago" } });
    const buyers = await services.buyers.list();
    expect(buyers.map((b) => [b.id, b.name, b.system, b.delivery.method, b.active])).toEqual([[LEGAL_BRIDGE_ID, "Legal Bridge", "legal-bridge", "post", true]]);
    const [legalBridge] = buyers;
    expect(legalBridge!.rules).toMatchObject({ timeZone: "America/Chicago", caps: {}, schedule: null });
    expect(legalBridge!.rules.filters.claimTypes).toEqual(["AFFF"]);
    // The spec's fields, in its order, for the admin to see; the claim's mapping fills them.
    expect(Object.keys((legalBridge!.delivery as { fields: Record<string, string> }).fields).slice(0, 3)).toEqual(["Format", "Key", "API_Action"]);
    expect(await routingModeOf(db!, "AFFF")).toEqual({ mode: "exclusive" });
    expect(await routingModeOf(db!, "MVA")).toEqual({ mode: "exclusive" });
  });

  it("keep the operator's rules, pause and modes on the next start", async () => {
    const databaseUrl = await testDatabaseUrl("system-buyers");
    const first = await start({ databaseUrl });
    await first.services.buyers.setActive(LEGAL_BRIDGE_ID, false);
    await saveRoutingMode(db!, "AFFF", { mode: "shared", maxBuyers: 3 });
    await db!.destroy();

    await start({ databaseUrl });
    expect(await db!.selectFrom("buyers").select(["id", "active"]).execute()).toEqual([{ id: LEGAL_BRIDGE_ID, active: 0 }]);
    expect(await routingModeOf(db!, "AFFF")).toEqual({ mode: "shared", maxBuyers: 3 });
  });

  it("queue no webhook copy while no URL is saved: an MVA lead with no buyer is unsold; Legal Bridge's delivery waits", async () => {
    const { services } = await start();
    const leadId = await submit(services, "mva");
    expect(await deliveriesOf(leadId)).toEqual([]);
    const [routing] = await routingDecisionsOf(db!, leadId);
    expect(routing!.decision.considered).toEqual([{ buyerId: LEGAL_BRIDGE_ID, buyerName: "Legal Bridge", verdict: "skipped", reason: "claim type" }]);
    expect((await leadOf(leadId)).buyer_status).toBe("unsold");

    const afffId = await submit(services, "afff");
    expect((await deliveriesOf(afffId)).map((d) => [d.target, d.buyer_id, d.status])).toEqual([["legal-bridge", LEGAL_BRIDGE_ID, "pending"]]);
  });

  it("send the webhook a copy of every lead beside its sale: an MVA lead with no buyer is not sold, an AFFF lead is sold to Legal Bridge", async () => {
    const partner = await receiver({ status: 200, json: { status: "Success" } });
    const { services } = await start({ env: { LEGAL_BRIDGE_URL: partner.url, LEGAL_BRIDGE_API_KEY: "lb-key" } });
    const hook = await receiver("ok");
    await services.settings.saveWebhookUrl(hook.url);

    const mvaId = await submit(services, "mva");
    const afffId = await submit(services, "afff");
    expect((await deliveriesOf(mvaId)).map((d) => [d.target, d.buyer_id, d.reserved_day])).toEqual([["webhook", null, null]]);
    expect((await deliveriesOf(afffId)).map((d) => [d.target, d.buyer_id])).toEqual([
      ["legal-bridge", LEGAL_BRIDGE_ID],
      ["webhook", null],
    ]);

    expect((await settle(services, mvaId)).map((d) => d.status)).toEqual(["delivered"]);
    expect((await settle(services, afffId)).map((d) => d.status)).toEqual(["delivered", "delivered"]);
    const secret = await services.settings.webhookSecret();
    const ids = hook.received.map((request) => request.headers["webhook-id"]);
    expect(ids.sort()).toEqual([(await deliveriesOf(mvaId))[0]!.id, (await deliveriesOf(afffId))[1]!.id].sort());
    for (const request of hook.received) {
      expect(() => new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).not.toThrow();
    }
    expect(partner.received).toHaveLength(1);
    expect(partner.received[0]!.body).toContain("lb-key");
    expect(await leadOf(mvaId)).toMatchObject({ webhook_sent: 1, webhook_error: null, buyer_status: "unsold" });
    expect(await leadOf(afffId)).toMatchObject({ webhook_sent: 1, webhook_error: null, buyer_status: "sold" });
    expect(await salesOf(mvaId)).toEqual([]);
    expect(await salesOf(afffId)).toEqual([{ buyer_id: LEGAL_BRIDGE_ID, kind: "sale", amount_cents: 0 }]);
    expect(await sentToday(WEBHOOK_BUYER_ID)).toBe(0);
    expect(await sentToday(LEGAL_BRIDGE_ID)).toBe(1);
  });

  it("keep sending the webhook its copy when the operator adds a buyer: the buyer buys, the copy goes alongside", async () => {
    const { services } = await start();
    const hook = await receiver("ok");
    await services.settings.saveWebhookUrl(hook.url);
    const firm = await receiver("ok");
    const saved = await services.buyers.create(buyerInput("Firm", { price: 45 }, { delivery: { method: "webhook", url: firm.url } }));
    if (!saved.ok) throw new Error(JSON.stringify(saved.errors));

    const leadId = await submit(services, "mva");
    const rows = await settle(services, leadId);
    expect(rows.map((d) => [d.target, d.buyer_id, d.status])).toEqual([
      ["buyer", saved.buyer.id, "delivered"],
      ["webhook", null, "delivered"],
    ]);
    expect(hook.received).toHaveLength(1);
    expect(firm.received).toHaveLength(1);
    expect(await salesOf(leadId)).toEqual([{ buyer_id: saved.buyer.id, kind: "sale", amount_cents: 4500 }]);
    expect((await leadOf(leadId)).buyer_status).toBe("sold");

    // The lead page reads its money from the ledger: a new price changes nothing sold before.
    const repriced = await services.buyers.update(saved.buyer.id, buyerInput("Firm", { price: 38.5 }, { delivery: { method: "webhook", url: firm.url } }));
    expect(repriced.ok).toBe(true);
    expect((await services.leadConsole.detail(leadId))!.money).toEqual({
      entries: [{ at: expect.any(String), kind: "sale", buyer: "Firm", amountCents: 4500, priceSource: "fixed", returned: false, note: null }],
      netCents: 4500,
    });

    // The lead list: a revenue column and a filter by the buyer it was sold to, both from the ledger.
    const soldToFirm = await services.leadConsole.list(new URLSearchParams({ sold_to: saved.buyer.id }));
    expect(soldToFirm.ok && soldToFirm.leads.map((lead) => [lead.id, lead.revenueCents])).toEqual([[leadId, 4500]]);
    const soldToBridge = await services.leadConsole.list(new URLSearchParams({ sold_to: LEGAL_BRIDGE_ID }));
    expect(soldToBridge.ok && soldToBridge.leads).toEqual([]);
    expect(await services.leadConsole.list(new URLSearchParams({ sold_to: "not a buyer's id!" }))).toMatchObject({ ok: false, errors: { sold_to: "Choose a buyer from the list." } });
  });

  it("take Legal Bridge's 'Error' answer as its rejection: tried once, its slot given back, the lead unsold; the webhook still has its copy", async () => {
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
    expect((await leadOf(afffId)).buyer_status).toBe("unsold");
    expect(await salesOf(afffId)).toEqual([]);
    const decisions = (await routingDecisionsOf(db!, afffId)).map((d) => d.decision);
    expect(decisions.at(-1)).toMatchObject({ alreadyTried: [LEGAL_BRIDGE_ID], tried: [], unsold: true });
  });

  it("leave deliveries queued before them as they were, and give a lead one copy through spam and back", async () => {
    const databaseUrl = await testDatabaseUrl("system-buyers");
    const before = await start({ databaseUrl, sync: false });
    const hook = await receiver("ok");
    await before.services.settings.saveWebhookUrl(hook.url);
    const leadId = await submit(before.services, "mva");
    await db!.deleteFrom("deliveries").where("lead_id", "=", leadId).execute();
    // What intake queued before the webhook was a buyer: a webhook row with no buyer.
    const lead = await leadOf(leadId);
    const [queued] = newDeliveries(lead, ["webhook"], new Date());
    await db!.insertInto("deliveries").values(queued!).execute();
    await db!.destroy();

    const after = await start({ databaseUrl });
    expect((await settle(after.services, leadId)).map((d) => [d.id, d.status])).toEqual([[queued!.id, "delivered"]]);
    expect(hook.received.map((r) => r.headers["webhook-id"])).toEqual([queued!.id]);

    await after.services.leadConsole.markSpam(leadId, true, operator);
    await after.services.leadConsole.markSpam(leadId, false, operator);
    expect((await deliveriesOf(leadId)).map((d) => [d.id, d.buyer_id])).toEqual([[queued!.id, null]]);
  });

  it("let an operator re-send a failed webhook copy with its webhook-id: no cap slot, no sale", async () => {
    const { services } = await start();
    const hook = await receiver(400);
    await services.settings.saveWebhookUrl(hook.url);
    const leadId = await submit(services, "mva");
    expect((await settle(services, leadId)).map((d) => [d.target, d.status])).toEqual([["webhook", "failed"]]);

    hook.respondNext("ok");
    const [failed] = await deliveriesOf(leadId);
    expect(await services.leadConsole.resendDelivery(failed!.id, operator)).toMatchObject({ ok: true, status: "delivered" });
    expect(hook.received.map((r) => r.headers["webhook-id"])).toEqual([failed!.id, failed!.id]);
    expect(await leadOf(leadId)).toMatchObject({ webhook_sent: 1, buyer_status: "unsold" });
    expect(await sentToday(WEBHOOK_BUYER_ID)).toBe(0);
    expect(await salesOf(leadId)).toEqual([]);
  });

  it("migrate the webhook buyer's data: its rows lose their buyer and slots, a lead only it had is unsold, a paying buyer's take is a sale", async () => {
    // Empty, not the migrated template: the test migrates up to the version before the ledger itself.
    const databaseUrl = await testDatabaseUrl("system-buyers", { empty: true });
    await start({ databaseUrl, sync: false, upTo: "2026-11-26-19-backups-and-metrics" });
    const at = "2026-11-20T15:00:00.000Z";
    const rules = (price?: number) => JSON.stringify({ timeZone: "America/New_York", ...(price === undefined ? {} : { price }) });
    await db!
      .insertInto("buyers")
      .values([
        { id: WEBHOOK_BUYER_ID, system: "webhook", name: "Opta.io", active: 1, method: "webhook", delivery: "{}", rules: rules(), created_at: at, updated_at: at },
        { id: "firm", name: "Firm", active: 1, method: "webhook", delivery: "{}", rules: rules(45), created_at: at, updated_at: at },
      ])
      .execute();
    await db!.insertInto("settings").values({ key: "routing_mode:AFFF", value: JSON.stringify({ mode: "shared", maxBuyers: 2 }), updated_at: at }).execute();
    for (const id of ["only-webhook", "both"]) {
      await db!
        .insertInto("leads")
        .values({ id, created_at: at, case_type: "MVA", st: "TX", tcpa: 1, source: "web_form", form_data: "{}", submission_key: id, submission_sha256: "0", buyer_status: "sold" })
        .execute();
    }
    const delivery = (id: string, leadId: string, buyerId: string, target: "webhook" | "buyer") =>
      ({ id, lead_id: leadId, lead_created_at: at, target, buyer_id: buyerId, status: "delivered" as const, next_attempt_at: at, created_at: at, updated_at: at, delivered_at: at, reserved_day: "D:2026-11-20", reserved_month: "M:2026-11" });
    await db!
      .insertInto("deliveries")
      .values([delivery("d1", "only-webhook", WEBHOOK_BUYER_ID, "webhook"), delivery("d2", "both", WEBHOOK_BUYER_ID, "webhook"), delivery("d3", "both", "firm", "buyer")])
      .execute();
    await db!.insertInto("buyer_cap_counters").values({ buyer_id: WEBHOOK_BUYER_ID, period: "D:2026-11-20", sent: 2 }).execute();

    await migrateToLatest(db!);
    expect(await db!.selectFrom("deliveries").select(["id", "target", "buyer_id", "reserved_day", "status"]).orderBy("id").execute()).toEqual([
      { id: "d1", target: "webhook", buyer_id: null, reserved_day: null, status: "delivered" },
      { id: "d2", target: "webhook", buyer_id: null, reserved_day: null, status: "delivered" },
      { id: "d3", target: "buyer", buyer_id: "firm", reserved_day: "D:2026-11-20", status: "delivered" },
    ]);
    expect(await db!.selectFrom("buyer_cap_counters").selectAll().where("buyer_id", "=", WEBHOOK_BUYER_ID).execute()).toEqual([]);
    expect((await leadOf("only-webhook")).buyer_status).toBe("unsold");
    expect((await leadOf("both")).buyer_status).toBe("sold");
    expect(await salesOf("both")).toEqual([{ buyer_id: "firm", kind: "sale", amount_cents: 4500 }]);
    expect(await salesOf("only-webhook")).toEqual([]);
    expect(await routingModeOf(db!, "AFFF")).toEqual({ mode: "exclusive" });
  });
});
