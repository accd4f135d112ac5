// Issue 11, item 4, end to end: caps are exact with two web processes and two delivery workers on one
// database (a SQLite file, or PostgreSQL in the integration-postgres project), the built server and
// worker as they run in production, and after processes are killed and replaced mid-burst.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createBuyerStore, type Buyer, type BuyerInput } from "../../server/distribution/buyers/buyer-store";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { capPeriods } from "../../server/distribution/routing/cap-reservation";
import type { RoutingDecisionRecord } from "../../server/distribution/routing/route-lead";
import { createSecretBox } from "../../server/secrets/secret-box";
import { startFakeReceiver, waitFor, type Behaviour, type ReceivedRequest } from "../support/fake-receiver";
import { mvaAnswers } from "#claims/mva/examples";
import { buyerInput, countersAndReservations, databaseTargetOf, TEST_SECRETS_KEY } from "../support/routing-fixtures";
import { startServer, startWorker, type RunningProcess, type RunningServer } from "../../tools/server";
import { testDatabaseUrl } from "../support/test-database";
import { createTestSupplier } from "../../tools/suppliers";

let supplierHeaders: Record<string, string> = {};

const LEADS = 50;
const CAP = 10;
/** Retries every ~250 ms for longer than any test here holds a buyer's answers: nothing runs out of retries. */
const RETRY_SCHEDULE = Array.from({ length: 40 }, () => 250).join(",");

type Receiver = Awaited<ReturnType<typeof startFakeReceiver>>;

const processes: RunningProcess[] = [];
const receivers: Receiver[] = [];
const sqliteDirs: string[] = [];
let db: Db | undefined;

