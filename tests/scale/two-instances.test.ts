// Scale-out (DESIGN section 10): two web processes (RUN_WORKER=false) and two standalone delivery
// workers on one fresh PostgreSQL database, all started at once (so they also migrate it at once).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { createSettings } from "../../server/settings/settings";
import { startFakeReceiver, waitFor, type ReceivedRequest } from "../support/fake-receiver";
import { mvaAnswers } from "#claims/mva/examples";
import { startServer, startWorker, type RunningServer, type RunningProcess } from "../../tools/server";
import { testDatabaseUrl } from "../support/test-database";
import { createTestSupplier } from "../../tools/suppliers";

let supplierHeaders: Record<string, string> = {};

const LEADS = 1_000;
const IN_FLIGHT = 16;
const RATE_LIMIT = 5;
const RETRY_AFTER_MS = 200;

/** Lead i (0-based) is the i-th submission; every tenth one's first attempt is answered 500. */
const isTenth = (i: number) => i % 10 === 9;
const indexOf = (request: ReceivedRequest) => Number(/^scale-(\d+)@/.exec(JSON.parse(request.body).em)?.[1]);
const webhookId = (request: ReceivedRequest) => String(request.headers["webhook-id"]);

let db: Db;
let receiver: Awaited<ReturnType<typeof startFakeReceiver>>;
let webs: RunningServer[] = [];
let workers: RunningProcess[] = [];
/** What the receiver answered to each request, in order. */
const answered: { id: string; index: number; status: number }[] = [];

beforeAll(async () => {
  const failedOnce = new Set<string>();
  receiver = await startFakeReceiver("ok", 0, (request) => {
    const id = webhookId(request);
    const index = indexOf(request);
    const fail = Number.isInteger(index) && isTenth(index) && !failedOnce.has(id);
    if (fail) failedOnce.add(id);
    answered.push({ id, index, status: fail ? 500 : 200 });
    return fail ? 500 : "ok";
  });

  const databaseUrl = await testDatabaseUrl("scale");
  const shared = { DATABASE_URL: databaseUrl, LEAD_RATE_LIMIT_PER_HOUR: String(RATE_LIMIT) };
  const web = { ...shared, RUN_WORKER: "false", TRUST_PROXY: "true" };
  const worker = { ...shared, DELIVERY_POLL_MS: "50", DELIVERY_RETRY_SCHEDULE: String(RETRY_AFTER_MS), DELIVERY_TIMEOUT_MS: "5000", LOG_LEVEL: "info" };
  const started = await Promise.allSettled([startServer(web), startServer(web), startWorker(worker), startWorker(worker)]);
  webs = started.slice(0, 2).flatMap((s) => (s.status === "fulfilled" ? [s.value as RunningServer] : []));
  workers = started.slice(2).flatMap((s) => (s.status === "fulfilled" ? [s.value as RunningProcess] : []));
  const failed = started.find((s) => s.status === "rejected");
  if (failed) throw (failed as PromiseRejectedResult).reason;

  db = await openDatabase({ engine: "postgres", url: databaseUrl });
  await migrateToLatest(db); // a no-op: the processes have migrated it
  await createSettings(db).saveWebhookUrl(receiver.url);
  supplierHeaders = (await createTestSupplier(db)).headers;
});

afterAll(async () => {
  await Promise.all([...webs, ...workers].map((p) => p.stop()));
  await db?.destroy();
  await receiver?.close();
});

