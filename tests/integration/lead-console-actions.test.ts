import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startConsole, type ConsoleRoutes } from "../support/console-leads";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { OWNER_EMAIL } from "../support/load-context";

// The console's actions through the route actions (admin-lead.tsx, admin-leads.tsx), each confirmed
// and recorded: re-send one delivery, re-send the failed and dead of a filter, mark spam / not spam.

type Receiver = Awaited<ReturnType<typeof startFakeReceiver>>;
type Action = { toast?: { title: string; description: string; tone: string }; confirm?: { question: string; fields: Record<string, string> } };

let app: ConsoleRoutes;
let webhook: Receiver;
let partner: Receiver;
const startedAt = new Date().toISOString();

beforeAll(async () => {
  [webhook, partner] = await Promise.all([startFakeReceiver("ok"), startFakeReceiver({ status: 200, json: { status: "Success" } })]);
  app = await startConsole({
    // Three attempts a millisecond apart, then dead.
    DELIVERY_RETRY_SCHEDULE: "1,1",
    DELIVERY_TIMEOUT_MS: "2000",
    LEGAL_BRIDGE_URL: partner.url,
    LEGAL_BRIDGE_API_KEY: "lb-key",
  });
});
beforeEach(async () => {
  await app.clearLeads();
  webhook.received.length = 0;
  partner.received.length = 0;
  await app.services.settings.saveWebhookUrl(webhook.url);
});
afterAll(async () => {
  await Promise.all([webhook?.close(), partner?.close(), app?.close()]);
});

const toastOf = (answer: { data: unknown }) => (answer.data as Action).toast;
const webhookIds = (receiver: Receiver) => receiver.received.map((request) => request.headers["webhook-id"]);

/** Runs the delivery worker until every delivery of the lead has settled (delivered, failed or dead). */
async function settle(leadId: string) {
  await waitFor(async () => {
    await app.services.deliveryWorker.runOnce();
    return (await app.deliveriesOf(leadId)).every((d) => ["delivered", "failed", "dead"].includes(d.status));
  }, "the deliveries to settle");
  return app.deliveriesOf(leadId);
}

/** The audit log's record of the console's latest action: who (the owner, by id and e-mail), from where, when (during this test run). */
async function lastRecorded() {
  const row = (await app.consoleActions()).at(-1)!;
  expect(row).toMatchObject({ operator_email: OWNER_EMAIL, operator_id: expect.any(String), ip: "203.0.113.7" });
  expect(row.at >= startedAt && row.at <= new Date().toISOString()).toBe(true);
  return { action: row.action, leadId: row.target_type === "lead" ? row.target_id : null, detail: JSON.parse(row.detail) as Record<string, unknown> };
}

/** A free port with nothing listening on it. */
async function freePort() {
  const probe = await startFakeReceiver();
  await probe.close();
  return probe.port;
}

