import { randomUUID } from "node:crypto";
import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Kysely, type Selectable } from "kysely";
import type { ClaimDefinition } from "#claims/engine/types";
import { isPostgres, writeTransaction, type Db } from "../../db/database";
import type { Database, DeliveriesTable, DeliveryStatus, DeliveryTarget } from "../../db/schema";
import type { AttemptResult } from "./http-send";
import { DEADLINE_PASSED, LATE_ACCEPTANCE } from "../routing/delivery-deadline";
import { retryDelayMs } from "./retry-policy";

export type Delivery = Selectable<DeliveriesTable>;

/**
 * One pending delivery per target for a lead, as intake queued them before the webhook and the
 * partners became buyers (the seed's history still does); each id is also the delivery's webhook-id.
 */
export function newDeliveries(lead: { id: string; created_at: string }, targets: readonly DeliveryTarget[], now: Date) {
  const at = now.toISOString();
  return targets.map((target) => ({
    id: randomUUID(),
    lead_id: lead.id,
    lead_created_at: lead.created_at,
    target,
    status: "pending" as const,
    next_attempt_at: at,
    created_at: at,
    updated_at: at,
  }));
}

/** The legacy targets of a claim's leads: the webhook when configured, and the claim's partners (the seed's history). */
export function targetsOf(definition: Pick<ClaimDefinition, "partners">, webhookConfigured: boolean): DeliveryTarget[] {
  return [...(webhookConfigured ? (["webhook"] as const) : []), ...(definition.partners ?? []).map((p) => p.partner)];
}

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * The condition of the partial index deliveries_deadline (migration 2026-11-27-21), word for word:
 * SQLite uses a partial index only for a query that states its condition.
 */
const EXPIRABLE = sql<SqlBool>`status in ('pending', 'sending') and deadline_at is not null`;

/** What else the end of an attempt changes, in the transaction that records it (routing's cascade). */
export type SettleAttempt = (trx: Kysely<Database>, status: DeliveryStatus, at: Date) => Promise<unknown>;

