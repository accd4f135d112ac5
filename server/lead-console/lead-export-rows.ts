// The lead export's rows, made in its reader threads (lead-export-reader.ts): this module and what it
// imports are all a reader loads, so it stays free of Kysely, the claims' schemas and the filters.
import { answerText } from "#claims/engine/answer-text";
import type { FieldSpec } from "#claims/engine/types";
import type { Selectable } from "kysely";
import type { DeliveryTarget, LeadsTable } from "../db/schema";
import { csvRow } from "./csv-row";
import type { LeadKey } from "./lead-query";

/** Rows per batch: big enough to amortise a query and a message between threads, small enough to keep memory flat. */
export const BATCH = 500;

export const ATTRIBUTION_COLUMNS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid", "fbclid", "msclkid", "landing_page", "referrer"];

/** What the export reads of a lead: only these, as a million rows of the other columns would cost time. */
export const EXPORTED = [
  "id", "created_at", "case_type", "fn", "ln", "em", "ph", "st", "outcome", "eligibility_reason",
  "is_spam", "tcpa", "certificate_id", "user_ip", "user_agent", "form_data", "attribution", "buyer_status",
  "revoked_at", "phone_e164", "duplicate_of", "low_quality", "language",
] as const satisfies readonly (keyof LeadsTable)[];

export type ExportedLead = Pick<Selectable<LeadsTable>, (typeof EXPORTED)[number]> & Record<`delivery_${number}`, string | null> & { ledger: string | null; checks: string | null };

/** The lead's money, from its ledger entries (docs/decisions/038): whom it was sold to, for what, what is left after credits, and whether it was returned. */
export const MONEY_COLUMNS = ["buyers", "price", "revenue", "return_status"];

export const LEAD_COLUMNS = [
  "lead_id",
  "submitted_at",
  "submitted_local",
  "case_type",
  "first_name",
  "last_name",
  "email",
  "phone",
  "state",
  "outcome",
  "eligibility_reason",
  "spam",
  "duplicate_of",
  "low_quality",
  "phone_e164",
  "tcpa_consent",
  "certificate_id",
  "ip",
  "user_agent",
  "language",
];

/** What answerText needs of a question: plain data, so it crosses to a reader thread. */
export type AnswerField = Pick<FieldSpec, "name" | "kind" | "options">;

/** How a reader turns leads into rows, decided once by the export (lead-export.ts). */
export interface RowPlan {
  timeZone: string;
  targets: readonly DeliveryTarget[];
  /** Buyers' names by id. */
  buyerNames: Record<string, string>;
  /** Whether the rows go out gzipped (each batch compressed by its reader, see server/streams/gzip-pieces.ts). */
  gzip: boolean;
  /** Where each group of columns starts in a row, and how many a row has. */
  layout: { answersAt: number; attributionAt: number; deliveriesAt: number; width: number };
  /** Each claim's questions with their answer column: claims may ask a question of the same name with options of their own. */
  answerColumns: Record<string, { field: AnswerField; column: number }[]>;
}

/** One batch: the leads after `below` (exclusive) down to `through` (inclusive; null for the last). */
export interface BatchBounds {
  below: LeadKey | null;
  through: LeadKey | null;
}

/** The bounds of the batches whose keys (in export order, after `after`) are `keys`; `last` if no keys follow. */
export function boundsOfKeys(keys: { t: string; k: string }[], after: LeadKey | null, last: boolean): BatchBounds[] {
  const bounds: BatchBounds[] = [];
  let below = after;
  for (let end = BATCH - 1; end < keys.length; end += BATCH) {
    const through = { createdAt: keys[end]!.t, id: keys[end]!.k };
    bounds.push({ below, through });
    below = through;
  }
  if (last && keys.length % BATCH) bounds.push({ below, through: null });
  return bounds;
}

