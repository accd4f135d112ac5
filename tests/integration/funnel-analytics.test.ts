import fc from "fast-check";
import proxyaddr from "proxy-addr";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBMISSION_KEY_FIELD } from "#claims/engine/form-values";
import { claimBySlug } from "#claims/registry";
import { action } from "../../app/routes/claim-form";
import { createDashboardRollups } from "../../server/analytics/dashboard-rollups";
import { createFunnelDashboard } from "../../server/analytics/funnel-dashboard";
import { createFunnelBuffer } from "../../server/analytics/funnel-buffer";
import { createFunnelEvents, type FunnelVisit } from "../../server/analytics/funnel-events";
import { createRequestPipeline, pageViews } from "../../server/http/request-pipeline";
import { createLeadService } from "../../server/leads/submit-lead";
import { createLogger } from "../../server/logger";
import { startApiApp } from "../support/api-app";
import { anotherPerson } from "../support/distinct-people";
import { formPost, routeArgs, startRouteServices } from "../support/load-context";
import { mvaAnswers } from "#claims/mva/examples";

// First-party funnel analytics (issue 13, docs/decisions/029) on a real database (SQLite here,
// PostgreSQL in the integration-postgres project): the recording service and its rollups, the
// server-side page counter, the beacon endpoint with bad input, the no-JS step posts, the dashboard.

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const visit = (overrides: Partial<FunnelVisit> = {}): FunnelVisit => ({ ip: "203.0.113.9", userAgent: CHROME, attribution: null, ...overrides });
const mva = claimBySlug("mva")!;

let routes: Awaited<ReturnType<typeof startRouteServices>>;
beforeAll(async () => {
  routes = await startRouteServices();
});
afterAll(() => routes.close());

const dailyRows = () =>
  routes.db.selectFrom("funnel_daily").selectAll().orderBy("day").orderBy("claim").orderBy("kind").orderBy("step").orderBy("outcome").orderBy("utm_source").execute();
async function clearFunnel() {
  await routes.db.deleteFrom("funnel_events").execute();
  await routes.db.deleteFrom("funnel_daily").execute();
}