export function createOutbox(db: Db, now: () => Date = () => new Date()) {
  const due = (at: string) => (eb: ExpressionBuilder<Database, "deliveries">) =>
    eb.or([
      eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", at)]),
      eb.and([eb("status", "=", "sending"), eb("locked_until", "<", at)]),
    ]);

  /** Claims the delivery `which` picks in one UPDATE, if it is due; undefined otherwise. */
  function claim(which: (eb: ExpressionBuilder<Database, "deliveries">, at: string) => Expression<SqlBool>, lockMs: number) {
    const at = now().toISOString();
    const lockedUntil = new Date(now().getTime() + lockMs).toISOString();
    return db
      .updateTable("deliveries")
      .set({ status: "sending", locked_until: lockedUntil, attempts: sql`attempts + 1`, updated_at: at })
      .where((eb) => eb.and([which(eb, at), due(at)(eb)]))
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Claims the next due delivery, so two workers never send the same row at once. A row left 'sending'
   * by a worker that died is due again once its lock has expired.
   */
  function claimNext(lockMs: number): Promise<Delivery | undefined> {
    return claim((eb, at) => eb("id", "=", eb.selectFrom("deliveries").select("id").where(due(at)).orderBy("next_attempt_at").limit(1)), lockMs);
  }

  /** Claims one delivery if it is due (an operator's re-send); undefined if a worker has it already. */
  function claimById(id: string, lockMs: number): Promise<Delivery | undefined> {
    return claim((eb) => eb("id", "=", id), lockMs);
  }

  /**
   * Logs the attempt and moves the delivery (and, for the webhook, the lead's webhook columns) on.
   * `then` runs in the same transaction when this worker's claim recorded it (a buyer's cascade), so a
   * crash keeps both or neither.
   */
  async function recordAttempt(
    delivery: Delivery,
    result: AttemptResult,
    retryScheduleMs: readonly number[],
    then?: SettleAttempt,
    always?: (trx: Kysely<Database>, at: Date) => Promise<unknown>,
  ) {
    const at = now();
    const atIso = at.toISOString();
    // A buyer delivery answered at or after its deadline ends here: a yes is late (not a sale), a
    // failure is not retried. ISO strings of one format compare as times.
    const overdue = delivery.deadline_at !== null && atIso >= delivery.deadline_at;
    const late = overdue && result.ok;
    const delay = result.ok || !result.retryable || overdue ? null : retryDelayMs(delivery.attempts, retryScheduleMs);
    const status = overdue ? "failed" : result.ok ? "delivered" : !result.retryable ? "failed" : delay === null ? "dead" : "pending";
    const lastError = late ? LATE_ACCEPTANCE : overdue ? `${DEADLINE_PASSED}${result.error ? ` Last answer: ${result.error}` : ""}` : result.error;

    await writeTransaction(db, async (trx) => {
      await trx
        .insertInto("delivery_attempts")
        .values({
          id: randomUUID(),
          delivery_id: delivery.id,
          attempted_at: atIso,
          duration_ms: result.durationMs,
          status_code: result.status,
          error: late ? LATE_ACCEPTANCE : result.error,
          response_body: result.responseBody,
        })
        .execute();
      const recorded = await trx
        .updateTable("deliveries")
        .set({
          status,
          locked_until: null,
          last_status: result.status,
          last_error: lastError,
          updated_at: atIso,
          ...(delay !== null ? { next_attempt_at: new Date(at.getTime() + delay).toISOString() } : {}),
          ...(result.ok && !late ? { delivered_at: atIso } : {}),
          ...(overdue ? { expired_at: atIso } : {}),
          ...(late ? { late_accepted_at: atIso } : {}),
        })
        // Only the worker holding the claim may record it.
        .where("id", "=", delivery.id)
        .where("status", "=", "sending")
        .where("attempts", "=", delivery.attempts)
        .executeTakeFirst();
      if (recorded.numUpdatedRows > 0n && then) await then(trx, status, at);
      // The deadline's sweep took the row while this attempt was in flight: a yes is recorded as late.
      if (!recorded.numUpdatedRows && late) {
        await trx
          .updateTable("deliveries")
          .set({ late_accepted_at: atIso, last_status: result.status, last_error: LATE_ACCEPTANCE, updated_at: atIso })
          .where("id", "=", delivery.id)
          .where("expired_at", "is not", null)
          .where("late_accepted_at", "is", null)
          .execute();
      }
      await always?.(trx, at);
      if (delivery.target === "webhook") {
        await trx
          .updateTable("leads")
          .set(result.ok ? { webhook_sent: 1, webhook_sent_at: atIso, webhook_error: null } : { webhook_error: result.error })
          .where("id", "=", delivery.lead_id)
          .execute();
      }
    });
    return status;
  }

  /**
   * Ends buyer deliveries whose deadline has passed, whether waiting for a retry or in flight (the
   * attempt, when it ends, is still logged, and a yes is recorded as late): each becomes failed and
   * expired, in a transaction of its own with `settle` (the cascade), so a crash keeps both or neither.
   * The conditional UPDATE lets only one of several workers expire a row. Returns how many it ended.
   */
  async function expireOverdue(settle: (trx: Kysely<Database>, delivery: Delivery, at: Date) => Promise<unknown>, limit = 100): Promise<number> {
    const at = now();
    const atIso = at.toISOString();
    const overdue = await db.selectFrom("deliveries").select(["id", "lead_id"]).where(EXPIRABLE).where("deadline_at", "<=", atIso).orderBy("deadline_at").limit(limit).execute();
    let expired = 0;
    for (const { id, lead_id: leadId } of overdue) {
      const ended = await writeTransaction(db, async (trx) => {
        if (isPostgres(trx)) {
          // The lead first, as marking spam and re-routing take it; then the row, skipped while a worker
          // is recording an attempt on it (that worker then finds the deadline passed itself), so the
          // sweep never waits on a row while holding the lead.
          await trx.selectFrom("leads").select("id").where("id", "=", leadId).forUpdate().execute();
          const free = await trx.selectFrom("deliveries").select("id").where("id", "=", id).forUpdate().skipLocked().executeTakeFirst();
          if (!free) return false;
        }
        const row = await trx
          .updateTable("deliveries")
          .set({ status: "failed", expired_at: atIso, locked_until: null, last_error: DEADLINE_PASSED, updated_at: atIso })
          .where("id", "=", id)
          .where("status", "in", ["pending", "sending"])
          .where("deadline_at", "<=", atIso)
          .returningAll()
          .executeTakeFirst();
        if (row) await settle(trx, row, at);
        return Boolean(row);
      });
      if (ended) expired++;
    }
    return expired;
  }

  return { claimNext, claimById, recordAttempt, expireOverdue };
}
