import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordedPartnerFields } from "#claims/engine/deliveries";
import { MISSING_SUMMARY, allFields } from "#claims/engine/form-values";
import { createCertificateService } from "../../server/certificates/certificate-service";
import { startApiApp } from "../support/api-app";
import { blankMessage, consentField, expectedLead, optionalFields, requiredFields } from "../support/claim-expectations";
import { claimsAndDataClaims, examplesFor, runSuiteDataClaims } from "../support/suite-data-claims";
import { createTestSupplier } from "../../tools/suppliers";

// The JSON API for every registered claim, the test-only fixture claim included, and for claims defined
// as data: copies of built-in ones ("Copy as a new claim", held to their originals) and the hair relaxer
// claim (support/suite-data-claims.ts). What differs between claims comes from their definitions (schema,
// toLead, eligibility) and their examples; the spec's own texts and tables are quoted in the claims' unit tests.

let api: Awaited<ReturnType<typeof startApiApp>>;
let openApi: { paths: Record<string, { post: { requestBody: { content: Record<string, { schema: JsonSchema }> } } }> };
let forgetDataClaims: () => void;
/** A supplier made once the data claims are published: a supplier names the claims it may send. */
let supplier: Awaited<ReturnType<typeof createTestSupplier>>;
beforeAll(async () => {
  api = await startApiApp({ LEAD_RATE_LIMIT_PER_HOUR: "0", SITE_URL: "https://claims.example" });
  forgetDataClaims = await runSuiteDataClaims(api.db);
  supplier = await createTestSupplier(api.db, { name: "Every claim" });
  openApi = await (await fetch(`${api.url}/api/openapi.json`)).json();
});
afterAll(async () => {
  forgetDataClaims?.();
  await api.close();
});

interface JsonSchema {
  required?: string[];
  properties?: Record<string, { enum?: string[]; type?: string; items?: { enum?: string[] }; anyOf?: unknown[] }>;
}

const leadRow = (id: string) => api.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const certificateRow = (id: string) =>
  api.db.selectFrom("submission_certificates").selectAll().where("certificate_id", "=", id).executeTakeFirstOrThrow();

