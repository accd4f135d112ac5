import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";

/** A limit: at most `limit` requests of one subject per window of `windowMs`. */
export interface RateLimit {
  /** The limit and its subject, e.g. 'match:minute:<buyer id>'. */
  name: string;
  limit: number;
  windowMs: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes one request from the limit's current window, in one INSERT ... ON CONFLICT DO UPDATE ... WHERE
 * under the limit (as the buyer caps count, server/distribution/routing/cap-reservation.ts): PostgreSQL evaluates the
 * WHERE against the committed row after waiting on a concurrent one, and SQLite has one writer, so no
 * interleaving of instances counts past it. Refused: the seconds until the window ends.
 */
export async function takeRateSlot(db: Kysely<Database>, rate: RateLimit, at = new Date()): Promise<RateDecision> {
  const start = Math.floor(at.getTime() / rate.windowMs) * rate.windowMs;
  const end = start + rate.windowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((end - at.getTime()) / 1000));
  if (rate.limit < 1) return { allowed: false, retryAfterSeconds };
  const counted = await db
    .insertInto("rate_counters")
    .values({ name: rate.name, window_start: new Date(start).toISOString(), count: 1, expires_at: new Date(end).toISOString() })
    .onConflict((conflict) => conflict.columns(["name", "window_start"]).doUpdateSet({ count: sql`rate_counters.count + 1` }).where("rate_counters.count", "<", rate.limit))
    .returning("count")
    .executeTakeFirst();
  if (!counted) return { allowed: false, retryAfterSeconds };
  // A window's first request clears the windows that ended, so the table holds the live ones only.
  if (Number(counted.count) === 1) await db.deleteFrom("rate_counters").where("expires_at", "<", at.toISOString()).execute();
  return { allowed: true };
}

/** Takes a slot from each limit in turn; the first refusal answers (earlier limits keep the request counted). */
export async function takeRateSlots(db: Kysely<Database>, rates: readonly RateLimit[], at = new Date()): Promise<RateDecision> {
  for (const rate of rates) {
    const decision = await takeRateSlot(db, rate, at);
    if (!decision.allowed) return decision;
  }
  return { allowed: true };
}

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
