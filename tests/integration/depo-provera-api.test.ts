import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiApp } from "../support/api-app";
import { depoProveraAnswers } from "../support/depo-provera-answers";

let api: Awaited<ReturnType<typeof startApiApp>>;
beforeAll(async () => {
  api = await startApiApp({ LEAD_RATE_LIMIT_PER_HOUR: "0", SITE_URL: "https://claims.example" });
});
afterAll(() => api.close());

const leadRow = (id: string) => api.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("POST /api/leads/depo-provera", () => {
  it("saves the lead (which the spec's system did not) with cq1..cq5, notes and a certificate", async () => {
    const response = await api.post("/api/leads/depo-provera", depoProveraAnswers(), { "user-agent": "IntegrationTest/1.0" });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ outcome: null, duplicate: false });

    const lead = await leadRow(body.leadId);
    expect(lead).toMatchObject({
      case_type: "Depo-Provera",
      fn: "Jane",
      ln: "Doe",
      em: "jane.doe@example.com",
      ph: "4155552671",
      st: "TX",
      cq1: "yes",
      cq2: "2_5_years",
      cq3: "yes_meningioma",
      cq4: "1_3_years",
      cq5: "headaches",
      cq6: null,
      notes: "Diagnosed after six years of injections.",
      tcpa: 1,
      is_eligible: null,
      is_not_eligible: null,
      eligibility_reason: null,
      source: "web_form",
      user_ip: "127.0.0.1",
      user_agent: "IntegrationTest/1.0",
    });
    const formData = JSON.parse(lead.form_data);
    expect(formData).toMatchObject({ fn: "Jane", cq5: "headaches", notes: "Diagnosed after six years of injections.", certificateUrl: body.certificateUrl });
    expect(Date.parse(formData.submittedAt)).not.toBeNaN();

    const certificate = await api.db
      .selectFrom("submission_certificates")
      .selectAll()
      .where("certificate_id", "=", lead.certificate_id!)
      .executeTakeFirstOrThrow();
    expect(certificate).toMatchObject({ lead_id: lead.id, form_type: "Depo-Provera", ip_address: "127.0.0.1" });
    expect(JSON.parse(certificate.submission_data)).toMatchObject({ cq3: "yes_meningioma", tcpa: true });
  });

  it("stores the optional symptoms and notes as null when left out", async () => {
    const { cq5: _cq5, notes: _notes, ...required } = depoProveraAnswers();
    const response = await api.post("/api/leads/depo-provera", required);
    expect(response.status).toBe(201);
    expect(await leadRow((await response.json()).leadId)).toMatchObject({ cq5: null, notes: null });
  });

  it.each([
    ["fn", "First name must be at least 2 characters"],
    ["ln", "Last name must be at least 2 characters"],
    ["em", "Please enter a valid email address"],
    ["ph", "Please enter a valid phone number"],
    ["st", "Please select your state"],
    ["cq1", "Please select an option"],
    ["cq2", "Please select an option"],
    ["cq3", "Please select an option"],
    ["cq4", "Please select an option"],
    ["tcpa", "You must agree to be contacted"],
  ])("answers 400 with the spec's message when %s is missing", async (field, message) => {
    const { [field]: _missing, ...rest } = depoProveraAnswers();
    const response = await api.post("/api/leads/depo-provera", rest);
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ [field]: message });
  });
});
