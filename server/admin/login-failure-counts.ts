import { sql } from "kysely";
import type { Db } from "../db/database";

export const LOGIN_COUNT_WINDOW_MS = 15 * 60_000;
export type LoginFailureOutcome = "wrong-password" | "throttled" | "wrong-code";
const MAX_IP_LENGTH = 64;

/** The start of the 15-minute window `at` falls in. */
export const windowStart = (at: Date) => new Date(Math.floor(at.getTime() / LOGIN_COUNT_WINDOW_MS) * LOGIN_COUNT_WINDOW_MS).toISOString();

/**
 * Anonymous failures are counted, not logged one row each (issue 25 item 4): one row per address,
 * outcome and window, whatever the number of attempts, and nothing the caller typed. An audit row
 * per failed log-in let anyone grow the append-only log with text of their choosing.
 */
export async function countLoginFailure(db: Db, ip: string, outcome: LoginFailureOutcome, at: Date): Promise<void> {
  await db
    .insertInto("login_failure_counts")
    .values({ window_start: windowStart(at), ip: ip.slice(0, MAX_IP_LENGTH), outcome, count: 1 })
    .onConflict((oc) => oc.columns(["window_start", "ip", "outcome"]).doUpdateSet({ count: sql<number>`login_failure_counts.count + 1` }))
    .execute();
}

/** Failed log-ins per window and address since `since`, newest first (for the audit page and tests). */
export async function loginFailureCounts(db: Db, since: Date) {
  return db.selectFrom("login_failure_counts").selectAll().where("window_start", ">=", windowStart(since)).orderBy("window_start", "desc").orderBy("count", "desc").execute();
}
