import type { Kysely } from "kysely";
import type { CheckOutcome, Database } from "../db/schema";

/**
 * A check before a sale as the certificate carries it (docs/decisions/048): which check, what came of
 * it, when, how long it took and what it cost. Never the provider's answer or its detail (they may hold
 * what the provider knows of the person, or a URL with the operator's key in it), nor the check's URL.
 */
export interface CertifiedCheck {
  name: string;
  outcome: CheckOutcome;
  checkedAt: string;
  /** 0 for an answer from the cache. */
  durationMs: number;
  priceCents: number;
  cached: boolean;
  /** An unavailable check's effect: "held" or "sold without it"; null otherwise. */
  policyApplied: string | null;
}

/** The checks run on the certificate's lead, by check name (lead_checks' key starts with the lead). */
export async function checksOfCertificate(db: Kysely<Database>, leadId: string): Promise<CertifiedCheck[]> {
  const rows = await db
    .selectFrom("lead_checks")
    .select(["check_name", "outcome", "checked_at", "duration_ms", "price_cents", "cached", "policy_applied"])
    .where("lead_id", "=", leadId)
    .orderBy("check_name")
    .orderBy("check_id")
    .execute();
  return rows.map((row) => ({
    name: row.check_name,
    outcome: row.outcome,
    checkedAt: row.checked_at,
    durationMs: Number(row.duration_ms),
    priceCents: Number(row.price_cents),
    cached: Number(row.cached) === 1,
    policyApplied: row.policy_applied,
  }));
}
