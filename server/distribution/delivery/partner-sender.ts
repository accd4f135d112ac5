import type { Selectable } from "kysely";
import { apiKeyFields, partnerFieldValue } from "#claims/engine/deliveries";
import type { PartnerDelivery, SubmittedLead } from "#claims/engine/types";
import type { PartnerEndpoint } from "../../config";
import type { LeadsTable } from "../../db/schema";
import { attempt, notSent, type AttemptResult } from "./http-send";

type Lead = Selectable<LeadsTable>;

/** What is sent to a partner for one lead, all but the API key. */
export interface PartnerRequest {
  format: PartnerDelivery["format"];
  /** Every field in the partner's order; key fields are empty until sending. */
  fields: Record<string, string>;
  keyFields: readonly string[];
  rejection?: PartnerDelivery["rejection"];
}

/**
 * The request for a stored lead, from its claim's partner mapping: the values recorded in form_data
 * when the lead was saved, and for a field recorded before the mapping had it, the mapping's value
 * computed from the stored row (the request's page URL is not kept, so it is empty then).
 */
/** A stored lead as the partner mappings see it; the page URL is not kept on the row. */
export function submittedLeadOf(
  lead: Lead,
  pageUrl: string | null = null,
  recorded = JSON.parse(lead.form_data) as Record<string, unknown>,
): SubmittedLead {
  return {
    fn: lead.fn,
    ln: lead.ln,
    em: lead.em,
    ph: lead.ph,
    st: lead.st,
    tcpa: lead.tcpa === 1,
    ip: lead.user_ip,
    userAgent: lead.user_agent,
    pageUrl,
    certificateUrl: typeof recorded.certificateUrl === "string" ? recorded.certificateUrl : null,
  };
}

export function partnerRequest(lead: Lead, delivery: PartnerDelivery): PartnerRequest {
  const recorded = JSON.parse(lead.form_data) as Record<string, unknown>;
  const stored = submittedLeadOf(lead, null, recorded);
  const keyFields = apiKeyFields(delivery);
  const fields = Object.fromEntries(
    Object.entries(delivery.fields).map(([name, source]) => {
      if (keyFields.includes(name)) return [name, ""];
      const value = recorded[name];
      return [name, value === undefined ? partnerFieldValue(source, recorded, stored) : value === null ? "" : String(value)];
    }),
  );
  return { format: delivery.format, fields, keyFields, rejection: delivery.rejection };
}

/**
 * Posts a lead to a partner configured on the server, as a multipart form or JSON, with its API key
 * in the key fields. A 2xx answer the partner marks as a rejection is final, as any buyer's rejection
 * is (docs/decisions/021): the partner has answered, and routing moves the lead on. An answer it
 * cannot read is retried.
 */
export async function sendToPartner(endpoint: PartnerEndpoint, request: PartnerRequest, timeoutMs: number): Promise<AttemptResult> {
  if (!endpoint.apiKey) return notSent(`${endpoint.name} API key not configured`);
  if (!endpoint.url) return notSent(`${endpoint.name} URL not configured`);
  const fields = { ...request.fields };
  for (const name of request.keyFields) fields[name] = endpoint.apiKey;

  let init: RequestInit;
  if (request.format === "json") {
    init = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(fields) };
  } else {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    init = { method: "POST", body: form };
  }
  const { rejection } = request;
  let rejected = false;
  const result = await attempt(
    endpoint.url,
    init,
    timeoutMs,
    rejection &&
      ((text) => {
        const body = parseJson(text);
        if (!body || typeof body !== "object") return `Unreadable ${endpoint.name} response`;
        if (body[rejection.field] !== rejection.value) return null;
        rejected = true;
        const message = body[rejection.messageField];
        return typeof message === "string" && message ? message : `${endpoint.name} returned an error`;
      }),
  );
  return rejected ? { ...result, retryable: false } : result;
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}