afterEach(async () => {
  await Promise.all(processes.splice(0).map((p) => p.stop("SIGKILL")));
  await Promise.all(receivers.splice(0).map((r) => r.close()));
  await db?.destroy();
  db = undefined;
  // PostgreSQL databases are dropped after the file (tests/support/postgres-setup.ts); SQLite files here.
  for (const dir of sqliteDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A fresh database with the two buyers, saved before any process starts: Capped Firm (priority 1, 10
 * a day) posting to receiver A, and Next Firm (priority 2, no cap) posting to receiver B.
 */
async function setUp(decideA?: (request: ReceivedRequest) => Behaviour | undefined) {
  const url = await testDatabaseUrl("caps-servers");
  const sqliteFile = url.startsWith("file:") ? url.slice("file:".length) : undefined;
  if (sqliteFile) sqliteDirs.push(path.dirname(sqliteFile));
  const opened = await openDatabase(databaseTargetOf(url));
  db = opened;
  await migrateToLatest(opened);
  supplierHeaders = (await createTestSupplier(opened)).headers;
  const a = await startFakeReceiver("ok", 0, decideA);
  const b = await startFakeReceiver("ok");
  receivers.push(a, b);
  const store = createBuyerStore(opened, createSecretBox(TEST_SECRETS_KEY));
  const save = async (name: string, receiverUrl: string, rules: Partial<BuyerInput["rules"]>): Promise<Buyer> => {
    const saved = await store.create(buyerInput(name, rules, { delivery: { method: "webhook", url: receiverUrl } }));
    if (!saved.ok) throw new Error(`${name} not saved: ${JSON.stringify(saved.errors)}`);
    return saved.buyer;
  };
  // Never paused for failing: the kill test holds its answers past the timeout on purpose (docs/decisions/039).
  const capped = await save("Capped Firm", a.url, { priority: 1, caps: { perDay: CAP }, pauseAfterFailures: 0 });
  const next = await save("Next Firm", b.url, { priority: 2 });

  const shared = { DATABASE_URL: url, SECRETS_KEY: TEST_SECRETS_KEY, LEAD_RATE_LIMIT_PER_HOUR: "0" };
  const startWeb = () => track(startServer({ ...shared, RUN_WORKER: "false" }, sqliteFile));
  const startDeliveryWorker = (timeoutMs: number) =>
    track(
      startWorker(
        { ...shared, DELIVERY_POLL_MS: "50", DELIVERY_TIMEOUT_MS: String(timeoutMs), DELIVERY_RETRY_SCHEDULE: RETRY_SCHEDULE, LOG_LEVEL: "info" },
        sqliteFile,
      ),
    );
  return { db: opened, a, b, capped, next, startWeb, startDeliveryWorker };
}

/** Every process is stopped after the test, even one whose start-up the test did not wait for. */
async function track<T extends RunningProcess>(starting: Promise<T>): Promise<T> {
  const started = await starting;
  processes.push(started);
  return started;
}

/** Starts them all at once; if any fails, the others are still stopped by afterEach. */
async function startAll<T>(starts: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(starts);
  const failed = settled.find((s) => s.status === "rejected");
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}

const submissionKey = (i: number) => `caps-servers-${String(i).padStart(3, "0")}`;

function postLead(server: RunningServer, i: number) {
  return fetch(`${server.url}/api/leads/mva`, {
    method: "POST",
    headers: { ...supplierHeaders, "content-type": "application/json" },
    body: JSON.stringify(mvaAnswers({ submissionKey: submissionKey(i), em: `caps-${i}@example.com`, ph: `(415) 555-${String(1000 + i).padStart(4, "0")}` })),
    signal: AbortSignal.timeout(20_000),
  });
}

const webhookId = (request: ReceivedRequest) => String(request.headers["webhook-id"]);
const distinctIds = (receiver: Receiver) => new Set(receiver.received.map(webhookId));
const attemptsPerWorker = (workers: RunningProcess[]) =>
  workers.map((w) => w.output().split("\n").filter((line) => line.includes('"delivery attempt"')).length);

async function buyerDeliveries(db: Db) {
  return db
    .selectFrom("deliveries")
    .select(["id", "lead_id", "buyer_id", "status", "attempts", "locked_until", "reserved_day"])
    .where("target", "=", "buyer")
    .execute();
}

async function decisionsByLead(db: Db) {
  const rows = await db.selectFrom("routing_decisions").select(["lead_id", "decision"]).orderBy("created_at").execute();
  const byLead = new Map<string, RoutingDecisionRecord[]>();
  for (const row of rows) byLead.set(row.lead_id, [...(byLead.get(row.lead_id) ?? []), JSON.parse(row.decision) as RoutingDecisionRecord]);
  return byLead;
}

/** Every lead delivered to exactly one buyer, whatever else is still to do. */
async function allDelivered(db: Db, leads: number) {
  const deliveries = await buyerDeliveries(db);
  return deliveries.filter((d) => d.status === "delivered").length >= leads && deliveries.every((d) => d.status === "delivered");
}

/**
 * What holds in both tests once everything is delivered: each of the `leadIds` is sold to exactly one
 * buyer (one delivered buyer delivery, the one buyer its routing says accepted it), Capped Firm took
 * exactly CAP, and every counter equals the deliveries holding a slot in its period.
 */
async function expectEachLeadSoldOnce(rig: Awaited<ReturnType<typeof setUp>>, leadIds: string[]) {
  const { db, capped, next } = rig;
  const leads = await db.selectFrom("leads").select("id").execute();
  expect(new Set(leads.map((lead) => lead.id))).toEqual(new Set(leadIds));

  const deliveries = await buyerDeliveries(db);
  expect(deliveries.filter((d) => d.status !== "delivered")).toEqual([]);
  expect(deliveries).toHaveLength(leadIds.length);
  expect(new Set(deliveries.map((d) => d.lead_id))).toEqual(new Set(leadIds));
  const toCapped = deliveries.filter((d) => d.buyer_id === capped.id);
  const toNext = deliveries.filter((d) => d.buyer_id === next.id);
  expect([toCapped.length, toNext.length]).toEqual([CAP, leadIds.length - CAP]);

  // Each delivery still holds the slot it reserved, and the counters say exactly that.
  expect(deliveries.filter((d) => d.reserved_day === null)).toEqual([]);
  const counters = await countersAndReservations(db);
  expect(counters).toEqual(counters.map((row) => ({ ...row, counted: row.reserved })));
  const { day, month } = capPeriods("America/New_York", new Date());
  const counted = Object.fromEntries(counters.map((row) => [row.key, row.counted]));
  expect(counted).toEqual({
    [`${capped.id} ${day}`]: CAP,
    [`${capped.id} ${month}`]: CAP,
    [`${next.id} ${day}`]: leadIds.length - CAP,
    [`${next.id} ${month}`]: leadIds.length - CAP,
  });

  // One routing per lead (nothing was rejected, so nothing cascaded), accepted by the buyer it went to.
  const decisions = await decisionsByLead(db);
  expect(new Set(decisions.keys())).toEqual(new Set(leadIds));
  const deliveryOf = new Map(deliveries.map((d) => [d.lead_id, d]));
  for (const [leadId, routings] of decisions) {
    const delivery = deliveryOf.get(leadId)!;
    expect(routings, leadId).toHaveLength(1);
    const [routing] = routings as [RoutingDecisionRecord];
    expect(routing).toMatchObject({ tried: [{ buyerId: delivery.buyer_id, deliveryId: delivery.id }], accepted: [delivery.buyer_id], unsold: false });
    if (delivery.buyer_id === next.id) {
      expect(routing.considered.find((entry) => entry.buyerId === capped.id), leadId).toMatchObject({
        verdict: "skipped",
        reason: "daily cap reached",
      });
    }
  }

  // Each buyer's receiver was sent exactly its deliveries, by webhook-id, each naming its lead.
  expect(distinctIds(rig.a)).toEqual(new Set(toCapped.map((d) => d.id)));
  expect(distinctIds(rig.b)).toEqual(new Set(toNext.map((d) => d.id)));
  for (const request of [...rig.a.received, ...rig.b.received]) {
    expect(JSON.parse(request.body).leadId).toBe(deliveries.find((d) => d.id === webhookId(request))!.lead_id);
  }
  return { toCapped, toNext };
}

// About 10 s each on an idle 2-core machine; the bound leaves room for one shared with browser tests.
describe("buyer caps with two web processes and two delivery workers", { timeout: 90_000 }, () => {
  it(`sends exactly ${CAP} of ${LEADS} leads posted at once to the buyer capped at ${CAP}, and the rest to the next`, async () => {
    const startedAt = Date.now();
    const rig = await setUp();
    const [web1, web2, ...workers] = await startAll<RunningProcess>([
      rig.startWeb(),
      rig.startWeb(),
      rig.startDeliveryWorker(5_000),
      rig.startDeliveryWorker(5_000),
    ]);
    const webs = [web1 as RunningServer, web2 as RunningServer];
    const upAt = Date.now();

    const responses = await Promise.all(Array.from({ length: LEADS }, (_, i) => postLead(webs[i % 2]!, i)));
    const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as { leadId: string } })));
    expect(bodies.filter((b) => b.status !== 201)).toEqual([]);
    const leadIds = bodies.map((b) => b.body.leadId);
    expect(new Set(leadIds).size).toBe(LEADS);
    const postedAt = Date.now();

    await waitFor(() => allDelivered(rig.db, LEADS), `all ${LEADS} buyer deliveries to be delivered`, 25_000);
    const deliveredAt = Date.now();
    const { toCapped, toNext } = await expectEachLeadSoldOnce(rig, leadIds);

    // Nothing timed out or was sent twice: one request per delivery, each answered at once.
    expect(rig.a.received).toHaveLength(CAP);
    expect(rig.b.received).toHaveLength(LEADS - CAP);
    expect([...toCapped, ...toNext].filter((d) => d.attempts !== 1)).toEqual([]);

    console.log(
      `caps (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"}): processes up in ${((upAt - startedAt) / 1000).toFixed(1)} s, ` +
        `${LEADS} leads posted in ${((postedAt - upAt) / 1000).toFixed(2)} s, delivered ${((deliveredAt - postedAt) / 1000).toFixed(2)} s later; ` +
        `attempts per worker ${attemptsPerWorker(workers).join(" + ")}`,
    );
  });

  it("keeps every cap and sells every lead once when a web process and a worker are killed mid-burst and replaced", async () => {
    const startedAt = Date.now();
    // Capped Firm's receiver holds every request until released, so its deliveries are in flight (each
    // attempt times out after 1 s and is retried) while the processes are killed.
    let holding = true;
    const rig = await setUp(() => (holding ? "hold" : undefined));
    const TIMEOUT_MS = 1_000;
    const LOCK_MS = 2 * TIMEOUT_MS + 5_000; // the worker's claim on a row (server/distribution/delivery/worker.ts)
    const [web1, web2, worker1, worker2] = await startAll<RunningProcess>([
      rig.startWeb(),
      rig.startWeb(),
      rig.startDeliveryWorker(TIMEOUT_MS),
      rig.startDeliveryWorker(TIMEOUT_MS),
    ]);
    const workers = [worker1!, worker2!];

    // The burst: 8 clients post the 50 leads, lead i to web process i % 2 (the other while it is down).
    // Leads from 20 on wait until both workers are sending to Capped Firm, and leads from 40 on for the
    // replacements, so the kill comes mid-burst with POSTs in flight.
    const slots: (RunningServer | null)[] = [web1 as RunningServer, web2 as RunningServer];
    const answered = new Map<number, { status: number; leadId: string }>();
    const cutOff = new Set<number>();
    const inFlight = new Map<RunningServer, number>();
    let arm!: () => void;
    const armed = new Promise<void>((resolve) => (arm = resolve));
    let replaced!: () => void;
    const replacementsUp = new Promise<void>((resolve) => (replaced = resolve));
    let nextLead = 0;
    const client = async () => {
      while (nextLead < LEADS) {
        const i = nextLead++;
        if (i >= 20) await armed;
        if (i >= 40) await replacementsUp;
        const server = slots[i % 2] ?? slots[(i + 1) % 2]!;
        inFlight.set(server, (inFlight.get(server) ?? 0) + 1);
        try {
          const response = await postLead(server, i);
          answered.set(i, { status: response.status, leadId: ((await response.json()) as { leadId: string }).leadId });
        } catch {
          cutOff.add(i); // the process was killed with this request in flight
        } finally {
          inFlight.set(server, inFlight.get(server)! - 1);
        }
      }
    };
    const burst = Promise.all(Array.from({ length: 8 }, client));

    // Kill when both workers are in the middle of a request to Capped Firm, each claimed less than
    // 700 ms ago (so neither can time out before the kill), and web process 1 has POSTs in flight
    // (unless, on a slow machine, every lead before the replacements' has been answered already).
    const claimedAt = (d: { locked_until: string | null }) => Date.parse(d.locked_until!) - LOCK_MS;
    const freshCappedSends = async () =>
      (await buyerDeliveries(rig.db)).filter((d) => d.buyer_id === rig.capped.id && d.status === "sending" && Date.now() - claimedAt(d) < 700);
    let sendingAtKill: Awaited<ReturnType<typeof freshCappedSends>> = [];
    await waitFor(
      async () => {
        sendingAtKill = await freshCappedSends();
        if (sendingAtKill.length < 2 || answered.size < 12) return false;
        arm();
        return (inFlight.get(slots[0]!) ?? 0) > 0 || answered.size + cutOff.size >= 40;
      },
      "both workers to be sending to Capped Firm mid-burst",
      15_000,
    );
    slots[0] = null;
    await Promise.all([worker1!.stop("SIGKILL"), web1!.stop("SIGKILL")]);
    const killedAt = Date.now();
    const answeredAtKill = answered.size;

    // The killed worker's row stays claimed until its lock expires, while the live worker's attempt is
    // recorded (checked before the restart, which may take longer than the lock on a busy machine).
    const stateOf = async (id: string) => (await buyerDeliveries(rig.db)).find((d) => d.id === id)!;
    await waitFor(
      async () => (await Promise.all(sendingAtKill.map((d) => stateOf(d.id)))).some((now, k) => now.attempts !== sendingAtKill[k]!.attempts || now.status !== "sending"),
      "the surviving worker to record its attempt",
      5_000,
    );
    const after = await Promise.all(sendingAtKill.map((d) => stateOf(d.id)));
    const orphaned = sendingAtKill.filter((d, k) => after[k]!.status === "sending" && after[k]!.attempts === d.attempts);
    expect(orphaned).toHaveLength(1);
    expect(Date.now()).toBeLessThan(claimedAt(orphaned[0]!) + LOCK_MS);

    const [web3, worker3] = await startAll<RunningProcess>([rig.startWeb(), rig.startDeliveryWorker(TIMEOUT_MS)]);
    workers.push(worker3!);
    slots[0] = web3 as RunningServer;
    replaced();
    await burst;
    const postedAt = Date.now();

    // A POST cut off by the kill may or may not have saved its lead; one that did has routed it.
    const leadOfKey = async (i: number) =>
      rig.db.selectFrom("leads").select("id").where("submission_key", "=", submissionKey(i)).executeTakeFirst();
    const savedBeforeCutOff = new Map<number, string>();
    for (const i of cutOff) {
      const lead = await leadOfKey(i);
      if (!lead) continue;
      savedBeforeCutOff.set(i, lead.id);
      expect(await rig.db.selectFrom("routing_decisions").select("id").where("lead_id", "=", lead.id).execute()).toHaveLength(1);
      expect(await rig.db.selectFrom("deliveries").select("id").where("lead_id", "=", lead.id).where("target", "=", "buyer").execute()).toHaveLength(1);
    }
    // Every answered POST saved its lead.
    expect([...answered.values()].filter((a) => a.status !== 201)).toEqual([]);
    for (const [i, { leadId }] of answered) expect((await leadOfKey(i))?.id, `lead ${i}`).toBe(leadId);
    // The client sends a cut-off POST again with its submission key: saved once, whichever way it went.
    for (const i of cutOff) {
      const response = await postLead(slots[i % 2]!, i);
      const body = (await response.json()) as { leadId: string; submissionKeyReplayed: boolean };
      expect([200, 201], `lead ${i} sent again`).toContain(response.status);
      if (savedBeforeCutOff.has(i)) expect({ status: response.status, ...body }).toMatchObject({ status: 200, leadId: savedBeforeCutOff.get(i), submissionKeyReplayed: true });
      answered.set(i, { status: response.status, leadId: body.leadId });
    }
    expect(answered.size).toBe(LEADS);

    // No cap was exceeded while Capped Firm held everything.
    const held = await buyerDeliveries(rig.db);
    expect(held.filter((d) => d.buyer_id === rig.capped.id).length).toBeLessThanOrEqual(CAP);
    const countersHeld = await countersAndReservations(rig.db);
    expect(countersHeld).toEqual(countersHeld.map((row) => ({ ...row, counted: row.reserved })));

    holding = false;
    rig.a.release();
    const releasedAt = Date.now();
    await waitFor(() => allDelivered(rig.db, LEADS), `all ${LEADS} buyer deliveries to be delivered after the restart`, 25_000);
    const deliveredAt = Date.now();

    const leadIds = [...answered.values()].map((a) => a.leadId);
    await expectEachLeadSoldOnce(rig, leadIds);
    // The orphaned row was sent again by a live worker once its lock expired, under the same webhook-id
    // (which receiver A may have seen before the kill too: at least once, not exactly once).
    const resent = await stateOf(orphaned[0]!.id);
    expect(resent.attempts).toBeGreaterThan(orphaned[0]!.attempts);

    console.log(
      `caps after a crash (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"}): killed a web process and a worker ` +
        `${((killedAt - startedAt) / 1000).toFixed(1)} s in, with ${answeredAtKill} leads answered and ${cutOff.size} POST(s) cut off ` +
        `(${savedBeforeCutOff.size} of them saved); burst done ${((postedAt - killedAt) / 1000).toFixed(1)} s after the kill; ` +
        `all delivered ${((deliveredAt - releasedAt) / 1000).toFixed(1)} s after releasing Capped Firm; ` +
        `receiver A ${rig.a.received.length} requests for ${distinctIds(rig.a).size} deliveries; attempts per worker ${attemptsPerWorker(workers).join(" + ")}`,
    );
  });
});
