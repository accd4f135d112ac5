import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BuyerInput } from "../../server/distribution/buyers/buyer-store";
import { loadConfig, type Config } from "../../server/config";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { createDeliveryWorker, type DeliveryWorker } from "../../server/distribution/delivery/worker";
import { createLogger } from "../../server/logger";
import { DEADLINE_PASSED, LATE_ACCEPTANCE } from "../../server/distribution/routing/delivery-deadline";
import { createServices, type Services } from "../../server/services";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { anotherPerson } from "../support/distinct-people";
import { mvaAnswers } from "#claims/mva/examples";
import { buyerInput, TEST_SECRETS_KEY } from "../support/routing-fixtures";
import { testDatabaseUrl } from "../support/test-database";

// Failing buyers do not hold leads (docs/decisions/039): local fake buyers that answer 500, time out or
// answer too late, a worker on a fake clock, and the real intake, routing, caps and cascade.

const context = { ip: "203.0.113.7", userAgent: "DeadlineTest/1.0", pageUrl: "https://site.example/mva", attribution: null };
const logger = createLogger("silent");
const receivers: { close(): Promise<void> }[] = [];

let db: Db;
let config: Config;
let services: Services;
let clock: Date;
let worker: DeliveryWorker;

beforeEach(async () => {
  config = loadConfig({
    DATABASE_URL: await testDatabaseUrl("delivery-deadline"),
    NODE_ENV: "test",
    LEAD_RATE_LIMIT_PER_HOUR: "0",
    // The real schedule's first steps: a retry 5 s after the first attempt, the next 5 minutes later.
    DELIVERY_RETRY_SCHEDULE: "5000,300000,1800000",
    DELIVERY_TIMEOUT_MS: "300",
    SECRETS_KEY: TEST_SECRETS_KEY,
  });
  db = await openDatabase(config.database);
  await migrateToLatest(db);
  services = createServices(config, db, logger);
  clock = new Date();
  worker = createDeliveryWorker({ db, config, settings: services.settings, logger, now: () => clock });
});
afterEach(async () => {
  await worker.stop();
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  await db.destroy();
});

const advance = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

/**
 * A worker whose requests wait for as long as a test holds a buyer's answer: the file's 300 ms timeout
 * is for buyers that never answer, and a busy machine can take longer than that between the buyer
 * receiving a lead and the test releasing its answer.
 */
async function patientWorker(): Promise<DeliveryWorker> {
  await worker.stop();
  const patient = { ...config, delivery: { ...config.delivery, timeoutMs: 30_000 } };
  worker = createDeliveryWorker({ db, config: patient, settings: services.settings, logger, now: () => clock });
  return worker;
}

async function fakeBuyer(...args: Parameters<typeof startFakeReceiver>) {
  const receiver = await startFakeReceiver(...args);
  receivers.push(receiver);
  return receiver;
}

async function addBuyer(name: string, url: string, rules: Partial<BuyerInput["rules"]> = {}) {
  const saved = await services.buyers.create(buyerInput(name, rules, { delivery: { method: "webhook", url } }));
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  return saved.buyer;
}

async function submitLead() {
  const result = await services.leads.submit("mva", mvaAnswers(anotherPerson()), context);
  if (result.status !== "created") throw new Error(`not created: ${result.status}`);
  // The fake clock starts where intake queued the lead's delivery.
  clock = new Date(Math.max(clock.getTime(), Date.now()));
  return result.leadId;
}

const deliveriesOf = (leadId: string) =>
  db.selectFrom("deliveries").selectAll().where("lead_id", "=", leadId).where("target", "=", "buyer").orderBy("created_at").orderBy("id").execute();
const buyerStatusOf = async (leadId: string) => (await db.selectFrom("leads").select("buyer_status").where("id", "=", leadId).executeTakeFirstOrThrow()).buyer_status;
const sentToday = async (buyerId: string) =>
  (await db.selectFrom("buyer_cap_counters").select(["period", "sent"]).where("buyer_id", "=", buyerId).execute())
    .filter((row) => row.period.startsWith("D:"))
    .reduce((sum, row) => sum + Number(row.sent), 0);
