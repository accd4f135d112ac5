import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mvaAnswers } from "../support/mva-answers";
import { startApiApp } from "../support/api-app";

let api: Awaited<ReturnType<typeof startApiApp>>;
beforeAll(async () => {
  api = await startApiApp({ LEAD_RATE_LIMIT_PER_HOUR: "0", SITE_URL: "https://claims.example" });
});
afterAll(() => api.close());

const leadRow = (id: string) => api.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("POST /api/leads/mva", () => {
  it("saves an eligible lead with its certificate in one go and answers 201", async () => {
    const response = await api.post("/api/leads/mva", mvaAnswers(), { "user-agent": "IntegrationTest/1.0" });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ outcome: "eligible", duplicate: false });
    expect(body.certificateUrl).toMatch(/^https:\/\/claims\.example\/verify-trustedforms-pro\?cert=tfp_\d{13}_[a-z0-9]{9}$/);

    const lead = await leadRow(body.leadId);
    expect(lead).toMatchObject({
      case_type: "MVA",
      fn: "Jane",
      ph: "4155552671",
      st: "CA",
      tcpa: 1,
      is_eligible: 1,
      is_not_eligible: 0,
      eligibility_reason: "Eligible",
      source: "web_form",
      user_ip: "127.0.0.1",
      user_agent: "IntegrationTest/1.0",
      cq1: "No",
      cq2: "Yes",
      is_spam: 0,
      webhook_sent: 0,
    });
    const formData = JSON.parse(lead.form_data);
    expect(formData).toMatchObject({ isEligible: true, isNotEligible: false, insuranceCoverage: expect.any(Array) });
    expect(Date.parse(formData.submittedAt)).not.toBeNaN();

    const certificate = await api.db
      .selectFrom("submission_certificates")
      .selectAll()
      .where("certificate_id", "=", lead.certificate_id!)
      .executeTakeFirstOrThrow();
    expect(certificate).toMatchObject({ lead_id: lead.id, form_type: "MVA", ip_address: "127.0.0.1", verification_count: 0 });
    expect(certificate.consent_text).toContain("Consent is not a condition of purchasing");
    expect(certificate.submission_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(certificate.submission_data)).toMatchObject({ em: "jane.doe@example.com" });
  });

  it("reports partial and ineligible outcomes", async () => {
    const partial = await (await api.post("/api/leads/mva", mvaAnswers({ st: "OR" }))).json();
    const ineligible = await (await api.post("/api/leads/mva", mvaAnswers({ noAttorney: "Yes" }))).json();
    expect(partial.outcome).toBe("partial");
    expect(ineligible.outcome).toBe("ineligible");
    expect(await leadRow(partial.leadId)).toMatchObject({ is_eligible: 0, is_not_eligible: 0, eligibility_reason: "Partial" });
    expect(await leadRow(ineligible.leadId)).toMatchObject({ is_eligible: 0, is_not_eligible: 1, eligibility_reason: "Ineligible" });
  });

  it("returns the first lead for a repeated submission key, and 409 if the content differs", async () => {
    const submission = mvaAnswers({ submissionKey: "key-12345678" });
    const first = await api.post("/api/leads/mva", submission);
    const second = await api.post("/api/leads/mva", submission);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    const [a, b] = [await first.json(), await second.json()];
    expect(b).toMatchObject({ leadId: a.leadId, duplicate: true, certificateUrl: a.certificateUrl });
    const count = await api.db
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("submission_key", "=", "key-12345678")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);

    const changed = await api.post("/api/leads/mva", { ...submission, fn: "Janet" });
    expect(changed.status).toBe(409);
  });

  it("lets exactly one of many simultaneous identical submissions in", async () => {
    const submission = mvaAnswers({ submissionKey: "race-key-0001" });
    const responses = await Promise.all(Array.from({ length: 8 }, () => api.post("/api/leads/mva", submission)));
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(bodies.map((b) => b.leadId)).size).toBe(1);
  });

  it("stores a filled honeypot as spam, answering like any other lead", async () => {
    const response = await api.post("/api/leads/mva", mvaAnswers({ website: "http://spam.example" }));
    expect(response.status).toBe(201);
    expect(await leadRow((await response.json()).leadId)).toMatchObject({ is_spam: 1 });
  });

  it("records attribution sent by the client", async () => {
    const response = await api.post("/api/leads/mva", {
      ...mvaAnswers(),
      attribution: { utm_source: "newsletter", gclid: "g-1", landing_page: "/mva-claim-landing" },
    });
    const lead = await leadRow((await response.json()).leadId);
    expect(JSON.parse(lead.attribution!)).toEqual({ utm_source: "newsletter", gclid: "g-1", landing_page: "/mva-claim-landing" });
  });
});

