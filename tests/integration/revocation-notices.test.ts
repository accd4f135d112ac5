import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BuyerInput } from "../../server/distribution/buyers/buyer-store";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { phoneContact } from "../../server/contacts/person-contact";
import { createServices, type Services } from "../../server/services";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { mvaAnswers } from "#claims/mva/examples";
import { buyerInput, TEST_SECRETS_KEY } from "../support/routing-fixtures";
import { testDatabaseUrl } from "../support/test-database";

// Revocations reach every buyer who saw the contact details (docs/decisions/039): a buyer that
// rejected the lead is told too, at its own revocation URL when it has one, and every notice is on
// the lead page with the receiver's answer.

const context = { ip: "203.0.113.7", userAgent: "NoticeTest/1.0", pageUrl: null, attribution: null };
const logger = createLogger("silent");
const receivers: { close(): Promise<void> }[] = [];

let db: Db;
let services: Services;

beforeEach(async () => {
  const config = loadConfig({
    DATABASE_URL: await testDatabaseUrl("revocation-notices"),
    NODE_ENV: "test",
    LEAD_RATE_LIMIT_PER_HOUR: "0",
    DELIVERY_RETRY_SCHEDULE: "20,20",
    DELIVERY_TIMEOUT_MS: "2000",
    SECRETS_KEY: TEST_SECRETS_KEY,
  });
  db = await openDatabase(config.database);
  await migrateToLatest(db);
  services = createServices(config, db, logger);
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  await db.destroy();
});

async function fakeBuyer(...args: Parameters<typeof startFakeReceiver>) {
  const receiver = await startFakeReceiver(...args);
  receivers.push(receiver);
  return receiver;
}

async function addBuyer(name: string, rules: Partial<BuyerInput["rules"]>, extra: Partial<BuyerInput>) {
  const saved = await services.buyers.create(buyerInput(name, rules, extra));
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  return saved.buyer;
}

async function settleAll() {
  await waitFor(async () => {
    await services.deliveryWorker.runOnce();
    return (await db.selectFrom("deliveries").select("id").where("status", "in", ["pending", "sending"]).execute()).length === 0;
  }, "every delivery to settle");
}

describe("revocation notices", () => {
  it("tell a buyer that rejected the lead, at its revocation URL with its credentials, and list each answer on the lead page", async () => {
    const rejectingLeads = await fakeBuyer({ status: 200, json: { status: "rejected", reason: "Outside our area" } });
    const rejectingNotices = await fakeBuyer({ status: 202, json: { received: true } });
    const taking = await fakeBuyer("ok");
    const unreachable = await fakeBuyer("ok");
    const unreachableUrl = unreachable.url;
    await unreachable.close();

    // Refused connections: the lead never reached this buyer, which is then not told.
    await addBuyer("Offline Firm", { priority: 0, pauseAfterFailures: 0 }, { delivery: { method: "webhook", url: unreachableUrl } });
    await addBuyer("Picky Firm", { priority: 1 }, {
      credentials: "picky-key-0001",
      delivery: {
        method: "webhook",
        url: rejectingLeads.url,
        credentialHeader: "X-Api-Key",
        acceptance: { conditions: [{ field: "status", equals: "rejected", means: "rejected", reasonField: "reason" }] },
        revocation: { method: "signed-event", url: rejectingNotices.url },
      },
    });
    await addBuyer("Taking Firm", { priority: 2 }, { delivery: { method: "webhook", url: taking.url } });

    const result = await services.leads.submit("mva", mvaAnswers({ ph: "(415) 555-0177" }), context);
    if (result.status !== "created") throw new Error(result.status);
    const leadId = result.leadId;
    await settleAll();
    const statuses = await db
      .selectFrom("deliveries")
      .innerJoin("buyers", "buyers.id", "deliveries.buyer_id")
      .select(["buyers.name", "deliveries.status"])
      .where("lead_id", "=", leadId)
      .orderBy("deliveries.created_at")
      .execute();
    expect(statuses).toEqual([
      { name: "Offline Firm", status: "dead" },
      { name: "Picky Firm", status: "failed" },
      { name: "Taking Firm", status: "delivered" },
    ]);

    const contact = phoneContact("415-555-0177");
    if (!contact.ok) throw new Error(contact.message);
    await services.revocations.revoke([contact.contact], { method: "opt-out page" });
    await settleAll();

    // The rejecting buyer is told at its revocation URL, not its lead URL, signed and with its key.
    expect(rejectingLeads.received).toHaveLength(1);
    expect(rejectingNotices.received).toHaveLength(1);
    const notice = rejectingNotices.received[0]!;
    expect(notice.headers["x-api-key"]).toBe("picky-key-0001");
    const event = new Webhook(await services.settings.webhookSecret()).verify(notice.body, notice.headers as Record<string, string>) as { type: string; data: { leadId: string } };
    expect(event).toMatchObject({ type: "lead.consent_revoked", data: { leadId } });
    // The buyer that took it is told at its lead URL, as before.
    expect(taking.received).toHaveLength(2);
    expect(JSON.parse(taking.received[1]!.body)).toMatchObject({ type: "lead.consent_revoked", data: { leadId } });

    const revocation = await services.revocations.ofLead(leadId);
    expect(revocation!.events.map(({ destination, status, httpStatus, answer, tookLead }) => ({ destination, status, httpStatus, answer, tookLead }))).toEqual([
      { destination: "Picky Firm", status: "delivered", httpStatus: 202, answer: '{"received":true}', tookLead: false },
      { destination: "Taking Firm", status: "delivered", httpStatus: 200, answer: '{"ok":true}', tookLead: true },
    ]);
  });
});
