import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { syncSystemBuyers } from "../../server/distribution/buyers/system-buyers";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { createDeliveryWorker } from "../../server/distribution/delivery/worker";
import { createLogger } from "../../server/logger";
import { createServices, type Services } from "../../server/services";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { afffAnswers } from "#claims/afff/examples";
import { anotherPerson } from "../support/distinct-people";
import { mvaAnswers } from "#claims/mva/examples";
import { testDatabaseUrl } from "../support/test-database";

const context = { ip: "203.0.113.7", userAgent: "DeliveryTest/1.0", pageUrl: null, attribution: { utm_source: "tv" } };

let db: Db;
let services: Services;
let config: ReturnType<typeof loadConfig>;
const logger = createLogger("silent");

beforeEach(async () => {
  config = loadConfig({
    DATABASE_URL: await testDatabaseUrl("claims-delivery"),
    NODE_ENV: "test",
    LEAD_RATE_LIMIT_PER_HOUR: "0",
    DELIVERY_RETRY_SCHEDULE: "20,20,20",
    DELIVERY_TIMEOUT_MS: "300",
    WEBHOOK_COMPANY_ID: "co-1",
    WEBHOOK_CAMPAIGN_ID: "camp-9",
  });
  db = await openDatabase(config.database);
  await migrateToLatest(db);
  await syncSystemBuyers(db, config);
  services = createServices(config, db, logger);
});
afterEach(async () => {
  await db.destroy();
});

async function submitLead(overrides: Record<string, unknown> = {}) {
  const result = await services.leads.submit("mva", mvaAnswers(overrides), context);
  if (result.status !== "created") throw new Error(`not created: ${result.status}`);
  return result.leadId;
}
const deliveryOf = (leadId: string) => db.selectFrom("deliveries").selectAll().where("lead_id", "=", leadId).executeTakeFirstOrThrow();
const attemptsOf = async (leadId: string) =>
  db.selectFrom("delivery_attempts").selectAll().where("delivery_id", "=", (await deliveryOf(leadId)).id).orderBy("attempted_at").execute();
const leadOf = (leadId: string) => db.selectFrom("leads").selectAll().where("id", "=", leadId).executeTakeFirstOrThrow();

/** Runs the worker until the lead's webhook delivery reaches a final state. */
async function deliverUntilSettled(leadId: string) {
  await waitFor(async () => {
    await services.deliveryWorker.runOnce();
    return ["delivered", "failed", "dead"].includes((await deliveryOf(leadId)).status);
  }, "the delivery to settle");
  return deliveryOf(leadId);
}