describe("the funnel event service", () => {
  it("counts each visitor once per day and funnel point, and keeps the rollup equal to the events", async () => {
    await clearFunnel();
    const funnel = routes.services.funnel;
    expect(await funnel.record("mva", { kind: "view" }, visit())).toBe("counted");
    expect(await funnel.record("mva", { kind: "view" }, visit())).toBe("repeat");
    expect(await funnel.record("mva", { kind: "view" }, visit({ userAgent: FIREFOX }))).toBe("counted");
    expect(await funnel.record("mva", { kind: "view" }, visit({ ip: "198.51.100.4" }))).toBe("counted");
    expect(await funnel.record("mva", { kind: "step", step: 2 }, visit())).toBe("counted");
    expect(await funnel.record("mva", { kind: "step", step: 2 }, visit())).toBe("repeat");
    expect(await funnel.record("mva", { kind: "outcome", outcome: "eligible" }, visit({ attribution: { utm_source: "Google", utm_campaign: "Spring" } }))).toBe(
      "counted",
    );
    const rows = await dailyRows();
    expect(rows.map((r) => [r.kind, Number(r.step), r.outcome, r.utm_source, Number(r.visitors)])).toEqual([
      ["outcome", 0, "eligible", "google", 1],
      ["step", 2, "", "", 1],
      ["view", 0, "", "", 3],
    ]);
    const events = await routes.db.selectFrom("funnel_events").select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
    expect(Number(events.n)).toBe(rows.reduce((sum, r) => sum + Number(r.visitors), 0));
  });

  it("records a batch (queued page views) in one go: new, repeated within the batch, already stored, and bots", async () => {
    await clearFunnel();
    const funnel = routes.services.funnel;
    const at = new Date();
    expect(await funnel.record("mva", { kind: "view" }, visit())).toBe("counted");
    const results = await funnel.recordAll([
      { claim: "mva", point: { kind: "view" }, visit: visit(), at },
      { claim: "mva", point: { kind: "view" }, visit: visit({ ip: "198.51.100.7", attribution: { utm_source: "Google" } }), at },
      { claim: "mva", point: { kind: "view" }, visit: visit({ ip: "198.51.100.7", attribution: { utm_source: "Google" } }), at },
      { claim: "mva", point: { kind: "view" }, visit: visit({ ip: "198.51.100.8", attribution: { utm_source: "Google" } }), at },
      { claim: "pfas", point: { kind: "start" }, visit: visit(), at },
      { claim: "mva", point: { kind: "view" }, visit: visit({ userAgent: GOOGLEBOT }), at },
    ]);
    expect(results).toEqual(["repeat", "counted", "repeat", "counted", "counted", "ignored"]);
    expect((await dailyRows()).map((r) => [r.claim, r.kind, r.utm_source, Number(r.visitors)])).toEqual([
      ["mva", "view", "", 1],
      ["mva", "view", "google", 2],
      ["pfas", "start", "", 1],
    ]);
    expect(await funnel.recordAll([])).toEqual([]);
  });

  it("queues page views and writes each visitor's once, on its timer or when asked", async () => {
    await clearFunnel();
    const views = createFunnelBuffer({ funnel: routes.services.funnel, logger: createLogger("silent"), flushMs: 60_000 });
    views.add("mva", { kind: "view" }, visit());
    views.add("mva", { kind: "view" }, visit());
    views.add("mva", { kind: "view" }, visit({ ip: "198.51.100.9" }));
    views.add("mva", { kind: "view" }, visit({ userAgent: GOOGLEBOT }));
    expect(await dailyRows()).toEqual([]);
    await views.flush();
    expect((await dailyRows()).map((r) => Number(r.visitors))).toEqual([2]);
    views.add("mva", { kind: "view" }, visit());
    await views.flush();
    expect((await dailyRows()).map((r) => Number(r.visitors))).toEqual([2]);
  });

  it("leaves out bots, prefetches and requests without a user agent", async () => {
    await clearFunnel();
    const funnel = routes.services.funnel;
    expect(await funnel.record("mva", { kind: "view" }, visit({ userAgent: GOOGLEBOT }))).toBe("ignored");
    expect(await funnel.record("mva", { kind: "view" }, visit({ userAgent: "curl/8.5.0" }))).toBe("ignored");
    expect(await funnel.record("mva", { kind: "view" }, visit({ userAgent: null }))).toBe("ignored");
    expect(await funnel.record("mva", { kind: "view" }, visit({ prefetch: true }))).toBe("ignored");
    expect(await dailyRows()).toEqual([]);
  });

  it("stores no personal data: no IP, user agent or cookie, only a hash under a salt deleted after its day", async () => {
    await clearFunnel();
    let now = new Date("2030-01-01T23:59:00Z");
    const funnel = createFunnelEvents(routes.db, { site: "claims.example", now: () => now });
    await funnel.record("mva", { kind: "view" }, visit());
    now = new Date("2030-01-02T00:01:00Z");
    await funnel.record("mva", { kind: "view" }, visit());

    const events = await routes.db.selectFrom("funnel_events").selectAll().orderBy("day").execute();
    expect(events).toHaveLength(2);
    for (const table of ["funnel_events", "funnel_daily", "analytics_salts"] as const) {
      const columns = Object.keys((await routes.db.selectFrom(table).selectAll().executeTakeFirstOrThrow()) as object);
      expect(columns.filter((c) => /ip|agent|ua$|cookie|email|phone|name/i.test(c)), table).toEqual([]);
    }
    const stored = JSON.stringify(events);
    expect(stored).not.toContain("203.0.113.9");
    expect(stored).not.toContain("Chrome");
    // The same person on two days has two unrelated hashes, and the first day's salt is gone.
    expect(events[0]!.visitor_hash).not.toBe(events[1]!.visitor_hash);
    expect(events[0]!.visitor_hash).toMatch(/^[0-9a-f]{32}$/);
    // Only the hour: an exact time could be matched to a lead's created_at.
    expect(events.map((e) => e.occurred_at)).toEqual(["2030-01-01T23:00:00.000Z", "2030-01-02T00:00:00.000Z"]);
    expect((await routes.db.selectFrom("analytics_salts").select("day").execute()).map((r) => r.day)).toEqual(["2030-01-02"]);
    await routes.db.deleteFrom("analytics_salts").execute();
  });
});

