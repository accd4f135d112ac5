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
    "verification_count", "verified_at", "consent_text", "page_url", "submission_sha256",
  ]),
  leads: everyColumnOf<"leads">()([
    "id", "created_at", "case_type", "fn", "ln", "em", "ph", "st", "accident_date",
    "cq1", "cq2", "cq3", "cq4", "cq5", "cq6", "cq7", "cq8", "cq9", "cq10", "notes", "tcpa",
    "is_eligible", "is_not_eligible", "eligibility_reason", "source", "user_ip", "user_agent", "form_data",
    "attribution", "certificate_id", "submission_key", "submission_sha256", "is_spam", "webhook_sent",
    "webhook_sent_at", "webhook_error", "outcome", "fn_search", "ln_search", "em_search", "phone_digits",
    "utm_source", "utm_campaign",
  ]),
  deliveries: everyColumnOf<"deliveries">()([
    "id", "lead_id", "target", "status", "attempts", "next_attempt_at", "locked_until", "last_status",
    "last_error", "created_at", "updated_at", "delivered_at", "lead_created_at",
  ]),
  delivery_attempts: everyColumnOf<"delivery_attempts">()([
    "id", "delivery_id", "attempted_at", "duration_ms", "status_code", "error", "response_body",
  ]),
} as const;

export type SeededTable = keyof typeof SEEDED_TABLES;

/** One batch of rows, each table's in the order its foreign keys need (certificates before leads, and so on). */
export type SeedBatch = Record<SeededTable, Array<Record<string, unknown>>>;

export const INSERT_ORDER: readonly SeededTable[] = ["submission_certificates", "leads", "deliveries", "delivery_attempts"];
