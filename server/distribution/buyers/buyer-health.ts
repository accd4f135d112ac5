import { sql, type Kysely } from "kysely";
import { recordAudit, type Actor } from "../../audit/audit-log";
import type { Database } from "../../db/schema";
import type { AttemptResult } from "../delivery/http-send";
import { buyerById } from "./buyer-store";

/** Who pauses a buyer automatically, in the audit log. */
export const SYSTEM_ACTOR: Actor = { operatorId: null, email: "system", ip: null };

/** An attempt that reached no working buyer: no answer at all, or an answer that is not 2xx. */
export function isFailedAttempt(result: Pick<AttemptResult, "status">): boolean {
  return result.status === null || result.status < 200 || result.status > 299;
}

/**
 * In the transaction that records an attempt to a buyer: a 2xx answer (a yes or a no) resets the
 * buyer's failures in a row; a failure adds one, and the one that reaches the buyer's
 * `pauseAfterFailures` pauses it, saying why and when, in the audit log too. The count is one
 * conditional UPDATE, so attempts recorded by several workers at once each count once.
 */
export async function noteBuyerAttempt(trx: Kysely<Database>, buyerId: string, result: Pick<AttemptResult, "status" | "error">, at: Date): Promise<void> {
  if (!isFailedAttempt(result)) {
    await trx.updateTable("buyers").set({ consecutive_failures: 0 }).where("id", "=", buyerId).where("consecutive_failures", "!=", 0).execute();
    return;
  }
  const counted = await trx
    .updateTable("buyers")
    .set({ consecutive_failures: sql`consecutive_failures + 1` })
    .where("id", "=", buyerId)
    .returning(["consecutive_failures", "active"])
    .executeTakeFirst();
  if (!counted || counted.active !== 1) return;
  const buyer = await buyerById(trx, buyerId);
  const limit = buyer?.rules.pauseAfterFailures ?? 0;
  // The operator's own webhook copy is never paused by its failures: it is not a buyer that holds leads.
  if (!buyer || limit === 0 || buyer.system === "webhook" || Number(counted.consecutive_failures) < limit) return;
  const reason = `${Number(counted.consecutive_failures)} failed attempts in a row (last: ${result.error ?? `HTTP ${result.status}`})`;
  const paused = await trx
    .updateTable("buyers")
    .set({ active: 0, paused_reason: reason, paused_at: at.toISOString(), updated_at: at.toISOString() })
    .where("id", "=", buyerId)
    .where("active", "=", 1)
    .executeTakeFirst();
  if (!paused.numUpdatedRows) return;
  await recordAudit(
    trx,
    SYSTEM_ACTOR,
    { action: "pause-buyer", target: { type: "buyer", id: buyerId }, detail: { automatic: true, reason, before: { active: true }, after: { active: false } } },
    at,
  );
}
