import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mvaAnswers } from "#claims/mva/examples";
import { createTestSupplier } from "../../tools/suppliers";
import { startApiApp } from "../support/api-app";
import { runSuiteDataClaims, withCopies } from "../support/suite-data-claims";

let api: Awaited<ReturnType<typeof startApiApp>>;
let forgetDataClaims: () => void;
/** A supplier made once the copies are published: a supplier names the claims it may send. */
let supplierHeaders: Record<string, string>;
beforeAll(async () => {
  api = await startApiApp({ LEAD_RATE_LIMIT_PER_HOUR: "0", SITE_URL: "https://claims.example" });
  forgetDataClaims = await runSuiteDataClaims(api.db);
  supplierHeaders = (await createTestSupplier(api.db, { name: "MVA and its copies" })).headers;
});
afterAll(async () => {
  forgetDataClaims?.();
  await api.close();
});

// MVA, and its copies as data claims (support/suite-data-claims.ts): the same lead service, whatever the claim.
const mvaAndCopies = withCopies("mva").map((claim) => claim.slug);
const postTo = (slug: string) => (body: unknown, headers: Record<string, string> = {}) =>
  api.post(`/api/leads/${slug}`, body, { ...supplierHeaders, ...headers });

const leadRow = (id: string) => api.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe.each(mvaAndCopies)("POST /api/leads/%s", (slug) => {
  const post = postTo(slug);

  it("lets exactly one of many simultaneous identical submissions in", async () => {
    const submission = mvaAnswers({ submissionKey: `race-key-${slug}` });
    const responses = await Promise.all(Array.from({ length: 8 }, () => post(submission)));
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(bodies.map((b) => b.leadId)).size).toBe(1);
  });

  it("stores a filled honeypot as spam, answering like any other lead", async () => {
    const response = await post(mvaAnswers({ website: "http://spam.example" }));
    expect(response.status).toBe(201);
    expect(await leadRow((await response.json()).leadId)).toMatchObject({ is_spam: 1 });
  });

  it("records attribution sent by the client", async () => {
    const response = await post({
      ...mvaAnswers(),
      attribution: { utm_source: "newsletter", gclid: "g-1", landing_page: "/mva-claim-landing" },
    });
    const lead = await leadRow((await response.json()).leadId);
    expect(JSON.parse(lead.attribution!)).toEqual({ utm_source: "newsletter", gclid: "g-1", landing_page: "/mva-claim-landing" });
  });
});

describe.each(mvaAndCopies)("bad input to %s gets a clear 4xx, never a 500 or a stack trace", (slug) => {
  const post = postTo(slug);

  it.each([
    ["a number for a name", { fn: 42 }, "fn"],
    ["an object for the email", { em: { $ne: null } }, "em"],
    ["a string for the coverage list", { insuranceCoverage: "Defendant Insurance Coverage" }, "insuranceCoverage"],
    ["a string for consent", { tcpa: "yes" }, "tcpa"],
    ["a 10,000-character name", { fn: "x".repeat(10_000) }, "fn"],
  ])("rejects %s", async (_label, overrides, field) => {
    const response = await post(mvaAnswers(overrides));
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).fieldErrors)).toContain(field);
  });

  it("rejects non-object bodies", async () => {
    for (const body of ["[]", "null", '"text"', "42"]) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe("The request body must be a JSON object");
    }
  });

  it("answers malformed JSON with 400", async () => {
    const response = await post('{"fn": "Jane",');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Malformed JSON" });
  });

  it("answers a body over 32 KB with 413", async () => {
    const response = await post(mvaAnswers({ notes: "x".repeat(40_000) }));
    expect(response.status).toBe(413);
    expect((await response.json()).error).toMatch(/too large/);
  });

  it("answers a wrong content type with 415", async () => {
    const response = await post("fn=Jane", { "content-type": "application/x-www-form-urlencoded" });
    expect(response.status).toBe(415);
  });

  it("answers an unknown case type with 404 and a wrong method with 405", async () => {
    expect((await api.post("/api/leads/boat-accident", mvaAnswers())).status).toBe(404);
    expect((await fetch(`${api.url}/api/leads/${slug}`)).status).toBe(405);
  });

  it("rejects a malformed submission key", async () => {
    const response = await post(mvaAnswers({ submissionKey: "../../etc" }));
    expect(response.status).toBe(400);
  });

  it("stores SQL and HTML in text fields as plain text", async () => {
    const hostile = { fn: "Robert'); DROP TABLE leads;--", ln: "Tables<script>alert(1)</script>" };
    const response = await post(mvaAnswers(hostile));
    expect(response.status).toBe(201);
    const lead = await leadRow((await response.json()).leadId);
    expect(lead.fn).toBe(hostile.fn);
    expect(lead.ln).toBe(hostile.ln);
  });

  it("keeps long and unicode strings intact", async () => {
    const name = "Zoë Ångström-Łukasiewicz 李小龍 🚗".padEnd(100, "é");
    const response = await post(mvaAnswers({ ln: name }));
    expect(response.status).toBe(201);
    expect((await leadRow((await response.json()).leadId)).ln).toBe(name);
  });
});

