import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claims } from "#claims/registry";
import { startApiApp } from "../support/api-app";
import { mvaAnswers } from "#claims/mva/examples";
import { startServer, type RunningServer } from "../../tools/server";

// Issue 9 'Tests': random and malformed bodies, content types, dates and query strings against the
// API, every claim form, the admin login and the GET pages that read a query. Seeded, so a failure
// replays; bounded to a fixed number of runs per property.
const RUNS = { numRuns: 100, seed: 20261122, endOnFailure: true } as const;
const STACK_TRACE = /\n\s+at .+[:(]\d+|\bat (?:async )?\S+ \(.*:\d+:\d+\)/;

const contentTypes = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=utf-16",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=fuzz",
  "text/plain",
  "application/xml",
  "",
  "*/*",
  "application/json; charset=klingon",
);
const fieldNames = fc.constantFrom(
  ...new Set(claims.flatMap((c) => c.steps.flatMap((s) => s.fields.map((f) => f.name)))),
  "website",
  "submissionKey",
  "step",
  "intent",
  "__proto__",
  "constructor",
);
const junkText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("=HYPERLINK(\"http://x\")", "\u0000", "\u202e", "2024-13-01", "0000-00-00", "9999-99-99", "%", "%ff", "\ud800", "on", "true"),
);
const jsonBodies = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.dictionary(fieldNames, fc.oneof(junkText, fc.jsonValue(), fc.array(junkText, { maxLength: 3 }))).map((v) => JSON.stringify(v)),
  fc.string({ unit: "binary", maxLength: 200 }),
);
const formBodies = fc.oneof(
  fc.array(fc.tuple(fieldNames, junkText), { maxLength: 12 }).map((pairs) => new URLSearchParams(pairs).toString()),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.constantFrom("--fuzz\r\nContent-Disposition: form-data; name=\"fn\"\r\n\r\nJane", "--fuzz--", "%%%", "a=%zz&b=%"),
);
const impossibleDates = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
    .map(([y, m, d]) => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`),
  fc.string({ maxLength: 12 }),
);

const checkAnswer = async (res: Response, what: string) => {
  const text = await res.text();
  expect(res.status, `${what} -> ${res.status}: ${text.slice(0, 200)}`).toBeLessThan(500);
  expect(text, what).not.toMatch(STACK_TRACE);
  return res.status;
};

describe("the lead API under fuzzing", () => {
  let api: Awaited<ReturnType<typeof startApiApp>>;
  beforeAll(async () => {
    api = await startApiApp({ LEAD_RATE_LIMIT_PER_HOUR: "0" });
  });
  afterAll(async () => {
    await api?.close();
  });
  const leadCount = async () => Number((await api.db.selectFrom("leads").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  it("answers every claim's random bodies and content types with a 4xx and stores nothing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...claims.map((c) => c.slug)), contentTypes, jsonBodies, async (slug, type, body) => {
        const res = await fetch(`${api.url}/api/leads/${slug}`, {
          method: "POST",
          headers: { ...api.supplier.headers, ...(type ? { "content-type": type } : {}) },
          body: new TextEncoder().encode(body),
        });
        const status = await checkAnswer(res, `${slug} ${type} ${body}`);
        expect(status).toBeGreaterThanOrEqual(400);
      }),
      RUNS,
    );
    expect(await leadCount()).toBe(0);
  });

  it("answers impossible and out-of-range dates with 400 on the date field, storing nothing", async () => {
    const before = await leadCount();
    await fc.assert(
      fc.asyncProperty(impossibleDates, async (accidentDate) => {
        const res = await api.post("/api/leads/mva", mvaAnswers({ accidentDate }));
        const text = await res.text();
        expect(res.status, `${accidentDate}: ${text}`).toBe(400);
        expect(JSON.parse(text).fieldErrors.accidentDate).toBeTruthy();
      }),
      RUNS,
    );
    expect(await leadCount()).toBe(before);
  });
});

describe("the pages under fuzzing (built server)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ LEAD_RATE_LIMIT_PER_HOUR: "0" });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });
  const leads = () => server.query<{ n: number }>("select count(*) as n from leads")[0]!.n;
  const errorLines = () => server.output().split("\n").filter((line) => /"level":(50|60)/.test(line));

  it("every claim form answers random bodies and content types without a 5xx and stores no lead", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...claims.map((c) => c.routes.form)), contentTypes, formBodies, fc.boolean(), async (form, type, body, data) => {
        const res = await fetch(`${server.url}${form}${data ? ".data" : ""}`, {
          method: "POST",
          headers: { origin: server.url, ...(type ? { "content-type": type } : {}) },
          body: new TextEncoder().encode(body),
          redirect: "manual",
        });
        await checkAnswer(res, `${form} ${type} ${body}`);
      }),
      RUNS,
    );
    expect(leads()).toBe(0);
    expect(errorLines()).toEqual([]);
  }, 60_000);

  it("the admin login answers random bodies with a 4xx", async () => {
    await fc.assert(
      fc.asyncProperty(contentTypes, formBodies, fc.constantFrom<Record<string, string>>({ origin: "" }, {}, { referer: "https://evil.example/" }), async (type, body, extra) => {
        const headers: Record<string, string> = { ...(type ? { "content-type": type } : {}), ...extra };
        if (headers.origin === "") headers.origin = server.url;
        const res = await fetch(`${server.url}/admin/login`, { method: "POST", headers, body: new TextEncoder().encode(body), redirect: "manual" });
        const status = await checkAnswer(res, `login ${type} ${body}`);
        expect(status).toBeGreaterThanOrEqual(400);
      }),
      RUNS,
    );
    expect(errorLines()).toEqual([]);
  }, 60_000);

  it("the GET pages that read a query string answer any query without a 5xx", async () => {
    const value = fc.oneof(
      fc.string({ unit: "binary", maxLength: 60 }).map(encodeURIComponent),
      fc.constantFrom("%", "%ff", "%E0%A4%A", "%00", "%u0000", "%%", "a+b", "%2e%2e%2f", "%C0%AE"),
      fc.string({ unit: "grapheme-ascii", maxLength: 40 }).map((s) => s.replace(/[#\s]/g, "")),
    );
    const target = fc.constantFrom(
      (v: string) => `/blog?q=${v}`,
      (v: string) => `/blog?category=${v}`,
      (v: string) => `/blog?q=${v}&category=${v}`,
      (v: string) => `/verify-trustedforms-pro?id=${v}`,
      (v: string) => `/verify-trustedforms-pro?cert=${v}`,
      (v: string) => `/mva-claim/success?lead=${v}`,
      (v: string) => `/mva-claim/sorry?lead=${v}`,
    );
    await fc.assert(
      fc.asyncProperty(target, value, async (path, v) => {
        await checkAnswer(await fetch(server.url + path(v), { redirect: "manual" }), path(v));
      }),
      RUNS,
    );
    expect(errorLines()).toEqual([]);
  }, 60_000);
});
