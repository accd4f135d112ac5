import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFFF_PARTNER_FIELDS } from "#claims/afff/definition";
import { afffAnswers } from "../support/afff-answers";
import { startApiApp } from "../support/api-app";

let api: Awaited<ReturnType<typeof startApiApp>>;
beforeAll(async () => {
  api = await startApiApp({ LEAD_RATE_LIMIT_PER_HOUR: "0", SITE_URL: "https://claims.example" });
});
afterAll(() => api.close());

const leadRow = (id: string) => api.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("POST /api/leads/afff", () => {
  it("saves the lead with its cq columns, no eligibility flag, the partner fields and a certificate", async () => {
    const response = await api.post(
      "/api/leads/afff",
      { ...afffAnswers({ fullName: "Mary Ann Smith" }), pageUrl: "https://claims.example/afff-firefoam-claim" },
      { "user-agent": "IntegrationTest/1.0" },
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ outcome: null, duplicate: false });

    const lead = await leadRow(body.leadId);
    expect(lead).toMatchObject({
      case_type: "AFFF",
      fn: "Mary",
      ln: "Ann Smith",
      em: "jane.doe@example.com",
      ph: "4155552671",
      st: "CO",
      cq1: "yes",
      cq2: "yes",
      cq3: "fire-department,military-base",
      cq4: "kidney-cancer",
      cq5: null,
      tcpa: 1,
      is_eligible: null,
      is_not_eligible: null,
      eligibility_reason: null,
      source: "web_form",
      user_ip: "127.0.0.1",
      user_agent: "IntegrationTest/1.0",
    });
    expect(lead.certificate_id).toMatch(/^tfp_\d{13}_[a-z0-9]{9}$/);

    const formData = JSON.parse(lead.form_data);
    expect(formData).toMatchObject({
      fullName: "Mary Ann Smith",
      exposureLocation: ["fire-department", "military-base"],
      diagnosis: ["kidney-cancer"],
      ...AFFF_PARTNER_FIELDS,
      Landing_Page: "https://claims.example/afff-firefoam-claim",
      IP_Address: "127.0.0.1",
      User_Agent: "IntegrationTest/1.0",
      TCPA: "Yes",
      Already_Represented: "No",
      Diagnosis: "Kidney cancer",
      xxTrustedFormCerturl: body.certificateUrl,
      certificateUrl: body.certificateUrl,
    });
    expect(formData.Case_Notes).toContain("Exposed to AFFF: Yes");
    expect(formData).not.toHaveProperty("isEligible");
    expect(Date.parse(formData.submittedAt)).not.toBeNaN();
    expect(body.certificateUrl).toBe(`https://claims.example/verify-trustedforms-pro?cert=${lead.certificate_id}`);

    const certificate = await api.db
      .selectFrom("submission_certificates")
      .selectAll()
      .where("certificate_id", "=", lead.certificate_id!)
      .executeTakeFirstOrThrow();
    expect(certificate).toMatchObject({ lead_id: lead.id, form_type: "AFFF", ip_address: "127.0.0.1", user_agent: "IntegrationTest/1.0" });
    expect(certificate.consent_text).toContain("Consent is not a condition of purchasing");
    expect(JSON.parse(certificate.submission_data)).toMatchObject({ fullName: "Mary Ann Smith", exposedToAFFF: "yes", tcpa: true });
  });

  it("stores a one-word name with an empty last name", async () => {
    const response = await api.post("/api/leads/afff", afffAnswers({ fullName: "Cher" }));
    expect(response.status).toBe(201);
    expect(await leadRow((await response.json()).leadId)).toMatchObject({ fn: "Cher", ln: "" });
  });

  it.each([
    ["age", "Please select an option"],
    ["exposedToAFFF", "Please select an option"],
    ["exposureLocation", "Please select at least one location"],
    ["diagnosis", "Please select at least one option"],
    ["hasAttorney", "Please select an option"],
    ["fullName", "Full name is required"],
    ["ph", "Please enter a valid phone number"],
    ["em", "Please enter a valid email address"],
    ["st", "Please enter your state"],
    ["tcpa", "You must agree to be contacted"],
  ])("answers 400 with the spec's message when %s is missing", async (field, message) => {
    const { [field]: _missing, ...rest } = afffAnswers();
    const response = await api.post("/api/leads/afff", rest);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors).toEqual({ [field]: message });
  });
});