describe("the server-side page counter", () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", true);
    const pipeline = createRequestPipeline({ hsts: false, secureCookies: false, views: routes.services.funnelViews, metrics: routes.services.metrics, clientIp: (req) => proxyaddr(req, app.get("trust proxy fn")) });
    app.use(pageViews(pipeline));
    app.use((_req, res) => void res.send("page"));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, headers: Record<string, string> = {}) => fetch(url + path, { headers: { "user-agent": CHROME, ...headers } });

  it("counts a landing page as a view and the form page as a start, with the UTM source of the address", async () => {
    await clearFunnel();
    await get(`${mva.routes.landing}?utm_source=Facebook&utm_campaign=crash`, { "x-forwarded-for": "192.0.2.1" });
    await get(mva.routes.form, { "x-forwarded-for": "192.0.2.1" });
    // Not pages: React Router's data request, a prefetch, a bot, another page.
    await get(`${mva.routes.landing}.data`, { "x-forwarded-for": "192.0.2.2" });
    await get(mva.routes.landing, { "x-forwarded-for": "192.0.2.3", "sec-purpose": "prefetch" });
    await get(mva.routes.landing, { "x-forwarded-for": "192.0.2.4", purpose: "prefetch" });
    await get(mva.routes.landing, { "x-forwarded-for": "192.0.2.5", "user-agent": GOOGLEBOT });
    await get("/blog", { "x-forwarded-for": "192.0.2.6" });
    // Page views are queued and written in batches (docs/decisions/032).
    await routes.services.funnelViews.flush();
    const rows = await dailyRows();
    expect(rows.map((r) => [r.claim, r.kind, r.utm_source, Number(r.visitors)])).toEqual([
      ["mva", "start", "", 1],
      ["mva", "view", "facebook", 1],
    ]);
    const [event] = await routes.db.selectFrom("funnel_events").select("utm_campaign").where("kind", "=", "view").execute();
    expect(event!.utm_campaign).toBe("crash");
  });
});