describe("re-send one delivery", () => {
  it("moves a dead delivery back to delivered once the receiver is up, under the same webhook-id, and records it", async () => {
    const port = await freePort();
    await app.services.settings.saveWebhookUrl(`http://127.0.0.1:${port}/hook`);
    const leadId = await app.makeLead();
    const [dead] = await settle(leadId);
    expect(dead).toMatchObject({ status: "dead", attempts: 3, last_error: expect.stringMatching(/^Network error/) });

    const receiver = await startFakeReceiver("ok", port);
    try {
      // Without the confirmation the action only asks.
      const asked = await app.leadAction(leadId, { intent: "resend", deliveryId: dead!.id, confirmed: "" });
      expect((asked.data as Action).confirm).toMatchObject({ fields: { intent: "resend", deliveryId: dead!.id } });
      expect(receiver.received).toHaveLength(0);
      expect(await app.consoleActions()).toEqual([]);

      const sent = await app.leadAction(leadId, { intent: "resend", deliveryId: dead!.id, confirmed: "yes" });
      expect(toastOf(sent)).toEqual({ title: "Delivered", description: "Re-sent to webhook: HTTP 200.", tone: "success" });
      expect(await app.deliveryOf(leadId)).toMatchObject({ id: dead!.id, status: "delivered", attempts: 1, last_status: 200 });
      expect(webhookIds(receiver)).toEqual([dead!.id]);
      expect(await lastRecorded()).toEqual({
        action: "resend-delivery",
        leadId,
        detail: { deliveryId: dead!.id, target: "webhook", previousStatus: "dead" },
      });

      // The lead page keeps every attempt: three refused, then the re-send with its answer.
      const { lead } = (await app.leadPage(leadId)).data as { lead: { deliveries: Array<{ log: Array<Record<string, unknown>> }> } };
      const log = lead.deliveries[0]!.log;
      expect(log.map((attempt) => attempt.status)).toEqual([null, null, null, 200]);
      expect(log.slice(0, 3).every((attempt) => String(attempt.error).startsWith("Network error"))).toBe(true);
      expect(log[3]).toMatchObject({ error: null, responseBody: '{"ok":true}', durationMs: expect.any(Number), at: expect.any(String) });
    } finally {
      await receiver.close();
    }
  });

  it("says so when the receiver is still down, and leaves the delivery to be retried", async () => {
    await app.services.settings.saveWebhookUrl(`http://127.0.0.1:${await freePort()}/hook`);
    const leadId = await app.makeLead();
    const [dead] = await settle(leadId);
    const sent = await app.leadAction(leadId, { intent: "resend", deliveryId: dead!.id, confirmed: "yes" });
    expect(toastOf(sent)).toEqual({
      title: "Error",
      description: "Re-sent to webhook, which failed: Network error: ECONNREFUSED. It will be retried.",
      tone: "error",
    });
    expect(await app.deliveryOf(leadId)).toMatchObject({ status: "pending", attempts: 1, last_error: "Network error: ECONNREFUSED" });
    expect((await lastRecorded()).action).toBe("resend-delivery");
  });

  it("lets a receiver that saw the failed attempts de-duplicate the re-send by its webhook-id", async () => {
    let up = false;
    const receiver = await startFakeReceiver("ok", 0, () => (up ? undefined : { status: 503, text: "Down for maintenance" }));
    try {
      await app.services.settings.saveWebhookUrl(receiver.url);
      const leadId = await app.makeLead();
      const [dead] = await settle(leadId);
      expect(dead).toMatchObject({ status: "dead", last_status: 503 });

      up = true;
      const sent = await app.leadAction(leadId, { intent: "resend", deliveryId: dead!.id, confirmed: "yes" });
      expect(toastOf(sent)?.title).toBe("Delivered");
      expect(webhookIds(receiver)).toEqual([dead!.id, dead!.id, dead!.id, dead!.id]);
      const attempts = await app.db.selectFrom("delivery_attempts").selectAll().where("delivery_id", "=", dead!.id).orderBy("attempted_at").execute();
      expect(attempts.map((a) => [a.status_code, a.response_body])).toEqual([
        [503, "Down for maintenance"],
        [503, "Down for maintenance"],
        [503, "Down for maintenance"],
        [200, '{"ok":true}'],
      ]);
    } finally {
      await receiver.close();
    }
  });

  it("refuses to re-send a delivery of a lead marked as spam, or one that does not exist", async () => {
    const leadId = await app.makeLead();
    const delivery = await app.deliveryOf(leadId);
    await app.leadAction(leadId, { intent: "mark-spam", confirmed: "yes" });
    const refused = await app.leadAction(leadId, { intent: "resend", deliveryId: delivery.id, confirmed: "yes" });
    expect(toastOf(refused)).toMatchObject({ tone: "error", description: expect.stringMatching(/marked as spam/) });
    const unknown = await app.leadAction(leadId, { intent: "resend", deliveryId: "no-such-delivery", confirmed: "yes" });
    expect(toastOf(unknown)).toMatchObject({ tone: "error", description: "That delivery does not exist." });
    expect(webhook.received).toHaveLength(0);
  });
});

