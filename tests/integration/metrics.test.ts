import { afterEach, describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "#claims/engine/form-values";
import { openDatabase, type Db } from "../../server/db/database";
import { WEBHOOK_URL_SETTING, writeSetting } from "../../server/settings/settings";
import { anotherPerson } from "../support/distinct-people";
import { databaseTargetOf } from "../support/routing-fixtures";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { mvaAnswers } from "#claims/mva/examples";
import { freePort, startServer, startWorker, type RunningProcess, type RunningServer } from "../../tools/server";
import { supplierHeadersFor } from "../../tools/suppliers";
import { testDatabaseUrl } from "../support/test-database";
import { startApiApp } from "../support/api-app";

// docs/decisions/035: the built server (and worker) on either engine, scraped as Prometheus would.

const TOKEN = "metrics-token-for-tests-0123456789";
const running: RunningProcess[] = [];
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop("SIGKILL")));
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** The database the test's servers run on: where postLead makes their supplier. */
let latestDatabaseUrl: string | undefined;

async function database(prefix: string): Promise<{ url: string; db: Db }> {
  const url = await testDatabaseUrl(prefix);
  latestDatabaseUrl = url;
  const db = await openDatabase(databaseTargetOf(url));
  cleanups.push(() => db.destroy());
  return { url, db };
}

async function scrape(baseUrl: string, token = TOKEN): Promise<string> {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain; version=0.0.4");
  return response.text();
}

