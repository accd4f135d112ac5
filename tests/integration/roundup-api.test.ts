import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiApp } from "../support/api-app";

let api: Awaited<ReturnType<typeof startApiApp>>;
beforeAll(async () => {
  api = await startApiApp({ LEAD_RATE_LIMIT_PER_HOUR: "0", SITE_URL: "https://claims.example" });
});
afterAll(() => api.close());

const leadRow = (id: string) => api.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const answers = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  fn: "John",
  ln: "Smith",
  em: "john.smith@example.com",
  ph: "515-555-0142",
  st: "IA",
  usedWeedKiller: "Yes",
  yearsOfUse: "More than 10 years",
  diagnosis: "B-Cell Lymphoma",
  hasAttorney: "No",
  tcpa: true,
  ...overrides,
});

describe("POST /api/leads/roundup", () => {
  it("saves an eligible lead with its cq columns, flags, form data and certificate (201)", async () => {
    const response = await api.post("/api/leads/roundup", answers(), { "user-agent": "IntegrationTest/1.0" });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ outcome: "eligible", duplicate: false });

    const lead = await leadRow(body.leadId);
    expect(lead).toMatchObject({
      case_type: "RoundUp",
      fn: "John",
      ln: "Smith",
      em: "john.smith@example.com",
      ph: "5155550142",
      st: "IA",
      cq1: "Yes",
      cq2: "More than 10 years",
      cq3: "B-Cell Lymphoma",
      cq4: "No",
      cq5: null,
      tcpa: 1,
      is_eligible: 1,
      is_not_eligible: 0,
      eligibility_reason: "Eligible",
      source: "web_form",
      user_ip: "127.0.0.1",
      user_agent: "IntegrationTest/1.0",
    });
    const formData = JSON.parse(lead.form_data);
    expect(formData).toMatchObject({ usedWeedKiller: "Yes", diagnosis: "B-Cell Lymphoma", isEligible: true, isNotEligible: false });
    expect(new Date(formData.submittedAt).toISOString()).toBe(formData.submittedAt);

    const certificate = await api.db
      .selectFrom("submission_certificates")
      .selectAll()
      .where("certificate_id", "=", lead.certificate_id!)
      .executeTakeFirstOrThrow();
    expect(certificate).toMatchObject({ lead_id: lead.id, form_type: "RoundUp", ip_address: "127.0.0.1" });
    expect(JSON.parse(certificate.submission_data)).toMatchObject({ em: "john.smith@example.com", tcpa: true });
    expect(body.certificateUrl).toBe(`https://claims.example/verify-trustedforms-pro?cert=${lead.certificate_id}`);
  });

  it.each([
    ["used weed killer No", { usedWeedKiller: "No" }],
    ["'No Diagnosis'", { diagnosis: "No Diagnosis" }],
    ["has attorney Yes", { hasAttorney: "Yes" }],
  ])("%s is stored as not eligible (reason 'Ineligible')", async (_label, overrides) => {
    const body = await (await api.post("/api/leads/roundup", answers(overrides))).json();
    expect(body.outcome).toBe("ineligible");
    const lead = await leadRow(body.leadId);
    expect(lead).toMatchObject({ is_eligible: 0, is_not_eligible: 1, eligibility_reason: "Ineligible" });
    expect(JSON.parse(lead.form_data)).toMatchObject({ isEligible: false, isNotEligible: true });
  });

  it("answers 400 'Missing required fields' for an empty body, with a message per field", async () => {
    const response = await api.post("/api/leads/roundup", {});
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("Missing required fields");
  });

  it.each([
    ["fn", "First name is required"],
    ["ln", "Last name is required"],
    ["em", "Email is required"],
    ["ph", "Phone number is required"],
    ["st", "Please select your state"],
    ["usedWeedKiller", "Please select an option"],
    ["yearsOfUse", "Please select an option"],
    ["diagnosis", "Please select an option"],
    ["hasAttorney", "Please select an option"],
    ["tcpa", "You must agree to be contacted"],
  ])("answers 400 when %s is missing, with its message", async (field, message) => {
    const response = await api.post("/api/leads/roundup", answers({ [field]: undefined }));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe("Missing required fields");
    expect(body.fieldErrors).toEqual({ [field]: message });
  });
});
