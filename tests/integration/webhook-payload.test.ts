import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMON_WEBHOOK_FIELDS, partnerFields } from "#claims/engine/deliveries";
import { allFields, fieldErrorsOf } from "#claims/engine/form-values";
import { isoDay } from "#claims/engine/schema-builders";
import type { ClaimDefinition, FieldSpec } from "#claims/engine/types";
import { syncSystemBuyers } from "../../server/distribution/buyers/system-buyers";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { webhookFields, webhookPayload } from "../../server/distribution/delivery/webhook-payload";
import { submittedLeadOf } from "../../server/distribution/delivery/partner-sender";
import { createSettings } from "../../server/settings/settings";
import { createLeadService, type LeadService } from "../../server/leads/submit-lead";
import { createLogger } from "../../server/logger";
import { afffAnswers } from "#claims/afff/examples";
import { claimsAndDataClaims, runSuiteDataClaims, withCopies } from "../support/suite-data-claims";
import { anotherPerson } from "../support/distinct-people";
import { mvaAnswers } from "#claims/mva/examples";
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
let forgetDataClaims: () => void;

beforeAll(async () => {
  config = loadConfig({
    DATABASE_URL: await testDatabaseUrl("claims-payload"),
    NODE_ENV: "test",
    WEBHOOK_COMPANY_ID: "co-1",
    WEBHOOK_PUBLISHER_ID: "pub-2",
    WEBHOOK_CAMPAIGN_ID: "camp-3",
    WEBHOOK_AUTH_TOKEN: "tok-4",
  });
  db = await openDatabase(config.database);
  await migrateToLatest(db);
  await syncSystemBuyers(db, config);
  leads = createLeadService({
    db,
    logger: createLogger("silent"),
    siteUrl: "https://claims.example",
    site: config.site,
    leadRateLimitPerHour: 0,
    now: () => SUBMITTED_AT,
  });
  // Claims defined as data: copies of built-in claims held to their originals, and the hair relaxer claim (support/suite-data-claims.ts).
  forgetDataClaims = await runSuiteDataClaims(db);
});
afterAll(async () => {
  forgetDataClaims?.();
  await db.destroy();
});

/** Saves a lead through the real lead service and reads the stored row back. */
async function storedLead(slug: string, answers: Record<string, unknown>) {
  const result = await leads.submit(slug, answers, context);
  if (result.status !== "created") throw new Error(`${slug}: not created (${result.status})`);
  return db.selectFrom("leads").selectAll().where("id", "=", result.leadId).executeTakeFirstOrThrow();
}

// MVA's, and its copies' as data claims ("Copy as a new claim" gives the same payload under its own case type).
const mvaAndCopies = withCopies("mva").map((claim) => [claim.slug, claim.caseType]);

describe("the webhook payload of today's claims, byte for byte", () => {
  it.each(mvaAndCopies)("%s", async (slug, caseType) => {
    const answers = mvaAnswers();
    const lead = await storedLead(slug!, answers);
    const day = String(answers.accidentDate);
    const tf = `https://claims.example/verify-trustedforms-pro?cert=${lead.certificate_id}`;
    expect(JSON.stringify(webhookPayload(lead, config.webhook))).toBe(
      `{"company_id":"co-1","publisher_id":"pub-2","campaign_id":"camp-3","auth_token":"tok-4","em":"jane.doe@example.com",` +
        `"fn":"Jane","ln":"Doe","ph":"4155552671","st":"CA","cq1":"No","cq2":"Yes","cq3":"Yes","cq4":"${day}","cq5":"No",` +
        `"cq6":"No","cq7":"Yes","cq8":"No","cq9":"Defendant Insurance Coverage, Driver UI or UIM Coverage","cq10":"No",` +
        `"tcpa":true,"tf":"${tf}","ua":"PayloadTest/1.0","ip":"203.0.113.7","test":"false",` +
        `"timestamp":"2026-03-04T05:06:07.089Z","eligibilityResult":true,"leadId":"${lead.id}","case_type":"${caseType}","language":"en",` +
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
        `"timestamp":"2026-03-04T05:06:07.089Z","eligibilityResult":false,"leadId":"${lead.id}","case_type":"AFFF","language":"en",` +
        `"utm_source":"tv","gclid":"g-1"}`,
    );
  });
});

