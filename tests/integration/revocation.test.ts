import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { syncSystemBuyers } from "../../server/distribution/buyers/system-buyers";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { REVOKED_NOT_RESENT } from "../../server/lead-console/lead-console";
import { emailContact, phoneContact, type PersonContact } from "../../server/contacts/person-contact";
import { CONSENT_REVOKED_ERROR } from "../../server/distribution/delivery/revoke-leads";
import { createServices, type Services } from "../../server/services";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { mvaAnswers } from "#claims/mva/examples";
import { buyerInput } from "../support/routing-fixtures";
import { testDatabaseUrl } from "../support/test-database";

const context = { ip: "203.0.113.7", userAgent: "RevocationTest/1.0", pageUrl: null, attribution: null };
const actor = { operatorId: "operator-1", email: "operator@example.com", ip: null };
const logger = createLogger("silent");

let db: Db;
let services: Services;
let receiver: Awaited<ReturnType<typeof startFakeReceiver>>;

beforeEach(async () => {
  const config = loadConfig({
    DATABASE_URL: await testDatabaseUrl("claims-revocation"),
    NODE_ENV: "test",
    LEAD_RATE_LIMIT_PER_HOUR: "0",
    OPT_OUT_RATE_LIMIT_PER_HOUR: "3",
    DELIVERY_RETRY_SCHEDULE: "20,20,20",
    DELIVERY_TIMEOUT_MS: "2000",
    // One person's several leads are all routed here, so each has deliveries to stop (ADR 023 would hold back the repeats).
    DUPLICATE_WINDOW_DAYS: "0",
  });
  db = await openDatabase(config.database);
  await migrateToLatest(db);
  await syncSystemBuyers(db, config);
  services = createServices(config, db, logger);
  receiver = await startFakeReceiver("ok");
  await services.settings.saveWebhookUrl(receiver.url);
});
afterEach(async () => {
  await receiver.close();
  await db.destroy();
});

async function submitLead(overrides: Record<string, unknown> = {}) {
  const result = await services.leads.submit("mva", mvaAnswers(overrides), context);
  if (result.status !== "created") throw new Error(`not created: ${result.status}`);
  return result.leadId;
}
const leadOf = (id: string) => db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const leadDeliveries = (leadId: string) => db.selectFrom("deliveries").selectAll().where("lead_id", "=", leadId).where("target", "!=", "event").execute();
const eventsOf = (leadId: string) => db.selectFrom("deliveries").selectAll().where("lead_id", "=", leadId).where("target", "=", "event").execute();

async function deliverAll() {
  await waitFor(async () => {
    await services.deliveryWorker.runOnce();
    const open = await db.selectFrom("deliveries").select("id").where("status", "in", ["pending", "sending"]).execute();
    return open.length === 0;
  }, "every delivery to settle");
}

function contact(parsed: ReturnType<typeof phoneContact>): PersonContact {
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.contact;
}

function verified(request: { headers: Record<string, unknown>; body: string }, secret: string) {
  return new Webhook(secret).verify(request.body, {
    "webhook-id": String(request.headers["webhook-id"]),
    "webhook-timestamp": String(request.headers["webhook-timestamp"]),
    "webhook-signature": String(request.headers["webhook-signature"]),
  }) as { type: string; timestamp: string; data: Record<string, unknown> };
}

