import type { Selectable } from "kysely";
import type { Config } from "../config";
import type { LeadsTable } from "../db/schema";
import { attempt, notSent, type AttemptResult } from "./http-send";

export const MISSING_KEY = "Legal Bridge API key not configured";

/** The partner's field names (spec section 7), read from the lead and the partner fields in its form_data. */
const FROM_FORM_DATA = [
  "Format",
  "API_Action",
  "TYPE",
  "IP_Address",
  "SRC",
  "Landing_Page",
  "Sub_ID",
  "Pub_ID",
  "Zip",
  "TCPA",
  "User_Agent",
  "Already_Represented",
  "Diagnosis",
  "Case_Notes",
  "xxTrustedFormCerturl",
] as const;

export function legalBridgeFields(lead: Selectable<LeadsTable>, config: Config["legalBridge"]): Record<string, string> {
  const formData = JSON.parse(lead.form_data) as Record<string, unknown>;
  const fields: Record<string, string> = {
    Key: config.apiKey ?? "",
    First_Name: lead.fn ?? "",
    Last_Name: lead.ln ?? "",
    Phone: lead.ph ?? "",
    Email: lead.em ?? "",
    State: lead.st ?? "",
  };
  for (const name of FROM_FORM_DATA) {
    const value = formData[name];
    fields[name] = value === undefined || value === null ? "" : String(value);
  }
  fields.IP_Address ||= lead.user_ip ?? "{ip}";
  return fields;
}

/** A multipart form POST to the lead-buying partner; an answer whose status is 'Error' is a failure. */
export async function sendToLegalBridge(
  lead: Selectable<LeadsTable>,
  config: Config["legalBridge"],
  timeoutMs: number,
): Promise<AttemptResult> {
  if (!config.apiKey) return notSent(MISSING_KEY);
  if (!config.url) return notSent("Legal Bridge URL not configured");
  const form = new FormData();
  for (const [name, value] of Object.entries(legalBridgeFields(lead, config))) form.append(name, value);
  return attempt(config.url, { method: "POST", body: form }, timeoutMs, async (response) => {
    const body = (await response.json().catch(() => null)) as { status?: string; error?: string } | null;
    if (!body) return "Unreadable partner response";
    return body.status === "Error" ? (body.error ?? "Partner returned an error") : null;
  });
}