describe("webhook delivery", () => {
  it("delivers once, signed with the shown secret, and marks the lead sent", async () => {
    const receiver = await startFakeReceiver("ok");
    try {
      await services.settings.saveWebhookUrl(receiver.url);
      const leadId = await submitLead();
      const delivery = await deliverUntilSettled(leadId);
      expect(delivery).toMatchObject({ status: "delivered", attempts: 1, last_status: 200, last_error: null });
      expect(receiver.received).toHaveLength(1);

      const [request] = receiver.received;
      const secret = await services.settings.webhookSecret();
      expect(secret).toMatch(/^whsec_/);
      const headers = {
        "webhook-id": String(request!.headers["webhook-id"]),
        "webhook-timestamp": String(request!.headers["webhook-timestamp"]),
        "webhook-signature": String(request!.headers["webhook-signature"]),
      };
      expect(headers["webhook-id"]).toBe(delivery.id);
      // The official Standard Webhooks library, as a receiver would use it, checks what our worker sent.
      const official = new Webhook(secret);
      expect(official.verify(request!.body, headers)).toEqual(JSON.parse(request!.body));
      expect(() => official.verify(request!.body.replace("Jane", "Joan"), headers)).toThrow(WebhookVerificationError);

      const payload = JSON.parse(request!.body);
      expect(payload).toMatchObject({
        company_id: "co-1",
        campaign_id: "camp-9",
        em: "jane.doe@example.com",
        fn: "Jane",
        ph: "4155552671",
        st: "CA",
        cq1: "No",
        cq2: "Yes",
        tcpa: true,
        ua: "DeliveryTest/1.0",
        ip: "203.0.113.7",
        test: "false",
        eligibilityResult: true,
        leadId,
        case_type: "MVA",
        insuranceCoverage: "Defendant Insurance Coverage, Driver UI or UIM Coverage",
        utm_source: "tv",
      });
      expect(payload.tf).toMatch(/verify-trustedforms-pro\?cert=tfp_/);
      expect(payload.accidentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

      const lead = await leadOf(leadId);
      expect(lead.webhook_sent).toBe(1);
      expect(lead.webhook_sent_at).not.toBeNull();
      expect(lead.webhook_error).toBeNull();
    } finally {
      await receiver.close();
    }
  });

  it("retries a 500 with back-off and then delivers", async () => {
    const receiver = await startFakeReceiver("ok");
    receiver.respondNext(500, 503);
    try {
      await services.settings.saveWebhookUrl(receiver.url);
      const leadId = await submitLead();
      const delivery = await deliverUntilSettled(leadId);
      expect(delivery).toMatchObject({ status: "delivered", attempts: 3 });
      expect((await attemptsOf(leadId)).map((a) => a.status_code)).toEqual([500, 503, 200]);
      expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
      expect((await leadOf(leadId)).webhook_sent).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it("treats a 400 as final: one attempt, the lead keeps the error", async () => {
    const receiver = await startFakeReceiver(400);
    try {
      await services.settings.saveWebhookUrl(receiver.url);
      const leadId = await submitLead();
      expect(await deliverUntilSettled(leadId)).toMatchObject({ status: "failed", attempts: 1, last_status: 400 });
      expect(await leadOf(leadId)).toMatchObject({ webhook_sent: 0, webhook_error: "HTTP 400" });
    } finally {
      await receiver.close();
    }
  });

  it("times out a hanging receiver with 'Request timeout' and gives up when the schedule is used up", async () => {
    const receiver = await startFakeReceiver("hang");
    try {
      await services.settings.saveWebhookUrl(receiver.url);
      const leadId = await submitLead();
      const delivery = await deliverUntilSettled(leadId);
      expect(delivery).toMatchObject({ status: "dead", attempts: 4, last_error: "Request timeout" });
      const attempts = await attemptsOf(leadId);
      expect(attempts).toHaveLength(4);
      for (const a of attempts) expect(a.duration_ms).toBeGreaterThanOrEqual(250);
      expect(await leadOf(leadId)).toMatchObject({ webhook_sent: 0, webhook_error: "Request timeout" });
    } finally {
      await receiver.close();
    }
  });

  it("keeps retrying while the receiver is down and delivers when it comes back", async () => {
    const first = await startFakeReceiver("ok");
    const port = first.port;
    await first.close();
    await services.settings.saveWebhookUrl(`http://127.0.0.1:${port}/hook`);
    const leadId = await submitLead();
    // A first retry after 1 s, so that runOnce (which goes on while anything is due) stops after one
    // attempt even on a slow machine; the 20 ms schedule could make it retry at once.
    const patient = createDeliveryWorker({
      db,
      config: { ...config, delivery: { ...config.delivery, retryScheduleMs: [1_000, 20, 20] } },
      settings: services.settings,
      logger,
    });
    await patient.runOnce();
    const afterFirst = await deliveryOf(leadId);
    expect(afterFirst).toMatchObject({ status: "pending", attempts: 1 });
    expect(afterFirst.last_error).toMatch(/^Network error/);

    const back = await startFakeReceiver("ok", port);
    try {
      expect(await deliverUntilSettled(leadId)).toMatchObject({ status: "delivered" });
      expect(back.received).toHaveLength(1);
    } finally {
      await back.close();
    }
  });

  it("never enqueues spam, and enqueues nothing for the webhook when none is configured", async () => {
    const spamId = await submitLead({ website: "http://spam.example" });
    const noWebhookId = await submitLead();
    const rows = await db.selectFrom("deliveries").selectAll().where("lead_id", "in", [spamId, noWebhookId]).execute();
    expect(rows).toEqual([]);
    const receiver = await startFakeReceiver("ok");
    try {
      await services.settings.saveWebhookUrl(receiver.url);
      await submitLead({ website: "filled-by-a-bot" });
      await services.deliveryWorker.runOnce();
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it("two workers on one database deliver each lead exactly once", async () => {
    const receiver = await startFakeReceiver("ok");
    const secondDb = await openDatabase(config.database);
    try {
      await services.settings.saveWebhookUrl(receiver.url);
      const leadIds = [];
      // Twenty people: one person's repeats would be duplicates, which the webhook buyer does not take.
      for (let i = 0; i < 20; i++) leadIds.push(await submitLead(anotherPerson()));
      const second = createDeliveryWorker({ db: secondDb, config, settings: services.settings, logger });
      const [a, b] = await Promise.all([services.deliveryWorker.runOnce(), second.runOnce()]);
      expect(a + b).toBe(20);
      const ids = receiver.received.map((r) => r.headers["webhook-id"]);
      expect(ids).toHaveLength(20);
      expect(new Set(ids).size).toBe(20);
      for (const leadId of leadIds) expect((await deliveryOf(leadId)).status).toBe("delivered");
    } finally {
      await secondDb.destroy();
      await receiver.close();
    }
  });
});

describe("partner delivery of AFFF leads through the outbox", () => {
  it("sends AFFF leads to Legal Bridge with the configured key, besides the webhook", async () => {
    const partner = await startFakeReceiver({ status: 200, json: { status: "Success" } });
    const hook = await startFakeReceiver("ok");
    const partnerConfig = {
      ...config,
      partners: { "legal-bridge": { ...config.partners["legal-bridge"], url: partner.url, apiKey: "key-123" } },
    };
    const worker = createDeliveryWorker({ db, config: partnerConfig, settings: services.settings, logger });
    try {
      await services.settings.saveWebhookUrl(hook.url);
      const result = await services.leads.submit("afff", afffAnswers(), context);
      if (result.status !== "created") throw new Error(result.status);
      await worker.runOnce();
      const rows = await db.selectFrom("deliveries").select(["target", "status"]).where("lead_id", "=", result.leadId).orderBy("target").execute();
      expect(rows).toEqual([
        { target: "legal-bridge", status: "delivered" },
        { target: "webhook", status: "delivered" },
      ]);
      expect(partner.received).toHaveLength(1);
      expect(partner.received[0]!.body).toContain("key-123");
      expect(partner.received[0]!.body).toContain(result.certificateUrl!);
    } finally {
      await partner.close();
      await hook.close();
    }
  });

  it("without a key, the partner delivery fails with the spec's message and is retried; the lead stays saved", async () => {
    const result = await services.leads.submit("afff", afffAnswers(), context);
    if (result.status !== "created") throw new Error(result.status);
    // A retry a minute later, so a slow machine cannot make the retry due within this runOnce.
    const slowRetries = { ...config, delivery: { ...config.delivery, retryScheduleMs: [60_000] } };
    await createDeliveryWorker({ db, config: slowRetries, settings: services.settings, logger }).runOnce();
    const delivery = await deliveryOf(result.leadId);
    expect(delivery).toMatchObject({ target: "legal-bridge", status: "pending", attempts: 1, last_error: "Legal Bridge API key not configured" });
    expect(await leadOf(result.leadId)).toMatchObject({ case_type: "AFFF" });
  });
});