/** A valid submission for any claim, from its field specs: the first option, plausible text, consent; a new person each time. */
function validAnswers(definition: ClaimDefinition): Record<string, unknown> {
  const person = anotherPerson();
  const valueFor = (field: FieldSpec): unknown => {
    switch (field.kind) {
      case "radio":
      case "select":
        return field.options![0]!.value;
      case "checkboxes":
        return [field.options![0]!.value];
      case "email":
        return person.em;
      case "tel":
        return person.ph;
      case "date":
        return isoDay(new Date(Date.now() - 10 * 86_400_000));
      case "consent":
        return true;
      case "number":
        return field.min ?? 1;
      default:
        return "Jane Doe";
    }
  };
  const answers = Object.fromEntries(allFields(definition).map((f) => [f.name, valueFor(f)]));
  const parsed = definition.schema.safeParse(answers);
  if (!parsed.success) throw new Error(`${definition.slug}: ${JSON.stringify(fieldErrorsOf(parsed.error))}`);
  return answers;
}

describe.each(claimsAndDataClaims().map((c) => [c.slug, c] as const))("every claim in the registry: %s", (slug, definition) => {
  it("sends the common webhook fields, then exactly the extras its definition declares, then attribution", async () => {
    const answers = validAnswers(definition);
    const lead = await storedLead(slug, answers);
    const payload = webhookPayload(lead, config.webhook);
    const parsed = definition.schema.parse(answers) as Record<string, unknown>;
    const extras = Object.entries(definition.webhook?.extraFields ?? {});

    expect(Object.keys(payload)).toEqual([...COMMON_WEBHOOK_FIELDS, ...extras.map(([name]) => name), "utm_source", "gclid"]);
    for (const [name, valueFrom] of extras) expect(payload[name], name).toEqual(valueFrom(parsed));
    expect(payload).toMatchObject({
      company_id: "co-1",
      leadId: lead.id,
      case_type: definition.caseType,
      em: lead.em,
      tcpa: lead.tcpa === 1,
      ip: "203.0.113.7",
      test: "false",
      timestamp: SUBMITTED_AT.toISOString(),
    });
    // The setup page lists every field a receiver may see.
    expect(webhookFields()).toEqual(expect.arrayContaining(Object.keys(payload)));
  });

  it("queues the webhook and each partner its definition names, and records the partners' fields but no key", async () => {
    await createSettings(db).saveWebhookUrl("http://127.0.0.1:9/hook");
    const answers = validAnswers(definition);
    const lead = await storedLead(slug, answers);
    const targets = await db.selectFrom("deliveries").select("target").where("lead_id", "=", lead.id).orderBy("created_at").execute();
    const partners = definition.partners ?? [];
    expect(targets.map((t) => t.target).sort()).toEqual(["webhook", ...partners.map((p) => p.partner)].sort());

    const formData = JSON.parse(lead.form_data) as Record<string, unknown>;
    const answerNames = Object.keys(answers);
    for (const partner of partners) {
      const fields = partnerFields(partner, definition.schema.parse(answers) as Record<string, unknown>, submittedLeadOf(lead, context.pageUrl));
      expect(formData).toMatchObject(fields);
      // Recorded next to the answers, so a partner field must never shadow one.
      expect(Object.keys(partner.fields).filter((name) => answerNames.includes(name))).toEqual([]);
      for (const name of Object.keys(partner.fields).filter((n) => !(n in fields))) expect(formData).not.toHaveProperty(name);
    }
  });
});
