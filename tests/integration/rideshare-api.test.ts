import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isoDay } from "#claims/engine/schema-builders";
import { startApiApp } from "../support/api-app";

let api: Awaited<ReturnType<typeof startApiApp>>;
beforeAll(async () => {
  api = await startApiApp({ LEAD_RATE_LIMIT_PER_HOUR: "0", SITE_URL: "https://claims.example" });
});
afterAll(() => api.close());

const leadRow = (id: string) => api.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const certificateOf = (id: string) =>
  api.db.selectFrom("submission_certificates").selectAll().where("certificate_id", "=", id).executeTakeFirstOrThrow();

const incidentDate = isoDay(new Date(Date.now() - 90 * 86_400_000));

const answers = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  incidentType: "physical_assault",
  service: "lyft",
  policeReport: "yes",
  hasAttorney: "no",
  incidentDate,
  fn: "Jane",
  ln: "Doe",
  em: "jane.doe@example.com",
  ph: "(415) 555-2671",
  st: "NV",
  tcpa: true,
  ...overrides,
});

describe("POST /api/leads/rideshare", () => {
  it("saves an eligible lead with its cq columns, flags, form data and certificate (201)", async () => {
    const response = await api.post("/api/leads/rideshare", answers(), { "user-agent": "IntegrationTest/1.0" });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ outcome: "eligible", duplicate: false });

    const lead = await leadRow(body.leadId);
    expect(lead).toMatchObject({
      case_type: "Rideshare",
      fn: "Jane",
      ln: "Doe",
      em: "jane.doe@example.com",
      ph: "4155552671",
      st: "NV",
      cq1: "physical_assault",
      cq2: "lyft",
      cq3: "yes",
      cq4: "no",
      cq5: incidentDate,
      cq6: null,
      tcpa: 1,
      is_eligible: 1,
      is_not_eligible: 0,
      eligibility_reason: "Meets basic criteria",
      source: "web_form",
      user_ip: "127.0.0.1",
      user_agent: "IntegrationTest/1.0",
    });
    const formData = JSON.parse(lead.form_data);
    expect(formData).toMatchObject({
      incidentType: "physical_assault",
      incidentDate,
      isEligible: true,
      isNotEligible: false,
      eligibilityReason: "Meets basic criteria",
    });
    expect(new Date(formData.submittedAt).toISOString()).toBe(formData.submittedAt);

    const certificate = await certificateOf(lead.certificate_id!);
    expect(certificate).toMatchObject({ lead_id: lead.id, form_type: "Rideshare", ip_address: "127.0.0.1" });
    expect(certificate.consent_text).toContain("Consent is not a condition of purchasing");
    expect(body.certificateUrl).toBe(`https://claims.example/verify-trustedforms-pro?cert=${lead.certificate_id}`);
  });

  it("stores cq5 empty when the optional incident date is left out or blank", async () => {
    for (const overrides of [{ incidentDate: undefined }, { incidentDate: "" }]) {
      const response = await api.post("/api/leads/rideshare", answers(overrides));
      expect(response.status).toBe(201);
      expect(await leadRow((await response.json()).leadId)).toMatchObject({ cq5: "" });
    }
  });

  it("'no_incident' is stored as not eligible with reason 'No incident reported'", async () => {
    const body = await (await api.post("/api/leads/rideshare", answers({ incidentType: "no_incident" }))).json();
    expect(body.outcome).toBe("ineligible");
    expect(await leadRow(body.leadId)).toMatchObject({ is_eligible: 0, is_not_eligible: 1, eligibility_reason: "No incident reported" });
  });

  it("has-attorney 'yes' is stored as not eligible with reason 'Already has attorney'", async () => {
    const body = await (await api.post("/api/leads/rideshare", answers({ hasAttorney: "yes" }))).json();
    expect(body.outcome).toBe("ineligible");
    expect(await leadRow(body.leadId)).toMatchObject({ cq4: "yes", is_not_eligible: 1, eligibility_reason: "Already has attorney" });
  });

  it.each([
    ["incidentType", "Please select an option"],
    ["service", "Please select an option"],
    ["policeReport", "Please select an option"],
    ["hasAttorney", "Please select an option"],
    ["fn", "First name is required"],
    ["ln", "Last name is required"],
    ["em", "Email is required"],
    ["ph", "Phone number is required"],
    ["st", "Please select your state"],
    ["tcpa", "Please agree to be contacted to continue."],
  ])("answers 400 when %s is missing, with its message", async (field, message) => {
    const response = await api.post("/api/leads/rideshare", answers({ [field]: undefined }));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors).toEqual({ [field]: message });
  });

  it("answers 400 for a consent of false, with the spec's consent message", async () => {
    const response = await api.post("/api/leads/rideshare", answers({ tcpa: false }));
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ tcpa: "Please agree to be contacted to continue." });
  });

  it("answers 400 for an incident date in the future", async () => {
    const response = await api.post("/api/leads/rideshare", answers({ incidentDate: isoDay(new Date(Date.now() + 5 * 86_400_000)) }));
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ incidentDate: "The incident date cannot be in the future" });
  });
});
