import type { ClaimDefinition, PartnerDelivery, PartnerFieldSource, SubmittedLead } from "./types";

/** The lead's question columns, as the webhook payload names them. */
export const CQ_FIELDS = ["cq1", "cq2", "cq3", "cq4", "cq5", "cq6", "cq7", "cq8", "cq9", "cq10"] as const;

/** The fields every lead's webhook payload has, whatever its claim (server/distribution/delivery/webhook-payload.ts). */
export const COMMON_WEBHOOK_FIELDS = [
  "company_id", "publisher_id", "campaign_id", "auth_token", "em", "fn", "ln", "ph", "st", ...CQ_FIELDS, "tcpa", "tf", "ua", "ip",
  "test", "timestamp", "eligibilityResult", "leadId", "case_type", "language",
] as const;

/** The visitor's attribution, last in a payload: a claim's extra fields come before it. */
export const ATTRIBUTION_FIELDS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid", "fbclid", "msclkid", "landing_page", "referrer"];

const isApiKey = <A>(source: PartnerFieldSource<A>) => typeof source === "object" && "apiKey" in source;

/** One field's value; an API-key field has none here. */
export function partnerFieldValue<A>(source: PartnerFieldSource<A>, answers: A, lead: SubmittedLead): string {
  if (typeof source === "function") return source(answers, lead);
  if (typeof source === "string") {
    const value = lead[source];
    return value === null || value === undefined ? "" : String(value);
  }
  return "value" in source ? source.value : "";
}

/** A partner's fields for one submission, in the mapping's order, without the API key. */
export function partnerFields<A>(delivery: PartnerDelivery<A>, answers: A, lead: SubmittedLead): Record<string, string> {
  return Object.fromEntries(
    Object.entries(delivery.fields)
      .filter(([, source]) => !isApiKey(source))
      .map(([name, source]) => [name, partnerFieldValue(source, answers, lead)]),
  );
}

/** The fields that carry the partner's API key; the sender fills them from configuration. */
export function apiKeyFields<A>(delivery: PartnerDelivery<A>): string[] {
  return Object.entries(delivery.fields)
    .filter(([, source]) => isApiKey(source))
    .map(([name]) => name);
}

/** What a claim records in form_data for its partners: every partner field but the API key. */
export function recordedPartnerFields(definition: ClaimDefinition, answers: Record<string, unknown>, lead: SubmittedLead) {
  return Object.assign({}, ...(definition.partners ?? []).map((p) => partnerFields(p, answers, lead))) as Record<string, string>;
}

/** The fields a claim adds to the common webhook payload, for one lead's stored answers. */
export function webhookExtraFields(definition: ClaimDefinition | undefined, answers: Record<string, unknown>): Record<string, unknown> {
  const extras = definition?.webhook?.extraFields ?? {};
  return Object.fromEntries(Object.entries(extras).map(([name, valueFrom]) => [name, valueFrom(answers)]));
}

/** The extra webhook field names of every given claim, each once, in registry order. */
export function webhookExtraFieldNames(definitions: readonly ClaimDefinition[]): string[] {
  return [...new Set(definitions.flatMap((d) => Object.keys(d.webhook?.extraFields ?? {})))];
}