describe("bad input gets a clear 4xx, never a 500 or a stack trace", () => {
  it("lists a message per missing field", async () => {
    const response = await api.post("/api/leads/mva", {});
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe("Missing required fields");
    expect(body.fieldErrors).toMatchObject({
      fn: "First name is required",
      ln: "Last name is required",
      em: "Email is required",
      ph: "Phone number is required",
      st: "Please select your state",
      accidentDate: "Please choose the date of the accident",
      insuranceCoverage: "Please select at least one option",
      tcpa: "You must agree to be contacted",
    });
  });

  it.each([
    ["a number for a name", { fn: 42 }, "fn"],
    ["an object for the email", { em: { $ne: null } }, "em"],
    ["a string for the coverage list", { insuranceCoverage: "Defendant Insurance Coverage" }, "insuranceCoverage"],
    ["a string for consent", { tcpa: "yes" }, "tcpa"],
    ["a 10,000-character name", { fn: "x".repeat(10_000) }, "fn"],
  ])("rejects %s", async (_label, overrides, field) => {
    const response = await api.post("/api/leads/mva", mvaAnswers(overrides));
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).fieldErrors)).toContain(field);
  });

  it("rejects non-object bodies", async () => {
    for (const body of ["[]", "null", '"text"', "42"]) {
      const response = await api.post("/api/leads/mva", body);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe("The request body must be a JSON object");
    }
  });

  it("answers malformed JSON with 400", async () => {
    const response = await api.post("/api/leads/mva", '{"fn": "Jane",');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Malformed JSON" });
  });

  it("answers a body over 32 KB with 413", async () => {
    const response = await api.post("/api/leads/mva", mvaAnswers({ notes: "x".repeat(40_000) }));
    expect(response.status).toBe(413);
    expect((await response.json()).error).toMatch(/too large/);
  });

  it("answers a wrong content type with 415", async () => {
    const response = await api.post("/api/leads/mva", "fn=Jane", { "content-type": "application/x-www-form-urlencoded" });
    expect(response.status).toBe(415);
  });

  it("answers an unknown case type with 404 and a wrong method with 405", async () => {
    expect((await api.post("/api/leads/boat-accident", mvaAnswers())).status).toBe(404);
    expect((await fetch(`${api.url}/api/leads/mva`)).status).toBe(405);
  });

  it("rejects a malformed submission key", async () => {
    const response = await api.post("/api/leads/mva", mvaAnswers({ submissionKey: "../../etc" }));
    expect(response.status).toBe(400);
  });

  it("stores SQL and HTML in text fields as plain text", async () => {
    const hostile = { fn: "Robert'); DROP TABLE leads;--", ln: "Tables<script>alert(1)</script>" };
    const response = await api.post("/api/leads/mva", mvaAnswers(hostile));
    expect(response.status).toBe(201);
    const lead = await leadRow((await response.json()).leadId);
    expect(lead.fn).toBe(hostile.fn);
    expect(lead.ln).toBe(hostile.ln);
  });

  it("keeps long and unicode strings intact", async () => {
    const name = "Zoë Ångström-Łukasiewicz 李小龍 🚗".padEnd(100, "é");
    const response = await api.post("/api/leads/mva", mvaAnswers({ ln: name }));
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

  it("GET /api/openapi.json describes the lead API from the zod schemas", async () => {
    const doc = await (await fetch(`${api.url}/api/openapi.json`)).json();
    const operation = doc.paths["/api/leads/mva"].post;
    const schema = operation.requestBody.content["application/json"].schema;
    expect(doc.openapi).toBe("3.1.0");
    expect(schema.required).toEqual(expect.arrayContaining(["fn", "ln", "em", "ph", "st", "accidentDate", "tcpa"]));
    expect(schema.properties.noAttorney.enum).toEqual(["No", "Yes"]);
    expect(schema.properties.insuranceCoverage.type).toBe("array");
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["201", "400", "404", "413", "415", "429"]));
  });

  it("sends the security headers on API answers too", async () => {
    const response = await fetch(`${api.url}/healthz`);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-powered-by")).toBeNull();
  });
});
