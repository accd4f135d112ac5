import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { webhookPayload } from "../../server/delivery/webhook-payload";
import { createLeadService, type LeadService } from "../../server/leads/submit-lead";
import { createLogger } from "../../server/logger";
import { afffAnswers } from "../support/afff-answers";
import { mvaAnswers } from "../support/mva-answers";
import { testDatabaseUrl } from "../support/test-database";

const SUBMITTED_AT = new Date("2026-03-04T05:06:07.089Z");
const context = {
  ip: "203.0.113.7",
  userAgent: "PayloadTest/1.0",
  pageUrl: "https://claims.example/form",
  attribution: { utm_source: "tv", gclid: "g-1" },
};

let db: Db;
let leads: LeadService;
let config: ReturnType<typeof loadConfig>;

beforeAll(async () => {
  config = loadConfig({
    DATABASE_URL: await testDatabaseUrl("claims-payload"),
    NODE_ENV: "test",
    WEBHOOK_COMPANY_ID: "co-1",
    WEBHOOK_PUBLISHER_ID: "pub-2",
    WEBHOOK_CAMPAIGN_ID: "camp-3",
    WEBHOOK_AUTH_TOKEN: "tok-4",
  });
  db = openDatabase(config.database);
  await migrateToLatest(db);
  leads = createLeadService({
    db,
    logger: createLogger("silent"),
    siteUrl: "https://claims.example",
    site: config.site,
    leadRateLimitPerHour: 0,
    now: () => SUBMITTED_AT,
  });
});
afterAll(() => db.destroy());

/** Saves a lead through the real lead service and reads the stored row back. */
async function storedLead(slug: string, answers: Record<string, unknown>) {
  const result = await leads.submit(slug, answers, context);
  if (result.status !== "created") throw new Error(`${slug}: not created (${result.status})`);
  return db.selectFrom("leads").selectAll().where("id", "=", result.leadId).executeTakeFirstOrThrow();
}

describe("the webhook payload of today's claims, byte for byte", () => {
  it("MVA", async () => {
    const answers = mvaAnswers();
    const lead = await storedLead("mva", answers);
    const day = String(answers.accidentDate);
    const tf = `https://claims.example/verify-trustedforms-pro?cert=${lead.certificate_id}`;
    expect(JSON.stringify(webhookPayload(lead, config.webhook))).toBe(
      `{"company_id":"co-1","publisher_id":"pub-2","campaign_id":"camp-3","auth_token":"tok-4","em":"jane.doe@example.com",` +
        `"fn":"Jane","ln":"Doe","ph":"4155552671","st":"CA","cq1":"No","cq2":"Yes","cq3":"Yes","cq4":"${day}","cq5":"No",` +
        `"cq6":"No","cq7":"Yes","cq8":"No","cq9":"Defendant Insurance Coverage, Driver UI or UIM Coverage","cq10":"No",` +
        `"tcpa":true,"tf":"${tf}","ua":"PayloadTest/1.0","ip":"203.0.113.7","test":"false",` +
        `"timestamp":"2026-03-04T05:06:07.089Z","eligibilityResult":true,"leadId":"${lead.id}","case_type":"MVA",` +
        `"accidentDate":"${day}","insuranceCoverage":"Defendant Insurance Coverage, Driver UI or UIM Coverage",` +
        `"treatmentWithin14Days":"Yes","realInjuries":"Yes","noTreatmentLapse":"No","utm_source":"tv","gclid":"g-1"}`,
    );
  });

  it("AFFF", async () => {
    const lead = await storedLead("afff", afffAnswers());
    const tf = `https://claims.example/verify-trustedforms-pro?cert=${lead.certificate_id}`;
    expect(JSON.stringify(webhookPayload(lead, config.webhook))).toBe(
      `{"company_id":"co-1","publisher_id":"pub-2","campaign_id":"camp-3","auth_token":"tok-4","em":"jane.doe@example.com",` +
        `"fn":"Jane","ln":"Doe","ph":"4155552671","st":"CO","cq1":"yes","cq2":"yes","cq3":"fire-department,military-base",` +
        `"cq4":"kidney-cancer","cq5":null,"cq6":null,"cq7":null,"cq8":null,"cq9":null,"cq10":null,` +
        `"tcpa":true,"tf":"${tf}","ua":"PayloadTest/1.0","ip":"203.0.113.7","test":"false",` +
        `"timestamp":"2026-03-04T05:06:07.089Z","eligibilityResult":false,"leadId":"${lead.id}","case_type":"AFFF",` +
        `"utm_source":"tv","gclid":"g-1"}`,
    );
  });
});