const buyerRow = (id: string) => db.selectFrom("buyers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("a buyer's delivery deadline", () => {
  it("moves a lead on from a buyer answering 500 when its deadline passes mid-retry, giving back the slot", async () => {
    const failing = await fakeBuyer(500);
    const working = await fakeBuyer("ok");
    const down = await addBuyer("Down Firm", failing.url, { priority: 1, caps: { perDay: 5 } });
    const up = await addBuyer("Up Firm", working.url, { priority: 2 });
    expect(down.rules.deliveryDeadlineSeconds).toBe(120);

    const leadId = await submitLead();
    const [queued] = await deliveriesOf(leadId);
    expect(Date.parse(queued!.deadline_at!) - Date.parse(queued!.created_at)).toBe(120_000);

    await worker.runOnce();
    advance(6);
    await worker.runOnce();
    expect(failing.received).toHaveLength(2);
    // Waiting for its next retry, five minutes away, and still holding the lead and its slot.
    expect((await deliveriesOf(leadId))[0]).toMatchObject({ status: "pending", attempts: 2, expired_at: null });
    expect(await sentToday(down.id)).toBe(1);

    advance(60);
    expect(await worker.runOnce()).toBe(0);
    advance(55);
    await worker.runOnce();

    const [expired, delivered] = await deliveriesOf(leadId);
    expect(expired).toMatchObject({ buyer_id: down.id, status: "failed", attempts: 2, last_error: DEADLINE_PASSED, reserved_day: null, delivered_at: null });
    expect(expired!.expired_at).toBe(clock.toISOString());
    expect(delivered).toMatchObject({ buyer_id: up.id, status: "delivered" });
    expect(failing.received).toHaveLength(2);
    expect(working.received).toHaveLength(1);
    expect(await sentToday(down.id)).toBe(0);
    expect(await sentToday(up.id)).toBe(1);
    expect(await buyerStatusOf(leadId)).toBe("sold");
  });

  it("keeps a buyer's own deadline, editable with its rules", async () => {
    const failing = await fakeBuyer(500);
    const working = await fakeBuyer("ok");
    const quick = await addBuyer("Quick Firm", failing.url, { priority: 1, deliveryDeadlineSeconds: 30 });
    await addBuyer("Backup Firm", working.url, { priority: 2 });
    const leadId = await submitLead();
    await worker.runOnce();
    advance(29);
    await worker.runOnce();
    expect((await deliveriesOf(leadId))).toHaveLength(1);
    advance(1);
    await worker.runOnce();
    expect((await deliveriesOf(leadId)).map((d) => [d.buyer_id === quick.id, d.status])).toEqual([
      [true, "failed"],
      [false, "delivered"],
    ]);

    const refused = await services.buyers.update(quick.id, buyerInput("Quick Firm", { deliveryDeadlineSeconds: 5 }, { delivery: { method: "webhook", url: failing.url } }));
    expect(refused).toEqual({ ok: false, errors: { "rules.deliveryDeadlineSeconds": "Enter at least 10 seconds." } });
  });

  it("records a yes that comes after the deadline on the attempt and the delivery, but sells nothing", async () => {
    const slow = await fakeBuyer("hold");
    const backup = await fakeBuyer("ok");
    const late = await addBuyer("Late Firm", slow.url, { priority: 1, caps: { perDay: 5 } });
    const next = await addBuyer("Next Firm", backup.url, { priority: 2 });
    const leadId = await submitLead();

    // The attempt is in flight when the deadline passes and another worker's sweep moves the lead on.
    const sending = (await patientWorker()).runOnce();
    await waitFor(() => slow.received.length === 1, "the slow buyer to be sent the lead");
    advance(121);
    const sweeper = createDeliveryWorker({ db, config, settings: services.settings, logger, now: () => clock });
    expect(await sweeper.expireOverdue()).toBe(1);
    slow.release();
    await sending;

    const [lateOne, sold] = await deliveriesOf(leadId);
    expect(lateOne).toMatchObject({ buyer_id: late.id, status: "failed", delivered_at: null, reserved_day: null, last_status: 200, last_error: LATE_ACCEPTANCE });
    expect(lateOne!.late_accepted_at).toBe(clock.toISOString());
    const attempts = await db.selectFrom("delivery_attempts").selectAll().where("delivery_id", "=", lateOne!.id).execute();
    expect(attempts).toMatchObject([{ status_code: 200, error: LATE_ACCEPTANCE }]);
    expect(sold).toMatchObject({ buyer_id: next.id, status: "delivered" });
    expect(await sentToday(late.id)).toBe(0);
    expect(await buyerStatusOf(leadId)).toBe("sold");
    // The lead page says so.
    const page = await services.leadConsole.detail(leadId);
    expect(page!.deliveries.find((d) => d.id === lateOne!.id)).toMatchObject({ status: "failed", lateAcceptedAt: clock.toISOString(), expiredAt: clock.toISOString(), lastError: LATE_ACCEPTANCE });
    // The ledger has the next buyer's sale only.
    const sales = await db.selectFrom("ledger_entries").select(["buyer_id", "delivery_id", "kind"]).where("lead_id", "=", leadId).execute();
    expect(sales).toEqual([{ buyer_id: next.id, delivery_id: sold!.id, kind: "sale" }]);
    // The buyer answered: it is not failing.
    expect((await buyerRow(late.id)).consecutive_failures).toBe(0);
  });

  it("treats a yes recorded past the deadline, before any sweep, as late too", async () => {
    const slow = await fakeBuyer("hold");
    const backup = await fakeBuyer("ok");
    const late = await addBuyer("Late Firm", slow.url, { priority: 1 });
    await addBuyer("Next Firm", backup.url, { priority: 2 });
    const leadId = await submitLead();
    const sending = (await patientWorker()).runOnce();
    await waitFor(() => slow.received.length === 1, "the slow buyer to be sent the lead");
    advance(120);
    slow.release();
    await sending;
    const [lateOne, sold] = await deliveriesOf(leadId);
    expect(lateOne).toMatchObject({ buyer_id: late.id, status: "failed", delivered_at: null, last_error: LATE_ACCEPTANCE });
    expect(lateOne!.late_accepted_at).not.toBeNull();
    expect(lateOne!.expired_at).not.toBeNull();
    expect(sold).toMatchObject({ status: "delivered" });
    expect(await sentToday(late.id)).toBe(0);
    expect(await db.selectFrom("ledger_entries").select("buyer_id").where("lead_id", "=", leadId).execute()).toEqual([{ buyer_id: sold!.buyer_id }]);
  });
});

