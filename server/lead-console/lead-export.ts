import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { answerText, questionNames } from "#claims/engine/answers";
import { allFields } from "#claims/engine/form-values";
import { claims } from "#claims/registry";
import type { Selectable } from "kysely";
import type { Db } from "../db/database";
import { chunkedWebStream } from "../http/chunked-stream";
import type { DeliveryTarget, LeadsTable } from "../db/schema";
import type { LeadFilter } from "./lead-filter";
import { beyond, filteredLeads, type LeadKey } from "./lead-query";

/** Rows read per query: big enough to amortise the query, small enough to keep memory flat. */
const BATCH = 1000;

const ATTRIBUTION_COLUMNS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid", "fbclid", "msclkid", "landing_page", "referrer"];

/** What the export reads of a lead: only these, as a million rows of the other columns would cost time. */
const EXPORTED = [
  "id", "created_at", "case_type", "fn", "ln", "em", "ph", "st", "outcome", "eligibility_reason",
  "is_spam", "tcpa", "certificate_id", "user_ip", "user_agent", "form_data", "attribution",
] as const satisfies readonly (keyof LeadsTable)[];

const LEAD_COLUMNS = [
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
  "tcpa_consent",
  "certificate_id",
  "ip",
  "user_agent",
];

/**
 * The filtered leads as CSV, newest first: a header, then one row per lead with its columns, its
 * answers by question name (as the visitor chose them), its attribution and each target's delivery
 * status. Read in keyset batches as the client reads, so memory stays flat at any size. Cells are
 * quoted and formula-like text is prefixed with ' (OWASP CSV injection); a BOM tells Excel it is UTF-8.
 */
export function leadsCsv(db: Db, filter: LeadFilter, options: { timeZone: string; targets: readonly DeliveryTarget[] }): ReadableStream<Uint8Array> {
  const definitions = filter.claim ? claims.filter((c) => c.caseType === filter.claim) : claims;
  const questions = questionNames(definitions);
  // Claims may ask a question of the same name with options of their own: each lead's answers are
  // read with its own claim's questions.
  // A lead fills only its own claim's answer columns: each claim's fields with their column numbers.
  const answerColumnsOf = new Map(
    definitions.map((d) => [d.caseType, allFields(d).map((field) => ({ field, column: questions.indexOf(field.name) }))]),
  );
  const header = [
    ...LEAD_COLUMNS,
    ...questions.map((name) => `answer_${name}`),
    ...ATTRIBUTION_COLUMNS,
    ...options.targets.map((target) => `delivery_${target}`),
  ];
  const local = new Intl.DateTimeFormat("sv-SE", { timeZone: options.timeZone, dateStyle: "short", timeStyle: "medium" });

  function answerCells(caseType: string, answers: Record<string, unknown>): string[] {
    const cells = new Array<string>(questions.length).fill("");
    for (const { field, column } of answerColumnsOf.get(caseType) ?? []) cells[column] = answerText(field, answers[field.name]);
    return cells;
  }

  async function* rows() {
    let after: LeadKey | null = null;
    for (;;) {
      const { query, order } = filteredLeads(db, filter, options.timeZone);
      const batch: Pick<Selectable<LeadsTable>, (typeof EXPORTED)[number]>[] = await query
        .select(EXPORTED.map((column) => `leads.${column}` as const))
        .$if(after !== null, (qb) => qb.where(beyond(order, after!, "<")))
        .orderBy(order.time, "desc")
        .orderBy(order.id, "desc")
        .limit(BATCH)
        .execute();
      if (!batch.length) return;
      const deliveries = await db
        .selectFrom("deliveries")
        .select(["lead_id", "target", "status"])
        .where("lead_id", "in", batch.map((lead) => lead.id))
        .execute();
      const statuses = new Map<string, string>();
      for (const d of deliveries) statuses.set(`${d.lead_id} ${d.target}`, d.status);

      for (const lead of batch) {
        const answers = JSON.parse(lead.form_data) as Record<string, unknown>;
        const attribution = lead.attribution ? (JSON.parse(lead.attribution) as Record<string, unknown>) : {};
        yield [
          lead.id,
          lead.created_at,
          local.format(new Date(lead.created_at)),
          lead.case_type,
          lead.fn,
          lead.ln,
          lead.em,
          lead.ph,
          lead.st,
          lead.outcome,
          lead.eligibility_reason,
          lead.is_spam ? "yes" : "no",
          lead.tcpa ? "yes" : "no",
          lead.certificate_id,
          lead.user_ip,
          lead.user_agent,
          ...answerCells(lead.case_type, answers),
          ...ATTRIBUTION_COLUMNS.map((name) => (typeof attribution[name] === "string" ? attribution[name] : "")),
          ...options.targets.map((target) => statuses.get(`${lead.id} ${target}`) ?? ""),
        ];
      }
      const last = batch[batch.length - 1]!;
      after = { createdAt: last.created_at, id: last.id };
      if (batch.length < BATCH) return;
    }
  }

  // pipeline, unlike pipe, ends the CSV with an error (the response is cut short) if reading fails.
  return chunkedWebStream(
    pipeline(
      Readable.from(rows(), { objectMode: true, highWaterMark: 64 }),
      stringify({ header: true, columns: header, bom: true, quoted_string: true, escape_formulas: true }),
      () => undefined,
    ),
  );
}