/** Leads as CSV rows (no header). */
export function leadRows(leads: ExportedLead[], plan: RowPlan, localTime: (utc: string) => string): string {
  const { answersAt, attributionAt, deliveriesAt, width } = plan.layout;
  // One array per row, filled in place: building rows from spreads made a third of the garbage.
  return leads
    .map((lead) => {
      const row = new Array<string | null>(width).fill("");
      row[0] = lead.id;
      row[1] = lead.created_at;
      row[2] = localTime(lead.created_at);
      row[3] = lead.case_type;
      row[4] = lead.fn;
      row[5] = lead.ln;
      row[6] = lead.em;
      row[7] = lead.ph;
      row[8] = lead.st;
      row[9] = lead.outcome;
      row[10] = lead.eligibility_reason;
      row[11] = lead.is_spam ? "yes" : "no";
      row[12] = lead.duplicate_of;
      row[13] = lead.low_quality;
      row[14] = lead.phone_e164;
      row[15] = lead.tcpa ? "yes" : "no";
      row[16] = lead.certificate_id;
      row[17] = lead.user_ip;
      row[18] = lead.user_agent;
      row[19] = lead.language;
      const answers = JSON.parse(lead.form_data) as Record<string, unknown>;
      for (const { field, column } of plan.answerColumns[lead.case_type] ?? []) row[answersAt + column] = answerText(field, answers[field.name]);
      if (lead.attribution) {
        const attribution = JSON.parse(lead.attribution) as Record<string, unknown>;
        ATTRIBUTION_COLUMNS.forEach((name, i) => {
          if (typeof attribution[name] === "string") row[attributionAt + i] = attribution[name];
        });
      }
      plan.targets.forEach((_, i) => (row[deliveriesAt + i] = lead[`delivery_${i}`] ?? ""));
      const money = width - MONEY_COLUMNS.length;
      row[money - 3] = lead.buyer_status ?? "";
      row[money - 2] = lead.revoked_at ?? "";
      row[money - 1] = lead.checks ?? "";
      if (lead.ledger) moneyCells(lead.ledger, plan.buyerNames, row, money);
      return csvRow(row);
    })
    .join("");
}

/** Fills the money columns from a lead's packed ledger entries ("kind,cents,buyer,sale,returned;..."). */
function moneyCells(packed: string, buyerNames: Record<string, string>, row: (string | null)[], at: number) {
  const buyers: string[] = [];
  const returnedSales = new Set<string>();
  let sales = 0;
  let priceCents = 0;
  let netCents = 0;
  for (const entry of packed.split(";")) {
    const [kind, cents, buyer, sale, returned] = entry.split(",");
    netCents += Number(cents);
    if (kind === "sale") {
      sales++;
      priceCents += Number(cents);
      buyers.push(buyerNames[buyer!] ?? buyer!);
    } else if (returned === "1") returnedSales.add(sale!);
  }
  row[at] = buyers.join("; ");
  row[at + 1] = dollars(priceCents);
  row[at + 2] = dollars(netCents);
  row[at + 3] = returnedSales.size === 0 ? "" : returnedSales.size >= sales ? "returned" : "partly returned";
}

/** "45.00", "-12.50": a number a spreadsheet reads, from integer cents. */
function dollars(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * "YYYY-MM-DD HH:MM:SS" on the zone's wall clock for a stored UTC time. Intl formats the first time of
 * each ten minutes (no zone changes its offset within one) and the offset it gives is reused for the
 * rest, which exports sorted by time mostly are: Intl for every row took a twentieth of the export.
 */
export function localTimeFormatter(timeZone: string) {
  const wallClock = new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short", timeStyle: "medium" });
  let bucket = "";
  let offsetMs = 0;
  return (utc: string) => {
    const at = Date.parse(utc);
    if (utc.slice(0, 15) !== bucket) {
      bucket = utc.slice(0, 15);
      const start = Date.parse(`${bucket}0:00.000Z`);
      offsetMs = Date.parse(`${wallClock.format(start).replace(" ", "T")}Z`) - start;
    }
    return new Date(at + offsetMs).toISOString().slice(0, 19).replace("T", " ");
  };
}
