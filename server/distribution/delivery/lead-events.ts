import type { LeadEventType, RevocationMethod } from "../../db/schema";

/**
 * Every event payload sent about a lead, in the Standard Webhooks shape ({ type, timestamp, data }).
 * Events carry no personal data: a receiver finds the lead by its id and certificate id.
 */
export interface ConsentRevokedFacts {
  leadId: string;
  certificateId: string | null;
  revokedAt: string;
  method: RevocationMethod;
}

export const CONSENT_REVOKED: LeadEventType = "lead.consent_revoked";

export function consentRevokedPayload(facts: ConsentRevokedFacts, now: Date) {
  return {
    type: CONSENT_REVOKED,
    timestamp: now.toISOString(),
    data: { leadId: facts.leadId, certificateId: facts.certificateId, revokedAt: facts.revokedAt, method: facts.method },
  };
}