describe("rate limiting", () => {
  it("answers 429 once an IP has sent LEAD_RATE_LIMIT_PER_HOUR leads in the hour", async () => {
    const limited = await startApiApp({ LEAD_RATE_LIMIT_PER_HOUR: "2" });
    try {
      expect((await limited.post("/api/leads/mva", mvaAnswers())).status).toBe(201);
      expect((await limited.post("/api/leads/mva", mvaAnswers())).status).toBe(201);
      const third = await limited.post("/api/leads/mva", mvaAnswers());
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).toBe("3600");
    } finally {
      await limited.close();
    }
  });
});

describe("service endpoints", () => {
  it("GET /healthz reports the database", async () => {
    const response = await fetch(`${api.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: { engine: api.config.database.engine, ok: true } });
  });

  it("GET /api/openapi.json is OpenAPI 3.1 and lists every status a submission can get (each claim's schema: claims-api.test.ts)", async () => {
    const doc = await (await fetch(`${api.url}/api/openapi.json`)).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths["/api/leads/mva"].post.responses)).toEqual(expect.arrayContaining(["201", "400", "404", "413", "415", "429"]));
  });

  it("sends the security headers on API answers too", async () => {
    const response = await fetch(`${api.url}/healthz`);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  it("answers API requests, the early lead intake's and Express's, with object-src 'none' in their policy", async () => {
    for (const response of [await fetch(`${api.url}/api/openapi.json`), await api.post("/api/leads/mva", { nothing: true }), await api.post("/api/leads/mva", "{")]) {
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; object-src 'none'; frame-ancestors 'none'");
    }
  });
});

// The plain request is answered before Express (server/http/early-lead-intake.ts); any other shape goes
// to the Express route. Both must answer alike.
describe.each(mvaAndCopies)("POST /api/leads/%s, answered before Express or by it", (slug) => {
  const post = postTo(slug);
  const answerKeys = async (response: Response) => Object.keys((await response.json()) as object).sort();

  it("saves a gzip-encoded lead (Express) as it saves a plain one (early), with the same answer", async () => {
    const plain = await post(mvaAnswers(), { "content-type": "application/json; charset=utf-8" });
    const gzipped = await fetch(`${api.url}/api/leads/${slug}`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-encoding": "gzip", ...supplierHeaders },
      body: gzipSync(JSON.stringify(mvaAnswers())),
    });
    expect([plain.status, gzipped.status]).toEqual([201, 201]);
    expect(await answerKeys(gzipped)).toEqual(await answerKeys(plain));
    expect(plain.headers.get("content-security-policy")).toBe(gzipped.headers.get("content-security-policy"));
  });

  it("answers a body over 32 KB sent without Content-Length with 413, as Express answers one that announces it", async () => {
    const big = JSON.stringify(mvaAnswers({ notes: "x".repeat(40_000) }));
    const chunked = await fetch(`${api.url}/api/leads/${slug}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...supplierHeaders },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    const announced = await post(big);
    expect([chunked.status, announced.status]).toEqual([413, 413]);
    expect(await chunked.json()).toEqual(await announced.json());
  });

  it("takes the page from the Referer when the body names none", async () => {
    const response = await post(mvaAnswers(), { referer: "https://claims.example/mva-claim?utm_source=partner" });
    const lead = await leadRow((await response.json()).leadId);
    const certificate = await api.db.selectFrom("submission_certificates").select("page_url").where("certificate_id", "=", lead.certificate_id!).executeTakeFirstOrThrow();
    expect(certificate.page_url).toBe("https://claims.example/mva-claim?utm_source=partner");
  });
});
