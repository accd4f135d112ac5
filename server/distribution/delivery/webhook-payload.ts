import type { Selectable } from "kysely";
import { ATTRIBUTION_FIELDS, COMMON_WEBHOOK_FIELDS, CQ_FIELDS, webhookExtraFieldNames, webhookExtraFields } from "#claims/engine/deliveries";
import type { ClaimDefinition } from "#claims/engine/types";
import { allClaims, claimByCaseType } from "#claims/registry";
import type { Config } from "../../config";
import type { LeadsTable } from "../../db/schema";

type Lead = Selectable<LeadsTable>;
type Identifiers = Config["webhook"];

/** Every field a receiver may see (the setup page lists them): the common ones, each claim's extras, attribution. */
export function webhookFields(definitions: readonly ClaimDefinition[] = allClaims()): string[] {
  return [...COMMON_WEBHOOK_FIELDS, ...webhookExtraFieldNames(definitions), ...ATTRIBUTION_FIELDS];
}

function envelope(ids: Identifiers) {
  return { company_id: ids.companyId, publisher_id: ids.publisherId, campaign_id: ids.campaignId, auth_token: ids.authToken };
}

/**
 * The spec's webhook payload (section 3) for a stored lead: the common fields, then the fields its
 * claim's definition adds (computed from the stored answers), then the lead's attribution.
 */
export function webhookPayload(lead: Lead, ids: Identifiers): Record<string, unknown> {
  const formData = JSON.parse(lead.form_data) as Record<string, unknown>;
  const attribution = lead.attribution ? (JSON.parse(lead.attribution) as Record<string, unknown>) : {};
  return {
    ...envelope(ids),
    em: lead.em,
    fn: lead.fn,
    ln: lead.ln,
    ph: lead.ph,
    st: lead.st,
    ...Object.fromEntries(CQ_FIELDS.map((cq) => [cq, lead[cq]])),
    tcpa: lead.tcpa === 1,
    tf: formData.certificateUrl ?? null,
    ua: lead.user_agent,
    ip: lead.user_ip,
    test: "false",
    timestamp: lead.created_at,
    eligibilityResult: lead.is_eligible === 1,
    leadId: lead.id,
    case_type: lead.case_type,
    // The language of the form the lead came from, 'en' or 'es' (docs/decisions/058).
    language: lead.language,
    ...webhookExtraFields(claimByCaseType(lead.case_type), formData),
    ...attribution,
  };
}

/** 'Send Test Data': fixed sample values, flagged as a test (spec sections 7 and 9). */
export function testWebhookPayload(ids: Identifiers, now = new Date()): Record<string, unknown> {
  return {
    ...envelope(ids),
    em: "test@example.com",
    fn: "Test",
    ln: "Lead",
    ph: "5555550100",
    st: "CA",
    cq1: "No",
    cq2: "Yes",
    cq3: "Yes",
    cq4: now.toISOString().slice(0, 10),
    cq5: "No",
    cq6: "No",
    cq7: "Yes",
    cq8: "No",
    cq9: "Defendant Insurance Coverage",
    cq10: "No",
    tcpa: true,
    tf: null,
    ua: "Admin test",
    ip: "192.168.1.100",
    test: "true",
    timestamp: now.toISOString(),
    accidentDate: now.toISOString().slice(0, 10),
    insuranceCoverage: "Defendant Insurance Coverage",
    treatmentWithin14Days: "Yes",
    realInjuries: "Yes",
    noTreatmentLapse: "No",
    eligibilityResult: true,
    leadId: "test",
    case_type: "MVA",
    language: "en",
  };
}