describe("revoking consent", () => {
  it("revokes every lead of the person, stops unsent deliveries and tells each destination once with a signed event", async () => {
    const delivered = await submitLead({ ph: "(415) 555-0134", em: "Maria.Lopez@Example.com" });
    await deliverAll();
    expect(receiver.received).toHaveLength(1);
    // The same lead also went to one of the operator's buyers, at a receiver of its own.
    const buyerReceiver = await startFakeReceiver("ok");
    try {
      const saved = await services.buyers.create(buyerInput("Acme Law", {}, { delivery: { method: "webhook", url: buyerReceiver.url } }));
      if (!saved.ok) throw new Error("buyer not saved");
      const at = new Date().toISOString();
      await db
        .insertInto("deliveries")
        .values({ id: "to-acme", lead_id: delivered, lead_created_at: at, target: "buyer", buyer_id: saved.buyer.id, status: "delivered", next_attempt_at: at, created_at: at, updated_at: at, delivered_at: at })
        .execute();

      const waiting = await submitLead({ ph: "(415) 555-0134", em: "other@example.com" });
      const stranger = await submitLead({ ph: "(212) 555-0188", em: "sam@example.com" });
      // The webhook's copy and Acme Law's offer.
      expect((await leadDeliveries(waiting)).map((d) => d.status)).toEqual(["pending", "pending"]);

      const { leadCount } = await services.revocations.revoke([contact(phoneContact("+1 415-555-0134"))], { method: "opt-out page" });
      expect(leadCount).toBe(2);

      for (const id of [delivered, waiting]) expect((await leadOf(id)).revoked_at).not.toBeNull();
      expect((await leadOf(stranger)).revoked_at).toBeNull();
      expect(await leadDeliveries(waiting)).toMatchObject([
        { status: "cancelled", last_error: CONSENT_REVOKED_ERROR },
        { status: "cancelled", last_error: CONSENT_REVOKED_ERROR },
      ]);
      expect((await leadDeliveries(stranger)).map((d) => d.status)).toEqual(["pending", "pending"]);
      // Only the lead that went somewhere has events: one per destination.
      expect(await eventsOf(waiting)).toEqual([]);
      expect((await eventsOf(delivered)).map((e) => e.status)).toEqual(["pending", "pending"]);

      await deliverAll();
      const secret = await services.settings.webhookSecret();
      const lead = await leadOf(delivered);
      const expected = { type: "lead.consent_revoked", data: { leadId: delivered, certificateId: lead.certificate_id, revokedAt: lead.revoked_at, method: "opt-out page" } };
      const toWebhook = receiver.received.filter((r) => r.body.includes("lead.consent_revoked"));
      expect(toWebhook).toHaveLength(1);
      expect(verified(toWebhook[0]!, secret)).toMatchObject(expected);
      const toBuyer = buyerReceiver.received.filter((r) => r.body.includes("lead.consent_revoked"));
      expect(toBuyer).toHaveLength(1);
      expect(verified(toBuyer[0]!, secret)).toMatchObject(expected);
      // No personal data in the event.
      for (const request of [toWebhook[0]!, toBuyer[0]!]) expect(request.body).not.toMatch(/4155550134|maria|lopez/i);
      // The stranger's lead went out as usual; nothing was sent for the waiting one.
      expect((await leadDeliveries(stranger)).map((d) => d.status)).toEqual(["delivered", "delivered"]);
      expect([...receiver.received, ...buyerReceiver.received].some((r) => r.body.includes(waiting))).toBe(false);
      expect((await eventsOf(delivered)).map((e) => e.status)).toEqual(["delivered", "delivered"]);
    } finally {
      await buyerReceiver.close();
    }
  });

  it("is idempotent: a second request revokes nothing again and sends no second event", async () => {
    const leadId = await submitLead({ em: "Zoe@Example.com" });
    await deliverAll();
    const first = await services.revocations.revoke([contact(emailContact(" zoe@example.COM "))], { method: "opt-out page" });
    const again = await services.revocations.revoke([contact(emailContact("zoe@example.com"))], { method: "buyer report" });
    expect([first.leadCount, again.leadCount]).toEqual([1, 0]);
    expect(await eventsOf(leadId)).toHaveLength(1);
    const revocations = await db.selectFrom("revocations").selectAll().orderBy("created_at").execute();
    expect(revocations.map((r) => [r.method, r.channel, r.value_masked, Number(r.lead_count)])).toEqual([
      ["opt-out page", "email", "z***@example.com", 1],
      ["buyer report", "email", "z***@example.com", 0],
    ]);
    // Only a hash and a masked form are kept, never the address itself.
    expect(JSON.stringify(revocations)).not.toContain("zoe@example.com");
    expect(revocations[0]!.value_sha256).toMatch(/^[0-9a-f]{64}$/);
    // The lead keeps the time and the method of the first revocation.
    expect((await leadOf(leadId)).revocation_id).toBe(revocations[0]!.id);
  });

  it("takes concurrent requests for one person as one revocation of each lead", async () => {
    const leadId = await submitLead({ ph: "(310) 555-0177" });
    await deliverAll();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => services.revocations.revoke([contact(phoneContact("3105550177"))], { method: "opt-out page" })),
    );
    expect(results.map((r) => r.leadCount).sort()).toEqual([0, 0, 0, 1]);
    expect(await eventsOf(leadId)).toHaveLength(1);
  });

  it("the worker refuses a revoked lead's delivery it had already claimed", async () => {
    const leadId = await submitLead({ ph: "(646) 555-0123" });
    const [delivery] = await leadDeliveries(leadId);
    // Claimed by a worker that then died: 'sending', its lock expired, due again; a revocation leaves it.
    await db
      .updateTable("deliveries")
      .set({ status: "sending", attempts: 1, locked_until: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", delivery!.id)
      .execute();
    await services.revocations.revoke([contact(phoneContact("646-555-0123"))], { method: "opt-out page" });
    expect((await leadDeliveries(leadId))[0]!.status).toBe("sending");

    await services.deliveryWorker.runOnce();
    expect(await leadDeliveries(leadId)).toMatchObject([{ status: "failed", last_error: "Consent revoked: not sent" }]);
    expect(receiver.received).toHaveLength(0);
    expect(await eventsOf(leadId)).toEqual([]);
  });

  it("tells a destination that took the lead while the revocation was made", async () => {
    receiver.respondNext("hold");
    const leadId = await submitLead({ ph: "(718) 555-0145" });
    const sending = services.deliveryWorker.runOnce();
    await waitFor(() => receiver.received.length === 1, "the lead to reach the receiver");
    await services.revocations.revoke([contact(phoneContact("7185550145"))], { method: "opt-out page" });
    expect(await eventsOf(leadId)).toEqual([]);
    receiver.release();
    await sending;
    expect((await leadDeliveries(leadId))[0]!.status).toBe("delivered");
    // The same run goes on to send the event it queued.
    expect(await eventsOf(leadId)).toMatchObject([{ status: "delivered", event: "lead.consent_revoked" }]);
    expect(receiver.received.map((r) => (JSON.parse(r.body) as { type?: string }).type ?? "lead")).toEqual(["lead", "lead.consent_revoked"]);
  });

  it("the console refuses to re-send a revoked lead, alone or by a filter, and does not route it again", async () => {
    const leadId = await submitLead({ ph: "(202) 555-0111" });
    await deliverAll();
    await services.revocations.revoke([contact(phoneContact("2025550111"))], { method: "opt-out page" });
    const [delivery] = await leadDeliveries(leadId);

    expect(await services.leadConsole.resendDelivery(delivery!.id, actor)).toEqual({ ok: false, message: REVOKED_NOT_RESENT });
    await db.updateTable("deliveries").set({ status: "failed" }).where("id", "=", delivery!.id).execute();
    expect(await services.leadConsole.resendFiltered(new URLSearchParams("revoked=yes"), "webhook", actor)).toMatchObject({ ok: true, count: 0, skipped: 1 });

    await services.leadConsole.markSpam(leadId, true, actor);
    expect(await services.leadConsole.markSpam(leadId, false, actor)).toMatchObject({ ok: true, queued: 0 });
    // Marked as spam, the failed delivery keeps its answer (only unsent ones are cancelled); not spam again, nothing is queued.
    expect((await leadDeliveries(leadId)).map((d) => d.status)).toEqual(["failed"]);

    const detail = await services.leadConsole.detail(leadId);
    expect(detail?.revokedAt).not.toBeNull();
    expect(detail?.deliveries.every((d) => !d.resendable)).toBe(true);
    const revoked = await services.leadConsole.list(new URLSearchParams("revoked=yes"));
    expect(revoked.ok && revoked.leads.map((l) => [l.id, l.revoked])).toEqual([[leadId, true]]);
    const standing = await services.leadConsole.list(new URLSearchParams("revoked=no"));
    expect(standing.ok && standing.leads).toEqual([]);
  });

  it("lists revocations with their event status and a lead's revocation for its page", async () => {
    const leadId = await submitLead({ ph: "(512) 555-0166" });
    await deliverAll();
    await services.revocations.revoke([contact(phoneContact("5125550166"))], { method: "opt-out page" });
    await deliverAll();
    const [listed] = await services.revocations.list();
    expect(listed).toMatchObject({ method: "opt-out page", channel: "phone", maskedValue: "(***) ***-0166", leadCount: 1, events: { delivered: 1 } });
    expect(await services.revocations.ofLead(leadId)).toMatchObject({
      method: "opt-out page",
      maskedValue: "(***) ***-0166",
      events: [{ destination: expect.any(String), status: "delivered", attempts: 1 }],
    });
  });
});