/** A sample's value, or 0 when the series is absent; `labels` is the exact label set as printed. */
function sample(text: string, name: string, labels = ""): number {
  const line = text.split("\n").find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ""} `));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

const postLead = async (server: RunningServer, body: Record<string, unknown>) =>
  fetch(`${server.url}/api/leads/mva`, { method: "POST", headers: { "content-type": "application/json", ...(await supplierHeadersFor(server, latestDatabaseUrl)) }, body: JSON.stringify(body) });

describe("/metrics", () => {
  // The app in this process: whether and to whom it answers needs no server process of its own.
  it("is a 404 without METRICS_TOKEN, and a 401 without the right bearer token", async () => {
    const off = await startApiApp();
    cleanups.push(() => off.close());
    expect((await fetch(`${off.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);

    const on = await startApiApp({ METRICS_TOKEN: TOKEN });
    cleanups.push(() => on.close());
    for (const authorization of [undefined, "Bearer wrong-token", `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const response = await fetch(`${on.url}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await response.text()).not.toContain("claims_");
    }
    const text = await scrape(on.url);
    // The default process metrics and the event-loop lag come along.
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(text).toContain("process_cpu_user_seconds_total");
  });

  it("counts saved and refused leads, deliveries, dead ones and login failures, with no personal data in any label", async () => {
    // The lead that always fails: retried once after 100 ms, then dead.
    const receiver = await startFakeReceiver("ok", 0, (request) => (request.body.includes("doomed") ? 500 : undefined));
    cleanups.push(() => receiver.close());
    const { url, db } = await database("metrics_counts");
    const server = await startServer({
      DATABASE_URL: url,
      METRICS_TOKEN: TOKEN,
      LEAD_RATE_LIMIT_PER_HOUR: "5",
      DELIVERY_POLL_MS: "100",
      DELIVERY_RETRY_SCHEDULE: "100",
    });
    running.push(server);
    await writeSetting(db, WEBHOOK_URL_SETTING, receiver.url, new Date());

    const person = { fn: "Zebediah", ln: "Quixotlstone", em: "zebediah.quixotlstone@example.com", ph: "(415) 555-0199" };
    const created: string[] = [];
    for (const body of [
      mvaAnswers(person),
      mvaAnswers(anotherPerson()),
      mvaAnswers(anotherPerson()),
      mvaAnswers({ ...anotherPerson(), em: "doomed@example.com" }),
      mvaAnswers({ ...anotherPerson(), [HONEYPOT_FIELD]: "https://spam.example" }),
    ]) {
      const response = await postLead(server, body);
      expect(response.status).toBe(201);
      created.push(((await response.json()) as { leadId: string }).leadId);
    }
    expect((await postLead(server, { fn: "Zebediah" })).status).toBe(400);
    expect((await postLead(server, mvaAnswers(anotherPerson()))).status).toBe(429);
    // Personal data in paths: a page, a page's data request and an unknown path.
    await fetch(`${server.url}/blog/zebediah-quixotlstone`);
    await fetch(`${server.url}/admin/leads/${created[0]}.data`);
    await fetch(`${server.url}/zebediah/quixotlstone?em=zebediah.quixotlstone@example.com`);
    const login = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "zebediah.quixotlstone@example.com", password: "not the password" }),
      redirect: "manual",
    });
    expect(login.status).toBeLessThan(500);

    let text = "";
    await waitFor(async () => {
      text = await scrape(server.url);
      // A request is recorded once its answer is sent, which the client may see first: the last one counts too.
      // The dead row's gauge is read from the database, where the attempt's transaction may land just after its counter.
      return (
        /claims_delivery_attempts_total\{[^}]*result="dead"\} 1/.test(text) &&
        /^claims_deliveries_dead\{[^}]*\} 1$/m.test(text) &&
        /result="delivered"\} 3/.test(text) &&
        text.includes('route="routes/admin-login"')
      );
    }, "three leads delivered and one dead (the spam is not sent), and the login recorded", 20_000).catch((error: Error) => {
      throw new Error(`${error.message}:\n${text.split("\n").filter((line) => line.startsWith("claims_")).join("\n")}`);
    });

    expect(sample(text, "claims_leads_saved_total", 'claim="mva",outcome="eligible",duplicate="no"')).toBe(4);
    expect(sample(text, "claims_leads_saved_total", 'claim="mva",outcome="spam",duplicate="no"')).toBe(1);
    expect(sample(text, "claims_leads_refused_total", 'reason="validation"')).toBe(1);
    expect(sample(text, "claims_leads_refused_total", 'reason="rate_limit"')).toBe(1);
    expect(sample(text, "claims_login_failures_total", 'reason="wrong_password"')).toBe(1);
    // The webhook is a system buyer: its deliveries carry its buyer id, one of the operator's buyers.
    const buyers = await db.selectFrom("buyers").select("id").execute();
    const targets = [...text.matchAll(/claims_delivery_attempts_total\{target="([^"]*)",buyer="([^"]*)"/g)];
    expect(targets.length).toBeGreaterThan(0);
    for (const [, , buyer] of targets) expect(buyer === "" || buyers.some((b) => b.id === buyer)).toBe(true);
    expect([...text.matchAll(/result="retry"\} (\d+)/g)].map((m) => Number(m[1]))).toEqual([1]);
    expect([...text.matchAll(/^claims_deliveries_dead\{[^}]*\} (\d+)$/gm)].map((m) => Number(m[1]))).toEqual([1]);
    expect(text).not.toMatch(/^claims_outbox_depth\{/m);

    const routes = new Set([...text.matchAll(/claims_http_request_duration_seconds_count\{route="([^"]*)"/g)].map((m) => m[1]));
    // A scrape is recorded once answered, so /metrics itself shows from the second scrape on.
    routes.delete("/metrics");
    // The article is answered before Express (docs/decisions/032) and still timed under its route id; the
    // unknown address gets the cached 404 page and the label every unknown path shares.
    expect(routes).toEqual(new Set(["/healthz", "/api/leads/:caseType", "routes/blog-article", "routes/admin-lead", "unmatched", "routes/admin-login"]));
    const labelValues = [...text.matchAll(/="([^"]*)"/g)].map((m) => m[1]!);
    for (const secret of ["zebediah", "quixotl", "example.com", "555", ...created, "doomed"]) {
      expect(labelValues.filter((value) => value.toLowerCase().includes(secret.toLowerCase())), secret).toEqual([]);
    }
    expect(text.toLowerCase()).not.toContain("zebediah");
  }, 60_000);

  it("with a separate worker: the web instances report the outbox from the database, the worker its own attempts on its port", async () => {
    const receiver = await startFakeReceiver("ok");
    cleanups.push(() => receiver.close());
    const { url, db } = await database("metrics_worker");
    const server = await startServer({ DATABASE_URL: url, METRICS_TOKEN: TOKEN, RUN_WORKER: "false" });
    running.push(server);
    await writeSetting(db, WEBHOOK_URL_SETTING, receiver.url, new Date());
    for (let n = 0; n < 2; n++) expect((await postLead(server, mvaAnswers(anotherPerson()))).status).toBe(201);

    const waiting = await scrape(server.url);
    expect([...waiting.matchAll(/^claims_outbox_depth\{[^}]*\} (\d+)$/gm)].map((m) => Number(m[1]))).toEqual([2]);
    expect([...waiting.matchAll(/^claims_outbox_oldest_due_age_seconds\{[^}]*\} (\S+)$/gm)].map((m) => Number(m[1]) >= 0)).toEqual([true]);

    const port = await freePort();
    const worker = await startWorker({ DATABASE_URL: url, METRICS_TOKEN: TOKEN, WORKER_METRICS_PORT: String(port), DELIVERY_POLL_MS: "100" });
    running.push(worker);
    const workerUrl = `http://127.0.0.1:${port}`;
    expect((await fetch(`${workerUrl}/metrics`)).status).toBe(401);
    // The attempt is counted a moment before its row is marked delivered: a scrape in between still
    // sees it in the outbox (a busy machine widens the moment), so wait for both.
    const drained = (metrics: string) => /result="delivered"\} 2/.test(metrics) && !/^claims_outbox_depth\{/m.test(metrics);
    await waitFor(async () => drained(await scrape(workerUrl)), "the worker's two deliveries, and an empty outbox", 20_000);
    const web = await scrape(server.url);
    expect(web).not.toContain('result="delivered"');
    expect(web).not.toMatch(/^claims_outbox_depth\{/m);
    expect((await fetch(`${workerUrl}/anything-else`)).status).toBe(404);
  }, 60_000);
});