function submit(server: RunningServer, ip: string, index: number) {
  return fetch(`${server.url}/api/leads/mva`, {
    method: "POST",
    headers: { ...supplierHeaders, "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify(mvaAnswers({ em: `scale-${index}@example.com`, ph: `(415) 555-${String(1000 + index).padStart(4, "0")}` })),
    signal: AbortSignal.timeout(15_000),
  });
}

describe("two web processes and two delivery workers on one PostgreSQL database", () => {
  it(`take ${LEADS} leads through both web processes and deliver each exactly once`, async () => {
    const leadIds = new Map<number, string>();
    const startedAt = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < LEADS) {
          const i = next++;
          // Alternate web processes; one visitor IP per lead (10.0.x.y) so the rate limit stays out of the way.
          const response = await submit(webs[i % 2]!, `10.0.${i >> 8}.${i & 255}`, i);
          expect(response.status, await response.clone().text()).toBe(201);
          leadIds.set(i, ((await response.json()) as { leadId: string }).leadId);
        }
      }),
    );
    const submittedAt = Date.now();

    const settled = async () => {
      const row = await db
        .selectFrom("deliveries")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("status", "in", ["delivered", "failed", "dead"])
        .executeTakeFirstOrThrow();
      return Number(row.n) >= LEADS;
    };
    await waitFor(settled, `all ${LEADS} deliveries to settle`, 60_000);
    const drainedAt = Date.now();

    const perWorker = workers.map((w) => w.output().split("\n").filter((line) => line.includes('"delivery attempt"')).length);
    const submitS = (submittedAt - startedAt) / 1000;
    console.log(
      `scale: ${LEADS} leads via 2 web processes in ${submitS.toFixed(2)} s (${(LEADS / submitS).toFixed(0)} leads/s, ${IN_FLIGHT} in flight); ` +
        `drained ${((drainedAt - submittedAt) / 1000).toFixed(2)} s after the last lead (${((drainedAt - startedAt) / 1000).toFixed(2)} s in all); ` +
        `${receiver.received.length} webhook requests, attempts per worker ${perWorker.join(" + ")}`,
    );

    // The database: one delivery per lead, all delivered, the tenth leads on their second attempt.
    expect(leadIds.size).toBe(LEADS);
    const deliveries = await db.selectFrom("deliveries").select(["id", "lead_id", "target", "status", "attempts"]).execute();
    expect(deliveries).toHaveLength(LEADS);
    expect(new Set(deliveries.map((d) => d.lead_id))).toEqual(new Set(leadIds.values()));
    expect(deliveries.filter((d) => d.target !== "webhook" || d.status !== "delivered")).toEqual([]);
    const indexOfLead = new Map([...leadIds].map(([i, id]) => [id, i]));
    const attempts = await db
      .selectFrom("delivery_attempts")
      .select(["delivery_id", "status_code"])
      .orderBy("attempted_at")
      .execute();
    for (const d of deliveries) {
      const expected = isTenth(indexOfLead.get(d.lead_id)!) ? [500, 200] : [200];
      expect(d.attempts).toBe(expected.length);
      expect(attempts.filter((a) => a.delivery_id === d.id).map((a) => a.status_code)).toEqual(expected);
    }
    const unsent = await db.selectFrom("leads").select("id").where("webhook_sent", "!=", 1).execute();
    expect(unsent).toEqual([]);

    // The receiver: every lead arrived exactly once by webhook-id, none missing, and the failed first
    // attempts were exactly the tenth leads' (once each).
    const ok = answered.filter((a) => a.status === 200);
    const failed = answered.filter((a) => a.status === 500);
    expect(ok).toHaveLength(LEADS);
    expect(new Set(ok.map((a) => a.id))).toEqual(new Set(deliveries.map((d) => d.id)));
    expect(new Set(ok.map((a) => a.index))).toEqual(new Set(leadIds.keys()));
    expect(failed.map((a) => a.index).sort((a, b) => a - b)).toEqual([...leadIds.keys()].filter(isTenth).sort((a, b) => a - b));
    expect(receiver.received).toHaveLength(LEADS + LEADS / 10);
    const deliveryOfLead = new Map(deliveries.map((d) => [d.lead_id, d.id]));
    for (const request of receiver.received) expect(webhookId(request)).toBe(deliveryOfLead.get(JSON.parse(request.body).leadId));

    // Both workers took part.
    expect(perWorker.every((n) => n > 0)).toBe(true);
  });

  it(`hold the rate limit across both web processes: ${RATE_LIMIT} leads an hour from one IP, the rest 429`, async () => {
    const statuses = await Promise.all(
      Array.from({ length: RATE_LIMIT + 5 }, (_, i) => submit(webs[i % 2]!, "203.0.113.50", LEADS + i).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(RATE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const rows = await db.selectFrom("leads").select("id").where("user_ip", "=", "203.0.113.50").execute();
    expect(rows).toHaveLength(RATE_LIMIT);
  });
});
