import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiApp } from "../support/api-app";

let api: Awaited<ReturnType<typeof startApiApp>>;
beforeAll(async () => {
  api = await startApiApp({ LEAD_RATE_LIMIT_PER_HOUR: "0", SITE_URL: "https://claims.example" });
});
afterAll(() => api.close());

const answers = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  fn: "Jane",
  ln: "Doe",
  em: "jane.doe@example.com",
  ph: "(415) 555-2671",
  st: "NC",
  exposureLocation: "Cape Fear River drinking water, Wilmington NC, 2001-2019",
  healthConditions: "Thyroid disease",
  additionalInfo: "Whole family drank the tap water",
  tcpa: true,
  ...overrides,
});

const leadRow = (id: string) => api.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("POST /api/leads/pfas", () => {
  it("saves the lead with case_type 'PFAS', cq1..cq3, no eligibility flags, and a certificate", async () => {
    const response = await api.post("/api/leads/pfas", answers(), { "user-agent": "IntegrationTest/1.0" });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ outcome: null, duplicate: false });
    expect(body.certificateUrl).toMatch(/^https:\/\/claims\.example\/verify-trustedforms-pro\?cert=tfp_\d{13}_[a-z0-9]{9}$/);

    const lead = await leadRow(body.leadId);
    expect(lead).toMatchObject({
      case_type: "PFAS",
      fn: "Jane",
      ln: "Doe",
      em: "jane.doe@example.com",
      ph: "4155552671",
      st: "NC",
      cq1: "Cape Fear River drinking water, Wilmington NC, 2001-2019",
      cq2: "Thyroid disease",
      cq3: "Whole family drank the tap water",
      cq4: null,
      tcpa: 1,
      is_eligible: null,
      is_not_eligible: null,
      eligibility_reason: null,
      source: "web_form",
      user_ip: "127.0.0.1",
      user_agent: "IntegrationTest/1.0",
      is_spam: 0,
    });
    const formData = JSON.parse(lead.form_data);
    expect(formData).toMatchObject({ exposureLocation: "Cape Fear River drinking water, Wilmington NC, 2001-2019", tcpa: true });
    expect(formData).not.toHaveProperty("isEligible");
    expect(Date.parse(formData.submittedAt)).not.toBeNaN();

    const certificate = await api.db
      .selectFrom("submission_certificates")
      .selectAll()
      .where("certificate_id", "=", lead.certificate_id!)
      .executeTakeFirstOrThrow();
    expect(certificate).toMatchObject({ lead_id: lead.id, form_type: "PFAS", ip_address: "127.0.0.1" });
    expect(certificate.consent_text).toContain("Consent is not a condition of purchasing");
    expect(JSON.parse(certificate.submission_data)).toMatchObject({ exposureLocation: expect.any(String) });
  });

  it("stores cq2 and cq3 as null when the optional answers are left out", async () => {
    const { healthConditions: _h, additionalInfo: _a, ...required } = answers();
    const response = await api.post("/api/leads/pfas", required);
    expect(response.status).toBe(201);
    expect(await leadRow((await response.json()).leadId)).toMatchObject({ cq1: expect.any(String), cq2: null, cq3: null });
  });

  it.each([
    ["fn", "First name must be at least 2 characters"],
    ["ln", "Last name must be at least 2 characters"],
    ["em", "Please enter a valid email address"],
    ["ph", "Please enter a valid phone number"],
    ["st", "Please select your state"],
    ["exposureLocation", "Please describe where you were exposed"],
    ["tcpa", "You must agree to be contacted"],
  ])("answers 400 without %s, with the spec's message '%s'", async (field, message) => {
    const body = answers();
    delete body[field];
    const response = await api.post("/api/leads/pfas", body);
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ [field]: message });
  });
});
