import type { Database } from "../db/schema";

/**
 * Every column of each table the seed fills, in the order the bulk writers bind them. The type check
 * fails when a migration adds a column this list does not name, so the seed cannot silently leave it empty.
 */
function everyColumnOf<T extends keyof Database>() {
  return <const C extends readonly (keyof Database[T] & string)[]>(
    columns: C & (Exclude<keyof Database[T], C[number]> extends never ? unknown : { missing: Exclude<keyof Database[T], C[number]> }),
  ): C => columns;
}

export const SEEDED_TABLES = {
  submission_certificates: everyColumnOf<"submission_certificates">()([
    "certificate_id", "lead_id", "form_type", "submission_data", "ip_address", "user_agent", "created_at",
    "verification_count", "verified_at", "consent_text", "page_url", "submission_sha256", "purged_at",
    "consent_text_version", "consent_text_sha256", "fill_facts", "consent_kind", "supplier_evidence", "consent_content_version", "claim_version", "language",
  ]),
  leads: everyColumnOf<"leads">()([
    "id", "created_at", "case_type", "fn", "ln", "em", "ph", "st", "accident_date",
    "cq1", "cq2", "cq3", "cq4", "cq5", "cq6", "cq7", "cq8", "cq9", "cq10", "notes", "tcpa",
    "is_eligible", "is_not_eligible", "eligibility_reason", "source", "user_ip", "user_agent", "form_data",
    "attribution", "certificate_id", "submission_key", "submission_sha256", "is_spam", "webhook_sent",
    "webhook_sent_at", "webhook_error", "outcome", "fn_search", "ln_search", "em_search", "phone_digits", "phone_digits_reversed",
    "utm_source", "utm_campaign", "buyer_status", "revoked_at", "revocation_id", "phone_e164", "email_normalized", "duplicate_of", "low_quality", "held_reason",
    "supplier_id", "supplier_payout_cents", "experiment_variant", "claim_version", "language",
  ]),
  deliveries: everyColumnOf<"deliveries">()([
    "id", "lead_id", "target", "status", "attempts", "next_attempt_at", "locked_until", "last_status",
    "last_error", "created_at", "updated_at", "delivered_at", "lead_created_at", "buyer_id", "reserved_day",
    "reserved_month", "auction_id", "price_cents", "event", "about_delivery_id", "deadline_at", "expired_at", "late_accepted_at",
  ]),
  delivery_attempts: everyColumnOf<"delivery_attempts">()([
    "id", "delivery_id", "attempted_at", "duration_ms", "status_code", "error", "response_body",
  ]),
  ledger_entries: everyColumnOf<"ledger_entries">()([
    "id", "created_at", "kind", "lead_id", "buyer_id", "case_type", "lead_state", "lead_source", "amount_cents",
    "price_source", "delivery_id", "sale_id", "return_id", "actor", "note",
  ]),
  lead_returns: everyColumnOf<"lead_returns">()([
    "id", "created_at", "lead_id", "buyer_id", "sale_id", "reason", "reason_text", "channel", "actor", "over_cap",
  ]),
  return_decisions: everyColumnOf<"return_decisions">()([
    "id", "return_id", "created_at", "decision", "automatic", "actor", "note", "credit_id",
  ]),
} as const;

export type SeededTable = keyof typeof SEEDED_TABLES;

/** The order foreign keys need: a lead names its certificate, a delivery its lead, an attempt its delivery; then the ledger and its returns. */
export const INSERT_ORDER: readonly SeededTable[] = ["submission_certificates", "leads", "deliveries", "delivery_attempts", "ledger_entries", "lead_returns", "return_decisions"];

/** A row as the values of its table's columns, in SEEDED_TABLES order. */
export type RowValues = unknown[];

/** One batch of rows, by table. */
export type SeedBatch = Record<SeededTable, RowValues[]>;

export function emptyBatch(): SeedBatch {
  return { submission_certificates: [], leads: [], deliveries: [], delivery_attempts: [], ledger_entries: [], lead_returns: [], return_decisions: [] };
}

/**
 * A row object as its column values, ready to bind. Made while the batch is generated, on the threads
 * that run in parallel, rather than when it is written, the one step SQLite does not share.
 */
export function rowValues(table: SeededTable, row: Record<string, unknown>): RowValues {
  const columns = SEEDED_TABLES[table];
  const values: RowValues = new Array(columns.length);
  for (let c = 0; c < columns.length; c++) {
    const value = row[columns[c]!] ?? null;
    if (typeof value === "string") flatten(value);
    values[c] = value;
  }
  return values;
}

/**
 * Strings joined by + or a template are ropes in V8, and binding one to SQLite first copies it into
 * one piece; writing a batch spent a seventh of its time on that. Converting a string to a number
 * makes V8 flatten it in place (the trick of the flatstr package), so it happens here instead.
 */
function flatten(text: string) {
  return Number(text);
}