describe.each(claimsAndDataClaims().map((claim) => [claim.slug, claim] as const))("POST /api/leads/%s", (slug, claim) => {
  const examples = examplesFor(claim);
  const post = (body: unknown, headers: Record<string, string> = {}) => api.post(`/api/leads/${slug}`, body, { ...supplier.headers, ...headers });
  const without = (answers: Record<string, unknown>, ...names: string[]) =>
    Object.fromEntries(Object.entries(answers).filter(([name]) => !names.includes(name)));

  it("has examples that reach the outcomes they name", () => {
    for (const example of examples) expect(expectedLead(claim, example.answers).outcome, example.name).toBe(example.outcome);
  });

  it.each(examples.map((e) => [e.name, e] as const))("%s: 201, the stored lead, its form data and its certificate", async (_name, example) => {
    const pageUrl = `https://claims.example${claim.routes.form}`;
    const response = await post({ ...example.answers, pageUrl }, { "user-agent": "IntegrationTest/1.0" });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ outcome: example.outcome, submissionKeyReplayed: false });
    expect(body.certificateUrl).toMatch(/^https:\/\/claims\.example\/verify-trustedforms-pro\?cert=tfp_\d{13}_[a-z0-9]{9}$/);

    const expected = expectedLead(claim, example.answers);
    const lead = await leadRow(body.leadId);
    expect(lead).toMatchObject({ ...expected.row, source: "api", supplier_id: supplier.id, user_ip: "127.0.0.1", user_agent: "IntegrationTest/1.0", is_spam: 0 });
    expect(body.certificateUrl).toBe(`https://claims.example/verify-trustedforms-pro?cert=${lead.certificate_id}`);

    const formData = JSON.parse(lead.form_data);
    const context = { ip: "127.0.0.1", userAgent: "IntegrationTest/1.0", pageUrl, certificateUrl: body.certificateUrl };
    expect(formData).toEqual({
      ...expected.parsed,
      ...recordedPartnerFields(claim, expected.parsed, { ...claim.toLead(expected.parsed), ...context }),
      ...(expected.eligibility
        ? {
            isEligible: expected.outcome === "eligible",
            isNotEligible: expected.outcome === "ineligible",
            eligibilityReason: expected.eligibility.reason,
          }
        : {}),
      certificateUrl: body.certificateUrl,
      submittedAt: expect.any(String),
    });
    expect(new Date(formData.submittedAt).toISOString()).toBe(formData.submittedAt);

    const certificate = await certificateRow(lead.certificate_id!);
    expect(certificate).toMatchObject({
      lead_id: lead.id,
      form_type: claim.caseType,
      ip_address: "127.0.0.1",
      user_agent: "IntegrationTest/1.0",
      page_url: pageUrl,
      consent_text: claim.consentText(api.config.site),
      verification_count: 0,
    });
    expect(certificate.consent_text).toContain("Consent is not a condition of purchasing");
    expect(JSON.parse(certificate.submission_data)).toEqual(expected.parsed);
    expect(certificate.submission_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("stores the optional answers left out as the claim maps them (null or empty)", async () => {
    const names = optionalFields(claim).map((f) => f.name);
    const answers = without(examples[0].answers, ...names);
    const response = await post(answers);
    expect(response.status).toBe(201);
    expect(await leadRow((await response.json()).leadId)).toMatchObject({ ...expectedLead(claim, answers).row, source: "api" });
  });

  it("answers 400 with the claim's invalid summary and only that field's message for each required answer left out", async () => {
    const fields = requiredFields(claim);
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) {
      const response = await post(without(examples[0].answers, field.name));
      expect(response.status, field.name).toBe(400);
      const body = await response.json();
      expect(body, field.name).toEqual({ error: MISSING_SUMMARY, fieldErrors: { [field.name]: blankMessage(claim, field) } });
    }
  });

  it("answers 400 with every required field's message for an empty body", async () => {
    const response = await post({});
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe(MISSING_SUMMARY);
    expect(body.fieldErrors).toEqual(Object.fromEntries(requiredFields(claim).map((f) => [f.name, blankMessage(claim, f)])));
  });

  it("refuses a submission without consent, with the consent field's message, and stores nothing", async () => {
    const tcpa = consentField(claim);
    const before = await api.db.selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const response = await post({ ...examples[0].answers, [tcpa.name]: false });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ [tcpa.name]: blankMessage(claim, tcpa) });
    const after = await api.db.selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("returns the first lead for a repeated submission key, and 409 when the content differs", async () => {
    const submission = { ...examples[0].answers, submissionKey: `dup-${slug}-0001` };
    const first = await post(submission);
    const second = await post(submission);
    expect([first.status, second.status]).toEqual([201, 200]);
    const [a, b] = [await first.json(), await second.json()];
    expect(b).toEqual({ ...a, submissionKeyReplayed: true });
    const changed = without(examples.at(-1)!.answers);
    const field = requiredFields(claim).find((f) => f.kind === "text" || f.kind === "textarea")!;
    changed[field.name] = `${String(changed[field.name])} changed`;
    expect((await post({ ...changed, submissionKey: submission.submissionKey })).status).toBe(409);
  });

  it("is described in GET /api/openapi.json from its schema: required answers, options and lists", () => {
    const operation = openApi.paths[`/api/leads/${slug}`]?.post;
    expect(operation).toBeDefined();
    const schema = operation!.requestBody.content["application/json"]!.schema;
    expect(schema.required).toEqual(expect.arrayContaining(requiredFields(claim).map((f) => f.name)));
    for (const field of allFields(claim)) {
      const property = schema.properties?.[field.name];
      expect(property, field.name).toBeDefined();
      const values = field.options?.map((o) => o.value);
      if (field.kind === "checkboxes") expect(property!.type, field.name).toBe("array");
      if (field.kind === "checkboxes") expect(property!.items?.enum, field.name).toEqual(values);
      else if ((field.kind === "radio" || field.kind === "select") && !field.optional) expect(property!.enum, field.name).toEqual(values);
    }
  });

  it("gives its certificate page the answers under their labels, with personal data masked, and counts the look-up", async () => {
    const example = examples[0];
    const body = await (await post(example.answers)).json();
    const certificateId = new URL(body.certificateUrl).searchParams.get("cert")!;
    const view = await createCertificateService(api.db).verify(certificateId);
    expect(view).toMatchObject({ certificateId, formType: claim.caseType, verificationCount: 1, ipAddress: "127.0.0.***" });
    // An API lead is a supplier's: its certificate never shows our consent text (docs/decisions/046).
    expect(view!.consent_kind).toBe("supplier-asserted");
    expect(view!.consentText).toBe("Not reported by the supplier");

    const shown = new Map(view!.answers.map((a) => [a.label, a.value]));
    const parsed = expectedLead(claim, example.answers).parsed;
    for (const field of allFields(claim)) {
      const value = shown.get(field.label);
      expect(value, field.name).toBeDefined();
      const answer = parsed[field.name];
      if (field.kind === "consent") expect(value).toBe("Agreed");
      else if (field.privacy && answer) expect(value, `${field.name} is masked`).not.toContain(String(answer));
      else if (field.options && answer) {
        const labels = [answer].flat().map((v) => field.options!.find((o) => o.value === v)!.label);
        expect(value, field.name).toBe(labels.join(", "));
      }
    }
  });
});