describe("re-send the failed and dead deliveries of a filter", () => {
  it("re-queues only the failed and dead deliveries of the filter's leads to the chosen target", async () => {
    const inView = { utm_campaign: "retry" };
    const leads = {
      dead: await app.makeLead({ attribution: inView }),
      failed: await app.makeLead({ attribution: inView }),
      delivered: await app.makeLead({ attribution: inView }),
      pending: await app.makeLead({ attribution: inView }),
      afff: await app.makeLead({ claim: "afff", attribution: inView }),
      elsewhere: await app.makeLead({ attribution: { utm_campaign: "other" } }),
    };
    await app.setDeliveryStatus(leads.dead, "webhook", "dead");
    await app.setDeliveryStatus(leads.failed, "webhook", "failed");
    await app.setDeliveryStatus(leads.delivered, "webhook", "delivered");
    await app.setDeliveryStatus(leads.afff, "webhook", "dead");
    await app.setDeliveryStatus(leads.afff, "legal-bridge", "failed");
    await app.setDeliveryStatus(leads.elsewhere, "webhook", "dead");
    const statuses = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(leads).map(async ([name, id]) => [name, (await app.deliveriesOf(id)).map((d) => `${d.target}:${d.status}`).join(" ")]),
        ),
      );
    const before = await statuses();

    const asked = await app.listAction({ intent: "resend-filtered", target: "webhook", ...inView });
    expect((asked.data as Action).confirm?.fields).toEqual({ intent: "resend-filtered", target: "webhook", ...inView });
    expect(await statuses()).toEqual(before);

    const queued = await app.listAction({ intent: "resend-filtered", target: "webhook", ...inView, confirmed: "yes" });
    expect(toastOf(queued)).toEqual({
      title: "Deliveries Queued",
      description: "3 webhook deliveries are queued and will be sent shortly.",
      tone: "success",
    });
    expect(await statuses()).toEqual({
      ...before,
      dead: "webhook:pending",
      failed: "webhook:pending",
      afff: "legal-bridge:failed webhook:pending",
    });
    expect(await lastRecorded()).toEqual({ action: "resend-filtered", leadId: null, detail: { target: "webhook", filter: "utm_campaign=retry", count: 3 } });

    // Then for Legal Bridge: only the AFFF lead's, and the worker sends them all.
    const partnerQueued = await app.listAction({ intent: "resend-filtered", target: "legal-bridge", ...inView, confirmed: "yes" });
    expect(toastOf(partnerQueued)?.description).toBe("1 legal-bridge delivery is queued and will be sent shortly.");
    await app.services.deliveryWorker.runOnce();
    expect(await statuses()).toEqual({
      dead: "webhook:delivered",
      failed: "webhook:delivered",
      delivered: "webhook:delivered",
      pending: "webhook:delivered",
      afff: "legal-bridge:delivered webhook:delivered",
      elsewhere: "webhook:dead",
    });
  });

  it("with a delivery filter, re-queues only the deliveries in that state", async () => {
    const [dead, failed] = [await app.makeLead(), await app.makeLead()];
    await app.setDeliveryStatus(dead, "webhook", "dead");
    await app.setDeliveryStatus(failed, "webhook", "failed");
    const queued = await app.listAction({ intent: "resend-filtered", target: "webhook", delivery: "webhook:dead", confirmed: "yes" });
    expect(toastOf(queued)?.description).toBe("1 webhook delivery is queued and will be sent shortly.");
    expect([(await app.deliveryOf(dead)).status, (await app.deliveryOf(failed)).status]).toEqual(["pending", "failed"]);
  });

  it("answers an unknown target or a bad filter with an error toast, and nothing to re-send with a note", async () => {
    const unknown = await app.listAction({ intent: "resend-filtered", target: "fax", confirmed: "yes" });
    expect(toastOf(unknown)).toEqual({ title: "Error", description: "Unknown delivery target 'fax'.", tone: "error" });
    const badFilter = await app.listAction({ intent: "resend-filtered", target: "webhook", outcome: "maybe", confirmed: "yes" });
    expect(toastOf(badFilter)).toMatchObject({ title: "Error", description: expect.stringMatching(/Outcome is one of/) });
    const nothing = await app.listAction({ intent: "resend-filtered", target: "webhook", claim: "AFFF", confirmed: "yes" });
    expect(toastOf(nothing)).toMatchObject({ title: "Nothing to Re-send", description: "No failed or dead webhook deliveries in this view." });
    expect(toastOf(await app.listAction({ intent: "drop-all", confirmed: "yes" }))).toMatchObject({ description: "Unknown action." });
  });
});