describe("pausing a failing buyer", () => {
  it("pauses a buyer that times out N times in a row, says why and when, and routes around it", async () => {
    const hanging = await fakeBuyer("hang");
    const working = await fakeBuyer("ok");
    // Deadlines longer than the fake clock moves, so that only the failures decide here.
    const flaky = await addBuyer("Flaky Firm", hanging.url, { priority: 1, pauseAfterFailures: 3, deliveryDeadlineSeconds: 3600 });
    const backup = await addBuyer("Backup Firm", working.url, { priority: 2, deliveryDeadlineSeconds: 86_400 });

    const first = await submitLead();
    await worker.runOnce();
    advance(6);
    await worker.runOnce();
    expect(await buyerRow(flaky.id)).toMatchObject({ consecutive_failures: 2, active: 1 });
    // The next retry is 5 minutes later, give or take its 10% jitter.
    advance(331);
    await worker.runOnce();
    expect(hanging.received).toHaveLength(3);
    const paused = await services.buyers.get(flaky.id);
    expect(paused).toMatchObject({ active: false, failuresInARow: 3 });
    const reason = "3 failed attempts in a row (last: Request timeout)";
    expect(paused!.autoPause).toEqual({ reason, at: clock.toISOString() });
    const audit = await db.selectFrom("audit_log").selectAll().where("target_id", "=", flaky.id).execute();
    expect(audit).toMatchObject([{ action: "pause-buyer", operator_email: "system" }]);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ automatic: true, reason, before: { active: true }, after: { active: false } });

    // The pause is on the dashboard and in /metrics.
    const dashboard = await services.dashboard.read(7);
    expect(dashboard.pausedBuyers).toEqual([{ id: flaky.id, name: "Flaky Firm", reason, at: clock.toISOString(), automatic: true }]);
    const { body } = await services.metrics.exposition();
    expect(body).toContain(`claims_buyer_paused{buyer="${flaky.id}",name="Flaky Firm",reason="failures"} 1`);

    // New leads skip it; the lead it holds moves on at its deadline.
    const second = await submitLead();
    expect((await deliveriesOf(second)).map((d) => d.buyer_id)).toEqual([backup.id]);
    advance(3600);
    await worker.runOnce();
    expect((await deliveriesOf(first)).map((d) => [d.buyer_id, d.status])).toEqual([
      [flaky.id, "failed"],
      [backup.id, "delivered"],
    ]);
    expect(hanging.received).toHaveLength(3);

    // The operator resumes it as before; its count starts again.
    expect(await services.buyers.setActive(flaky.id, true)).toBe(true);
    expect(await services.buyers.get(flaky.id)).toMatchObject({ active: true, autoPause: null, failuresInARow: 0 });
    expect((await services.dashboard.read(7)).pausedBuyers).toEqual([]);
    expect((await services.metrics.exposition()).body).not.toContain(`claims_buyer_paused{buyer="${flaky.id}"`);
  });

  it("counts 500s, and a 2xx answer starts the count again", async () => {
    const receiver = await fakeBuyer("ok");
    const buyer = await addBuyer("Sometimes Firm", receiver.url, { pauseAfterFailures: 5 });
    receiver.respondNext(500, 500);
    await submitLead();
    await worker.runOnce();
    advance(6);
    await worker.runOnce();
    expect((await buyerRow(buyer.id)).consecutive_failures).toBe(2);
    await submitLead();
    await worker.runOnce();
    expect(await buyerRow(buyer.id)).toMatchObject({ consecutive_failures: 0, active: 1 });
  });
});