describe("the opt-out service", () => {
  it("answers alike for a known and an unknown person, and refuses malformed values", async () => {
    await submitLead({ ph: "(415) 555-0134" });
    expect(await services.revocations.optOut("(415) 555-0134", "198.51.100.1")).toEqual({ status: "recorded" });
    expect(await services.revocations.optOut("(917) 555-0199", "198.51.100.1")).toEqual({ status: "recorded" });
    expect(await services.revocations.optOut("nobody@example.com", "198.51.100.1")).toEqual({ status: "recorded" });
    expect(await services.revocations.optOut("", "198.51.100.1")).toMatchObject({ status: "invalid", message: expect.stringContaining("Enter the phone number or e-mail") });
    expect(await services.revocations.optOut("555-01", "198.51.100.1")).toMatchObject({ status: "invalid", message: expect.stringContaining("10-digit") });
    expect(await services.revocations.optOut("a@b", "198.51.100.1")).toMatchObject({ status: "invalid", message: expect.stringContaining("e-mail address") });
  });

  it("limits each IP to OPT_OUT_RATE_LIMIT_PER_HOUR requests", async () => {
    for (let i = 0; i < 3; i++) expect((await services.revocations.optOut("4155550134", "198.51.100.2")).status).toBe("recorded");
    expect(await services.revocations.optOut("4155550134", "198.51.100.2")).toMatchObject({ status: "rate-limited" });
    expect((await services.revocations.optOut("4155550134", "198.51.100.3")).status).toBe("recorded");
  });
});
