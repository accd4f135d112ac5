import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiApp } from "../support/api-app";

let api: Awaited<ReturnType<typeof startApiApp>>;
beforeAll(async () => {
  api = await startApiApp({ LEAD_RATE_LIMIT_PER_HOUR: "0", SITE_URL: "https://claims.example" });
});
afterAll(() => api.close());

const answers = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  fn: "Sam",
  ln: "Lee",
  em: "sam.lee@example.com",
  ph: "312-555-0199",
  st: "IL",
  gamesPlayed: "Battle royale shooters",
  gamingPeriod: "2018 to now",
  hoursPerDay: 7,
  moneySpent: "$4,000",
  healthImpacts: "Anxiety and insomnia",
  relationshipImpacts: "Stopped seeing friends",
  financialImpacts: "Credit card debt",
  treatmentSought: "Counseling",
  manipulativeFeatures: "Loot boxes",
  additionalInfo: "Started at 14",
  tcpa: true,
  ...overrides,
});

const leadRow = (id: string) => api.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("POST /api/leads/video-game", () => {
  it("saves the lead with case_type 'Video Game Addiction', cq1..cq10, no eligibility flags, and a certificate", async () => {
    const response = await api.post("/api/leads/video-game", answers(), { "user-agent": "IntegrationTest/1.0" });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ outcome: null, duplicate: false });

    const lead = await leadRow(body.leadId);
    expect(lead).toMatchObject({
      case_type: "Video Game Addiction",
      fn: "Sam",
      ph: "3125550199",
      st: "IL",
      cq1: "Battle royale shooters",
      cq2: "2018 to now",
      cq3: "7",
      cq4: "$4,000",
      cq5: "Anxiety and insomnia",
      cq6: "Stopped seeing friends",
      cq7: "Credit card debt",
      cq8: "Counseling",
      cq9: "Loot boxes",
      cq10: "Started at 14",
      tcpa: 1,
      is_eligible: null,
      is_not_eligible: null,
      eligibility_reason: null,
      source: "web_form",
      user_ip: "127.0.0.1",
      user_agent: "IntegrationTest/1.0",
    });
    const formData = JSON.parse(lead.form_data);
    expect(formData).toMatchObject({ hoursPerDay: 7, manipulativeFeatures: "Loot boxes" });
    expect(formData).not.toHaveProperty("isEligible");
    expect(Date.parse(formData.submittedAt)).not.toBeNaN();

    const certificate = await api.db
      .selectFrom("submission_certificates")
      .selectAll()
      .where("certificate_id", "=", lead.certificate_id!)
      .executeTakeFirstOrThrow();
    expect(certificate).toMatchObject({ lead_id: lead.id, form_type: "Video Game Addiction" });
    expect(body.certificateUrl).toBe(`https://claims.example/verify-trustedforms-pro?cert=${lead.certificate_id}`);
  });

  it("accepts hours per day as typed into the form and stores null for the optional answers left out", async () => {
    const body = answers({ hoursPerDay: "2.5" });
    for (const field of ["relationshipImpacts", "financialImpacts", "treatmentSought", "additionalInfo"]) delete body[field];
    const response = await api.post("/api/leads/video-game", body);
    expect(response.status).toBe(201);
    expect(await leadRow((await response.json()).leadId)).toMatchObject({ cq3: "2.5", cq6: null, cq7: null, cq8: null, cq10: null });
  });

  it("rejects hours per day outside 0-24", async () => {
    const response = await api.post("/api/leads/video-game", answers({ hoursPerDay: 30 }));
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ hoursPerDay: "Please enter a number of hours between 0 and 24" });
  });

  it.each([
    ["fn", "First name is required"],
    ["ln", "Last name is required"],
    ["em", "Email is required"],
    ["ph", "Phone number is required"],
    ["st", "State is required"],
    ["gamesPlayed", "Please list the games you played"],
    ["gamingPeriod", "Gaming period is required"],
    ["hoursPerDay", "Hours per day is required"],
    ["moneySpent", "Money spent is required"],
    ["healthImpacts", "Please describe health impacts"],
    ["manipulativeFeatures", "Please describe manipulative features"],
    ["tcpa", "You must agree to be contacted"],
  ])("answers 400 without %s, with the spec's message '%s'", async (field, message) => {
    const body = answers();
    delete body[field];
    const response = await api.post("/api/leads/video-game", body);
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ [field]: message });
  });
});