describe("mark as spam / not spam", () => {
  it("spam cancels the unsent deliveries; not spam offers the lead again in a new delivery (the cancelled one stays), and both are recorded", async () => {
    const leadId = await app.makeLead({ claim: "afff" });
    await app.setDeliveryStatus(leadId, "webhook", "delivered");
    const [partnerDelivery] = await app.deliveriesOf(leadId);

    expect((await app.leadAction(leadId, { intent: "mark-spam" })).data).toMatchObject({ confirm: { fields: { intent: "mark-spam" } } });
    expect(await app.db.selectFrom("leads").select("is_spam").where("id", "=", leadId).executeTakeFirstOrThrow()).toEqual({ is_spam: 0 });

    const spam = await app.leadAction(leadId, { intent: "mark-spam", confirmed: "yes" });
    expect(toastOf(spam)).toMatchObject({ title: "Marked as Spam", tone: "success" });
    expect((await app.deliveriesOf(leadId)).map((d) => [d.target, d.status])).toEqual([
      ["legal-bridge", "cancelled"],
      ["webhook", "delivered"],
    ]);
    expect(await lastRecorded()).toEqual({ action: "mark-spam", leadId, detail: { wasSpam: false, queued: 0 } });
    await app.services.deliveryWorker.runOnce();
    expect(partner.received).toHaveLength(0);

    const notSpam = await app.leadAction(leadId, { intent: "mark-not-spam", confirmed: "yes" });
    expect(toastOf(notSpam)).toEqual({ title: "Marked as Not Spam", description: "1 delivery queued.", tone: "success" });
    expect(await lastRecorded()).toEqual({ action: "mark-not-spam", leadId, detail: { wasSpam: true, queued: 1 } });
    await app.services.deliveryWorker.runOnce();
    const partnerRows = (await app.deliveriesOf(leadId)).filter((d) => d.target === "legal-bridge");
    expect(partnerRows.map((d) => [d.id === partnerDelivery!.id, d.status])).toEqual(expect.arrayContaining([[true, "cancelled"], [false, "delivered"]]));
    expect(partner.received).toHaveLength(1);
  });

  it("not spam queues the deliveries a lead caught by the honeypot would have had", async () => {
    const leadId = await app.makeLead({ claim: "afff", spam: true });
    expect(await app.deliveriesOf(leadId)).toEqual([]);

    const notSpam = await app.leadAction(leadId, { intent: "mark-not-spam", confirmed: "yes" });
    expect(toastOf(notSpam)?.description).toBe("2 deliveries queued.");
    expect((await app.deliveriesOf(leadId)).map((d) => [d.target, d.status])).toEqual([
      ["legal-bridge", "pending"],
      ["webhook", "pending"],
    ]);
    // Queued deliveries carry the lead's time, which the delivery filter lists by.
    const pending = (await app.listPage("?delivery=webhook:pending")).data as { leads: Array<{ id: string }> };
    expect(pending.leads.map((lead) => lead.id)).toEqual([leadId]);
    const delivered = await settle(leadId);
    expect(delivered.map((d) => d.status)).toEqual(["delivered", "delivered"]);
    expect(webhookIds(webhook)).toEqual([delivered[1]!.id]);
    expect(partner.received).toHaveLength(1);
    expect(await app.db.selectFrom("leads").select("is_spam").where("id", "=", leadId).executeTakeFirstOrThrow()).toEqual({ is_spam: 0 });
  });

  it("answers an unknown lead or action with an error toast", async () => {
    const missing = await app.leadAction("no-such-lead", { intent: "mark-spam", confirmed: "yes" });
    expect(toastOf(missing)).toEqual({ title: "Error", description: "That lead does not exist.", tone: "error" });
    const leadId = await app.makeLead();
    expect(toastOf(await app.leadAction(leadId, { intent: "delete", confirmed: "yes" }))?.description).toBe("Unknown action.");
    expect(await app.consoleActions()).toEqual([]);
  });
});
