import http from "node:http";
import net from "node:net";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { WEBHOOK_URL_SETTING } from "../../server/settings/settings";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { mvaAnswers } from "#claims/mva/examples";
import { startServer, startWorker, type RunningProcess, type RunningServer } from "../../tools/server";
import { supplierHeadersFor } from "../../tools/suppliers";

// The built server and worker (the test build), stopped the way a platform stops them: SIGTERM.

let receiver: Awaited<ReturnType<typeof startFakeReceiver>> | undefined;
const running: RunningProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop("SIGKILL")));
  await receiver?.close();
  receiver = undefined;
});

/** What the setup page saves, written straight into the running server's database. */
function saveWebhookUrl(dbFile: string, url: string) {
  const db = new Database(dbFile);
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare("insert into settings (key, value, updated_at) values (?, ?, ?)").run(WEBHOOK_URL_SETTING, url, new Date().toISOString());
  } finally {
    db.close();
  }
}

async function postLead(server: RunningServer, submissionKey: string): Promise<{ leadId: string }> {
  const response = await fetch(`${server.url}/api/leads/mva`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(await supplierHeadersFor(server)) },
    // A person per lead (named after its key): a second lead from one person would be a duplicate the webhook does not get.
    body: JSON.stringify(mvaAnswers({ submissionKey, em: `${submissionKey}@example.com` })),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { leadId: string };
}

/**
 * A lead POST whose headers the server has taken in (it answered 100 Continue) but whose body waits
 * for `sendBody()`: a request that is in flight for as long as the test wants.
 */
function requestInFlight(server: RunningServer, supplierHeaders: Record<string, string>, body: string) {
  const request = http.request(`${server.url}/api/leads/mva`, {
    method: "POST",
    agent: false,
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), expect: "100-continue", ...supplierHeaders },
  });
  const accepted = new Promise<void>((resolve) => request.once("continue", resolve));
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once("error", reject);
    request.once("response", (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      res.once("end", () => resolve({ status: res.statusCode!, body: text }));
      res.once("error", reject);
    });
  });
  request.flushHeaders();
  return { accepted, response, sendBody: () => request.end(body) };
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(false)));
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

const deliveryOf = (process: RunningProcess, leadId: string) =>
  process.query<{ status: string; webhook_sent: number }>(
    "select d.status, l.webhook_sent from deliveries d join leads l on l.id = d.lead_id where d.lead_id = ? and d.target = 'webhook'",
    leadId,
  )[0];

describe("SIGTERM drains", () => {
  it("the web server refuses new connections, finishes the request and the delivery in flight, closes the database and exits 0", { timeout: 60_000 }, async () => {
    receiver = await startFakeReceiver("ok");
    receiver.respondNext("hold");
    const server = await startServer({ DELIVERY_POLL_MS: "50", LEAD_RATE_LIMIT_PER_HOUR: "0" });
    running.push(server);
    saveWebhookUrl(server.dbFile, receiver.url);

    const delivered = await postLead(server, "drain-delivered");
    await waitFor(() => receiver!.received.length === 1, "the delivery to reach the receiver, which holds it");
    const request = requestInFlight(server, await supplierHeadersFor(server), JSON.stringify(mvaAnswers({ submissionKey: "drain-in-flight", em: "drain-in-flight@example.com", ph: "(415) 555-1001" })));
    await request.accepted;

    const stopped = server.stop("SIGTERM");
    const port = Number(new URL(server.url).port);
    await waitFor(() => connectionRefused(port), "new connections to be refused");
    request.sendBody();

    const response = await request.response;
    expect(response.status).toBe(201);
    expect(JSON.parse(response.body)).toMatchObject({ leadId: expect.any(String), outcome: expect.any(String) });
    // Only now does the receiver answer the delivery that was in flight when SIGTERM came.
    receiver.release();
    await stopped;
    expect(await server.exited).toEqual({ code: 0, signal: null });
    // The delivery held by the receiver was answered and recorded before the database closed.
    expect(receiver.received).toHaveLength(1);
    expect(deliveryOf(server, delivered.leadId)).toEqual({ status: "delivered", webhook_sent: 1 });
    // The lead accepted during the drain is saved and queued for the next start, not lost.
    expect(deliveryOf(server, JSON.parse(response.body).leadId)).toEqual({ status: "pending", webhook_sent: 0 });
  });

  it("the standalone worker finishes the delivery it is sending and exits 0", { timeout: 60_000 }, async () => {
    receiver = await startFakeReceiver("ok");
    receiver.respondNext("hold");
    const web = await startServer({ RUN_WORKER: "false", LEAD_RATE_LIMIT_PER_HOUR: "0" });
    running.push(web);
    saveWebhookUrl(web.dbFile, receiver.url);
    const lead = await postLead(web, "drain-worker");

    const worker = await startWorker({ DELIVERY_POLL_MS: "50", LOG_LEVEL: "info" }, web.dbFile);
    running.push(worker);
    await waitFor(() => receiver!.received.length === 1, "the worker's delivery to reach the receiver, which holds it");
    const stopped = worker.stop("SIGTERM");
    await waitFor(() => worker.output().includes('"msg":"draining"'), "the worker to start draining");
    receiver.release();
    await stopped;

    expect(await worker.exited).toEqual({ code: 0, signal: null });
    expect(receiver.received).toHaveLength(1);
    expect(deliveryOf(web, lead.leadId)).toEqual({ status: "delivered", webhook_sent: 1 });
  });

  it("a request that never finishes cannot hold it: the deadline (DELIVERY_TIMEOUT_MS + 5 s) ends it with exit 1", { timeout: 30_000 }, async () => {
    const server = await startServer({ DELIVERY_TIMEOUT_MS: "100" });
    running.push(server);
    const stuck = requestInFlight(server, await supplierHeadersFor(server), "{}");
    stuck.response.catch(() => {}); // its body never comes; the server's exit resets it
    await stuck.accepted;
    const started = Date.now();
    await server.stop("SIGTERM");
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(Date.now() - started).toBeGreaterThanOrEqual(5_000);
    expect(server.output()).toContain("shutdown deadline passed");
  });
});