describe("POST /api/events (the wizard's beacon)", () => {
  let api: Awaited<ReturnType<typeof startApiApp>>;
  beforeAll(async () => {
    api = await startApiApp({ EVENT_RATE_LIMIT_PER_MINUTE: "1000" });
  });
  afterAll(() => api.close());

  const beacon = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${api.url}/api/events`, { method: "POST", headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME, ...headers }, body });
  const stepRows = () => api.db.selectFrom("funnel_daily").selectAll().where("kind", "=", "step").execute();

  it("counts a step reached with 204", async () => {
    const response = await beacon(JSON.stringify({ claim: "mva", step: 2 }));
    expect(response.status).toBe(204);
    expect((await stepRows()).map((r) => [r.claim, Number(r.step), Number(r.visitors)])).toEqual([["mva", 2, 1]]);
    const json = await beacon(JSON.stringify({ claim: "mva", step: 3 }), { "content-type": "application/json" });
    expect(json.status).toBe(204);
  });

  it("answers 204 to a bot without counting it", async () => {
    const before = await stepRows();
    expect((await beacon(JSON.stringify({ claim: "mva", step: 2 }), { "user-agent": GOOGLEBOT, "x-forwarded-for": "192.0.2.77" })).status).toBe(204);
    expect(await stepRows()).toEqual(before);
  });

  it.each([
    ["not JSON", "step=2", {}, 400, "Malformed JSON"],
    ["an array", "[1,2]", {}, 400, "Expected"],
    ["a string step", JSON.stringify({ claim: "mva", step: "2" }), {}, 400, "Expected"],
    ["a fractional step", JSON.stringify({ claim: "mva", step: 2.5 }), {}, 400, "Expected"],
    ["an extra field", JSON.stringify({ claim: "mva", step: 2, ip: "1.2.3.4" }), {}, 400, "Expected"],
    ["an unknown claim", JSON.stringify({ claim: "nope", step: 2 }), {}, 400, "Unknown claim 'nope'"],
    ["step 1", JSON.stringify({ claim: "mva", step: 1 }), {}, 400, "step must be from 2"],
    ["a step past the last", JSON.stringify({ claim: "mva", step: 99 }), {}, 400, "step must be from 2"],
    ["a form body", "claim=mva&step=2", { "content-type": "application/x-www-form-urlencoded" }, 415, "Content-Type"],
    ["a big body", JSON.stringify({ claim: "x".repeat(2000), step: 2 }), {}, 413, "too large"],
    ["another site's page", JSON.stringify({ claim: "mva", step: 2 }), { "sec-fetch-site": "cross-site" }, 403, "this site"],
  ])("refuses %s with a clear %s-class message", async (_name, body, headers, status, message) => {
    const response = await beacon(body, headers as Record<string, string>);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: string }).error).toContain(message);
  });

  // 150 requests one after another: a few ms each on a quiet machine; the test's own bound allows
  // 400 ms for each, so that a machine busy with other work slows it down without failing it.
  const FUZZ_RUNS = 150;
  it("never answers 5xx, whatever the body and content type", async () => {
    const bodies = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.record({ claim: fc.oneof(fc.string(), fc.constantFrom("mva", "pfas", "__proto__")), step: fc.oneof(fc.integer(), fc.double(), fc.string()) }).map((v) =>
        JSON.stringify(v),
      ),
      fc.string({ unit: "binary", maxLength: 200 }),
    );
    const types = fc.constantFrom("text/plain", "application/json", "text/plain;charset=UTF-8", "application/json; charset=latin1", "text/html", "");
    await fc.assert(
      fc.asyncProperty(bodies, types, async (body, type) => {
        const response = await beacon(body, type ? { "content-type": type } : {});
        expect(response.status, `${type} ${body}`).toBeLessThan(500);
      }),
      { numRuns: FUZZ_RUNS },
    );
  }, FUZZ_RUNS * 400);

  it("answers 405 to a GET", async () => {
    const response = await fetch(`${api.url}/api/events`);
    expect(response.status).toBe(405);
  });

  it("limits beacons per IP and minute with 429", async () => {
    const limited = await startApiApp({ EVENT_RATE_LIMIT_PER_MINUTE: "2" });
    try {
      const send = () =>
        fetch(`${limited.url}/api/events`, { method: "POST", headers: { "content-type": "text/plain", "user-agent": CHROME }, body: '{"claim":"mva","step":2}' });
      expect([(await send()).status, (await send()).status]).toEqual([204, 204]);
      const third = await send();
      expect(third.status).toBe(429);
      expect(((await third.json()) as { error: string }).error).toContain("Too many events");
    } finally {
      await limited.close();
    }
  });
});

describe("the form's no-JS step posts, submit and outcome", () => {
  it("count each step reached, the submit and the outcome once", async () => {
    await clearFunnel();
    const key = "funnel-form-key-1";
    const answers = mvaAnswers(anotherPerson());
    const context = routes.context({ userAgent: FIREFOX, attribution: { utm_source: "bing" } });
    const fields = (step: number, intent: string): Record<string, string | string[]> => {
      const out: Record<string, string | string[]> = { step: String(step), intent, [SUBMISSION_KEY_FIELD]: key };
      for (const [name, value] of Object.entries(answers)) {
        if (value === true) out[name] = "on";
        else out[name] = Array.isArray(value) ? value.map(String) : String(value);
      }
      return out;
    };
    const post = async (step: number, intent: string) => action(routeArgs(formPost(mva.routes.form, fields(step, intent)), context));
    const last = mva.steps.length - 1;
    for (let step = 0; step < last; step++) await post(step, "next");
    await post(1, "previous");
    await post(0, "next"); // step 2 again: not a second visitor
    await post(last, "submit");
    const rows = await dailyRows();
    expect(rows.map((r) => [r.kind, Number(r.step), r.outcome, r.utm_source, Number(r.visitors)])).toEqual([
      ["outcome", 0, "eligible", "bing", 1],
      ...mva.steps.slice(1).map((_s, i) => ["step", i + 2, "", "bing", 1]),
      ["submit", 0, "", "bing", 1],
    ]);
  });
});

describe("the dashboard's figures", () => {
  it("reads leads per day, funnels with drop-off and deliveries per buyer from rollups that follow new data", async () => {
    await clearFunnel();
    const now = new Date();
    const dashboard = createFunnelDashboard(routes.db, createDashboardRollups(routes.db, () => now), { now: () => now, maxAgeMs: 0 });
    const funnel = routes.services.funnel;
    // 10 views, 6 starts, 3 at step 2 (4 from google), 2 submitted, 1 eligible.
    for (let i = 0; i < 10; i++) {
      const v = visit({ ip: `192.0.2.${i}`, attribution: i < 4 ? { utm_source: "google" } : null });
      await funnel.record("mva", { kind: "view" }, v);
      if (i < 6) await funnel.record("mva", { kind: "start" }, v);
      if (i < 3) await funnel.record("mva", { kind: "step", step: 2 }, v);
      if (i < 2) await funnel.record("mva", { kind: "submit" }, v);
      if (i < 1) await funnel.record("mva", { kind: "outcome", outcome: "eligible" }, v);
      if (i === 1) await funnel.record("mva", { kind: "outcome", outcome: "ineligible" }, v);
    }
    const leadsBefore = await dashboard.read(30);
    const mvaBefore = leadsBefore.leadsPerDay.find((l) => l.caseType === mva.caseType)!;

    const context = { ip: "203.0.113.50", userAgent: CHROME, pageUrl: null, attribution: null };
    const created = await routes.services.leads.submit("mva", mvaAnswers(anotherPerson()), context);
    expect(created.status).toBe("created");
    const leadId = (created as { leadId: string }).leadId;
    const at = now.toISOString();
    const delivery = (id: string, status: "delivered" | "dead" | "failed", target: "webhook" | "event" = "webhook") =>
      ({ id, lead_id: leadId, target, status, next_attempt_at: at, created_at: at, updated_at: at, buyer_id: null }) as const;
    await routes.db.insertInto("deliveries").values([delivery("d-1", "delivered"), delivery("d-2", "dead"), delivery("d-3", "delivered", "event")]).execute();

    const figures = await dashboard.read(30);
    expect(figures.days).toHaveLength(30);
    expect(figures.days.at(-1)).toBe(now.toISOString().slice(0, 10));
    const mvaLeads = figures.leadsPerDay.find((l) => l.caseType === mva.caseType)!;
    expect(mvaLeads.counts.at(-1)).toBe(mvaBefore.counts.at(-1)! + 1);

    const mvaFunnel = figures.funnels.find((f) => f.slug === "mva")!;
    const stage = (label: string) => mvaFunnel.stages.find((s) => s.label.startsWith(label))!;
    expect([stage("Landing views").visitors, stage("Started").visitors, stage("Step 2").visitors, stage("Submitted").visitors, stage("Eligible").visitors]).toEqual([
      10, 6, 3, 2, 1,
    ]);
    expect(stage("Landing views").dropOffPercent).toBeNull();
    expect(stage("Started").dropOffPercent).toBe(40);
    expect(stage("Step 2").dropOffPercent).toBe(50);
    expect(mvaFunnel.outcomes).toEqual({ eligible: 1, partial: 0, ineligible: 1 });
    expect(mvaFunnel.bySource.map((s) => [s.source, s.stages[0]!.visitors, s.stages[1]!.visitors])).toEqual([
      ["(none)", 6, 2],
      ["google", 4, 4],
    ]);

    // The webhook without a buyer is a destination, not a paying buyer.
    const webhook = figures.destinations.find((d) => d.destination === "webhook")!;
    expect(webhook).toMatchObject({ delivered: 1, dead: 1, failureRatePercent: 50 });
    expect(figures.deliveries.some((d) => d.destination === "webhook")).toBe(false);
    expect([...figures.deliveries, ...figures.destinations].some((d) => d.destination === "event")).toBe(false);

    // A status that changes later is recounted on the next read.
    await routes.db.updateTable("deliveries").set({ status: "delivered", updated_at: new Date(now.getTime() + 1000).toISOString() }).where("id", "=", "d-2").execute();
    const later = await dashboard.read(7);
    expect(later.days).toHaveLength(7);
    expect(later.destinations.find((d) => d.destination === "webhook")).toMatchObject({ delivered: 2, dead: 0, failureRatePercent: 0 });
  });

  it("recounts leads at most once a minute, so reloads do not write", async () => {
    let now = new Date(Date.now() + 120_000);
    const rollups = createDashboardRollups(routes.db, () => now);
    const dashboard = createFunnelDashboard(routes.db, rollups, { now: () => now, maxAgeMs: 60_000 });
    // The lead is saved on the dashboard's clock and read on its own day: a run just before midnight
    // crosses it between the reads (with the lead on the real clock, 2 minutes behind, it was never recounted).
    const leadDay = rollups.localDay(now);
    const mvaOnLeadDay = async () => {
      const { days, leadsPerDay } = await dashboard.read(7);
      return leadsPerDay.find((l) => l.caseType === mva.caseType)!.counts[days.indexOf(leadDay)]!;
    };
    const before = await mvaOnLeadDay();
    const leads = createLeadService({ db: routes.db, logger: routes.logger, siteUrl: routes.config.siteUrl, site: routes.config.site, leadRateLimitPerHour: 0, now: () => now });
    const context = { ip: "203.0.113.51", userAgent: CHROME, pageUrl: null, attribution: null };
    expect((await leads.submit("mva", mvaAnswers(anotherPerson()), context)).status).toBe("created");
    now = new Date(now.getTime() + 30_000);
    expect(await mvaOnLeadDay()).toBe(before);
    now = new Date(now.getTime() + 31_000);
    expect(await mvaOnLeadDay()).toBe(before + 1);
  });
});

describe("npm run seed -- --events N", () => {
  it("writes N events with funnels that only narrow, and daily counts equal to them", async () => {
    await clearFunnel();
    const { seedEvents } = await import("../../server/seed/seed-events");
    const result = await seedEvents({ database: routes.config.database, events: 3_000, days: 5, seed: 42 });
    expect(result.events).toBe(3_000);
    const events = await routes.db.selectFrom("funnel_events").select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
    expect(Number(events.n)).toBe(3_000);
    const rows = await dailyRows();
    expect(rows.reduce((sum, r) => sum + Number(r.visitors), 0)).toBe(3_000);
    expect(new Set(rows.map((r) => r.day)).size).toBeLessThanOrEqual(5);
    const total = (kind: string, step = 0) => rows.filter((r) => r.kind === kind && Number(r.step) === step).reduce((s, r) => s + Number(r.visitors), 0);
    expect(total("view")).toBeGreaterThan(total("start"));
    expect(total("start")).toBeGreaterThan(total("step", 2));
    expect(total("step", 2)).toBeGreaterThan(total("submit"));
    expect(total("submit")).toBeGreaterThanOrEqual(total("outcome"));
    expect(new Set(rows.map((r) => r.utm_source))).toContain("google");
    await clearFunnel();
  });
});
