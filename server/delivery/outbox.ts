import { randomUUID } from "node:crypto";
import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Kysely, type Selectable } from "kysely";
import type { ClaimDefinition } from "#claims/engine/types";
import { writeTransaction, type Db } from "../db/database";
import type { Database, DeliveriesTable, DeliveryStatus, DeliveryTarget } from "../db/schema";
import type { AttemptResult } from "./http-send";
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
  ) {
    const at = now();
    const atIso = at.toISOString();
    const delay = result.ok || !result.retryable ? null : retryDelayMs(delivery.attempts, retryScheduleMs);
    const status = result.ok ? "delivered" : !result.retryable ? "failed" : delay === null ? "dead" : "pending";

    await writeTransaction(db, async (trx) => {
      await trx
        .insertInto("delivery_attempts")
        .values({
          id: randomUUID(),
          delivery_id: delivery.id,
          attempted_at: atIso,
          duration_ms: result.durationMs,
          status_code: result.status,
          error: result.error,
          response_body: result.responseBody,
        })
        .execute();
      const recorded = await trx
        .updateTable("deliveries")
        .set({
          status,
          locked_until: null,
          last_status: result.status,
          last_error: result.error,
          updated_at: atIso,
          ...(delay !== null ? { next_attempt_at: new Date(at.getTime() + delay).toISOString() } : {}),
          ...(result.ok ? { delivered_at: atIso } : {}),
        })
        // Only the worker holding the claim may record it.
        .where("id", "=", delivery.id)
        .where("status", "=", "sending")
        .where("attempts", "=", delivery.attempts)
        .executeTakeFirst();
      if (recorded.numUpdatedRows > 0n && then) await then(trx, status, at);
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

  return { claimNext, claimById, recordAttempt };
}
