import type { Selectable } from "kysely";
import type { Config } from "../../config";
import type { LeadsTable } from "../../db/schema";
import { attempt, type AttemptResult } from "../delivery/http-send";
import { isRetryable } from "../delivery/retry-policy";
import { webhookPayload } from "../delivery/webhook-payload";
import { signedWebhookRequest } from "../delivery/webhook-sender";
import { evaluateAcceptance } from "../routing/acceptance-rule";
import { CREDENTIALS_PLACEHOLDER, type BuyerDelivery } from "./buyer-delivery";

type Lead = Selectable<LeadsTable>;

/** What a buyer's request is made of, besides the buyer: the lead and what the server knows. */
export interface BuyerSend {
  delivery: BuyerDelivery;
  /** Opened just before sending; null when the buyer has none. */
  credentials: string | null;
  lead: Lead;
  /** The page the visitor submitted on, from the lead's certificate. */
  pageUrl: string | null;
  /** The outbox row's id: the webhook-id, the same on every retry. */
  messageId: string;
  webhook: { secret: string; payload: Config["webhook"] };
  timeoutMs: number;
  now: Date;
}

/**
 * Sends a lead to a buyer and judges the answer by the buyer's acceptance rule. A rejection (the rule
 * says so, or a final 4xx) is not retried: the buyer has answered, and routing moves the lead on. A
 * timeout, a network error, 408, 429 and 5xx are retried on the outbox's schedule.
 */
export async function sendToBuyer(send: BuyerSend): Promise<AttemptResult> {
  const { delivery, credentials } = send;
  const headers: Record<string, string> = {};
  if (delivery.credentialHeader && credentials) headers[delivery.credentialHeader] = credentials;

  let init: RequestInit;
  if (delivery.method === "webhook") {
    init = signedWebhookRequest({ ...send.webhook, payload: webhookPayload(send.lead, send.webhook.payload), messageId: send.messageId, now: send.now });
    init.headers = { ...(init.headers as Record<string, string>), ...headers };
  } else {
    const fields = mappedFields(delivery.fields, send);
    if (delivery.format === "json") {
      init = { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(fields) };
    } else {
      init = { method: "POST", headers, body: new URLSearchParams(fields) };
    }
  }

  const result = await attempt(delivery.url, init, send.timeoutMs, (text) => {
    const verdict = evaluateAcceptance(delivery.acceptance, 200, text);
    return verdict.accepted ? null : verdict.reason;
  });
  const answeredNo = result.status !== null && !result.ok && (result.status < 300 || !isRetryable(result.status));
  return answeredNo ? { ...result, retryable: false } : result;
}

/** The buyer's fields with every `{placeholder}` replaced by the lead's value. */
export function mappedFields(fields: Record<string, string>, send: Pick<BuyerSend, "lead" | "pageUrl" | "credentials">): Record<string, string> {
  const values = placeholderValues(send);
  return Object.fromEntries(
    Object.entries(fields).map(([name, template]) => [name, template.replace(/\{([^{}]*)\}/g, (_, placeholder: string) => values(placeholder))]),
  );
}

function placeholderValues({ lead, pageUrl, credentials }: Pick<BuyerSend, "lead" | "pageUrl" | "credentials">) {
  const answers = JSON.parse(lead.form_data) as Record<string, unknown>;
  const facts: Record<string, string | null> = {
    leadId: lead.id,
    caseType: lead.case_type,
    createdAt: lead.created_at,
    fn: lead.fn,
    ln: lead.ln,
    em: lead.em,
    ph: lead.ph,
    st: lead.st,
    tcpa: lead.tcpa ? "true" : "false",
    ip: lead.user_ip,
    userAgent: lead.user_agent,
    pageUrl,
    certificateUrl: typeof answers.certificateUrl === "string" ? answers.certificateUrl : null,
    [CREDENTIALS_PLACEHOLDER]: credentials,
  };
  return (placeholder: string): string => {
    if (placeholder.startsWith("answers.")) return answerValue(answers[placeholder.slice("answers.".length)]);
    return facts[placeholder] ?? "";
  };
}

/** An answer as a buyer's field takes it: its stored value, a list joined by commas. */
function answerValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(String).join(",");
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
