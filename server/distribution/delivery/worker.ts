import type { Selectable, Kysely } from "kysely";
import { claimByCaseType } from "#claims/registry";
import { buyerById, openBuyerCredentials } from "../buyers/buyer-store";
import { sendToBuyer } from "../buyers/buyer-sender";
import { noteBuyerAttempt } from "../buyers/buyer-health";
import type { Database, DeliveryStatus, LeadsTable } from "../../db/schema";
import { holdAuction, settleAuction } from "../routing/auction-routing";
import { runLeadChecks, settleLeadChecks } from "../checks/lead-checks";
import { settleBuyerDelivery } from "../routing/lead-routing";
import { formatCents } from "../../money";
import type { SecretBox } from "../../secrets/secret-box";
import type { Config } from "../../config";
import { type Db, isPostgres } from "../../db/database";
import type { Logger } from "../../logger";
import type { Settings } from "../../settings/settings";
import {
  queueConsentRevokedEvents,
  reachedReceiver,
} from "./revoke-leads";
import { sendLeadEvent } from "./event-sender";
import { notSent, type AttemptResult } from "./http-send";
import { createOutbox, type Delivery, type SettleAttempt } from "./outbox";
import { partnerRequest, sendToPartner } from "./partner-sender";
import { webhookPayload } from "./webhook-payload";
import { sendSignedWebhook } from "./webhook-sender";

export interface WorkerDeps {
  db: Db;
  /** Opens buyers' credentials; null without SECRETS_KEY. */
  secretBox?: Pick<SecretBox, "open"> | null;
  config: Pick<Config, "webhook" | "partners" | "delivery">;
  settings: Settings;
  logger: Logger;
  now?: () => Date;
  /** Told of every attempt recorded (the metrics count them). */
  onAttempt?: (delivery: Delivery, status: string) => void;
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;

/** What a claimed delivery of a revoked lead records instead of being sent: final, never retried. */
const revokedLead: AttemptResult = {
  ...notSent("Consent revoked: not sent"),
  retryable: false,
};

/** Sends due outbox rows one at a time; any number of these may run against one database. */
export function createDeliveryWorker({
  db,
  secretBox = null,
  config,
  settings,
  logger,
  now = () => new Date(),
  onAttempt,
}: WorkerDeps) {
  const outbox = createOutbox(db, now);
  const { timeoutMs, pollMs, retryScheduleMs } = config.delivery;
  // A claim outlives the request's timeout, so a live worker never loses its row to another.
  const lockMs = 2 * timeoutMs + 5_000;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopping = false;
  // Every run in progress (scheduled or called directly), so stop() can wait for what is being sent.
  const inFlight = new Set<Promise<unknown>>();

  async function send(delivery: Delivery): Promise<AttemptResult> {
    if (delivery.target === "event") {
      return sendLeadEvent(
        { db, settings, secretBox, partners: config.partners, timeoutMs },
        delivery,
        now(),
      );
    }
    const lead = await db
      .selectFrom("leads")
      .selectAll()
      .where("id", "=", delivery.lead_id)
      .executeTakeFirstOrThrow();
    // Checked at send time, after the claim: a row claimed just before the revocation is not sent either.
    if (lead.revoked_at) return revokedLead;
    if (delivery.target === "buyer") return sendToBuyerOf(delivery, lead);
    if (delivery.target === "auction" || delivery.target === "checks")
      throw new Error(`A lead's ${delivery.target} are run, not sent.`);
    if (delivery.target !== "webhook") {
      const target = delivery.target;
      const mapping = claimByCaseType(lead.case_type)?.partners?.find(
        (p) => p.partner === target,
      );
      // A claim that no longer names this partner: nothing to send, and retrying will not change that.
      if (!mapping)
        return {
          ...notSent(`${lead.case_type} leads have no ${target} mapping`),
          retryable: false,
        };
      return sendToPartner(
        config.partners[target],
        partnerRequest(lead, mapping),
        timeoutMs,
      );
    }
    const { url } = await settings.webhook();
    if (!url) return notSent("Webhook not configured");
    return sendSignedWebhook({
      url,
      secret: await settings.webhookSecret(),
      messageId: delivery.id,
      payload: webhookPayload(lead, config.webhook),
      timeoutMs,
      now: now(),
    });
  }

  /**
   * In the transaction that records an attempt that reached its receiver (a yes or not): if the lead's
   * consent was revoked while it was being sent, its destination is told like the others. On PostgreSQL the lead row is
   * locked first, so either the revocation sees this delivery as delivered or this sees the revocation.
   */
  async function tellIfRevoked(
    trx: Kysely<Database>,
    delivery: Delivery,
    at: Date,
  ) {
    const lead = await trx
      .selectFrom("leads")
      .select("revoked_at")
      .where("id", "=", delivery.lead_id)
      .$if(isPostgres(trx), (qb) => qb.forUpdate())
      .executeTakeFirst();
    if (lead?.revoked_at) await queueConsentRevokedEvents(trx, [delivery], at);
  }

  async function sendToBuyerOf(
    delivery: Delivery,
    lead: Selectable<LeadsTable>,
  ): Promise<AttemptResult> {
    const buyer = delivery.buyer_id
      ? await buyerById(db, delivery.buyer_id)
      : undefined;
    // A buyer is never deleted, so this is a row written by hand: nothing to send it to.
    if (!buyer)
      return {
        ...notSent(`No buyer ${delivery.buyer_id ?? "(none)"}`),
        retryable: false,
      };
    let credentials: string | null;
    try {
      credentials = secretBox
        ? await openBuyerCredentials(db, secretBox, buyer.id)
        : null;
    } catch (error) {
      return notSent(
        `${buyer.name}'s credentials cannot be opened: ${(error as Error).message}`,
      );
    }
    if (!secretBox && buyer.credentialsLast4)
      return notSent(
        `${buyer.name}'s credentials need SECRETS_KEY, which is not set`,
      );
    const certificate = lead.certificate_id
      ? await db
          .selectFrom("submission_certificates")
          .select("page_url")
          .where("certificate_id", "=", lead.certificate_id)
          .executeTakeFirst()
      : undefined;
    return sendToBuyer({
      delivery: buyer.delivery,
      credentials,
      lead,
      pageUrl: certificate?.page_url ?? null,
      messageId: delivery.id,
      webhook: {
        secret: await settings.webhookSecret(),
        payload: config.webhook,
      },
      timeoutMs,
      now: now(),
    });
  }

  /** Sends everything that is due now; returns how many attempts were made. */
  function runOnce(): Promise<number> {
    const run = sendDue();
    inFlight.add(run);
    const settled = () => inFlight.delete(run);
    run.then(settled, settled);
    return run;
  }

  /**
   * Ends the buyer deliveries whose delivery deadline has passed, waiting for a retry or in flight:
   * each gives back its cap slot and the lead moves on, as a rejection does.
   */
  function expireOverdue(): Promise<number> {
    return outbox.expireOverdue((trx, delivery, at) =>
      settleLeadDelivery(trx, delivery, "failed", at),
    );
  }

  async function sendDue(): Promise<number> {
    if (!stopping) await expireOverdue();
    let attempts = 0;
    while (!stopping) {
      const delivery = await outbox.claimNext(lockMs);
      if (!delivery) return attempts;
      attempts++;
      await sendClaimed(delivery);
    }
    return attempts;
  }

  /**
   * A step the worker runs on the lead itself rather than sending it (its auction, its checks before a
   * sale): the lead is read, a revoked one is not run, and the step's summary is recorded as the
   * attempt's answer; `settle` stores its outcome once, by the worker holding the claim.
   */
  async function runOnLead(
    delivery: Delivery,
    failure: string,
    step: (lead: Selectable<LeadsTable>) => Promise<{ summary: string; settle: (trx: Kysely<Database>, at: Date) => Promise<unknown> }>,
  ): Promise<{ result: AttemptResult; settle?: SettleAttempt }> {
    const started = performance.now();
    try {
      const lead = await db.selectFrom("leads").selectAll().where("id", "=", delivery.lead_id).executeTakeFirstOrThrow();
      if (lead.revoked_at) return { result: revokedLead };
      const { summary, settle } = await step(lead);
      return {
        result: { ok: true, status: null, error: null, retryable: false, durationMs: Math.round(performance.now() - started), responseBody: summary },
        settle: async (trx, ended, at) => {
          if (ended === "delivered") await settle(trx, at);
        },
      };
    } catch (error) {
      return { result: notSent(`${failure}: ${(error as Error).message}`) };
    }
  }

  /** Runs a lead's auction; its bids are stored, and the best offered the lead, as the run is recorded. */
  const auctionOf = (delivery: Delivery) =>
    runOnLead(delivery, "Auction failed", async (lead) => {
      const auction = await holdAuction(db, lead, { secretBox, timeoutMs: config.delivery.auctionTimeoutMs, now: now() });
      const best = auction.bids[0];
      return {
        summary: `${auction.outcomes.length} pinged, ${auction.bids.length} bid${auction.bids.length === 1 ? "" : "s"}${best ? `, best ${formatCents(best.amountCents)} from ${best.buyerName}` : ""}`,
        settle: (trx, at) => settleAuction(trx, lead, auction, at),
      };
    });

  /** Runs a lead's checks before a sale (docs/decisions/048); their results are stored, and the lead routed or held, as the run is recorded. */
  const checksOf = (delivery: Delivery) =>
    runOnLead(delivery, "Checks failed", async (lead) => {
      const runs = await runLeadChecks(db, lead, { secretBox, now: now() });
      const count = (outcome: string) => runs.filter((run) => run.outcome === outcome).length;
      return {
        summary: `${runs.length} checks: ${count("pass")} passed, ${count("block")} blocked, ${count("unavailable")} unavailable`,
        settle: (trx, at) => settleLeadChecks(trx, lead.id, runs, at),
      };
    });

  async function sendClaimed(delivery: Delivery) {
    const { result, settle } =
      delivery.target === "auction"
        ? await auctionOf(delivery)
        : delivery.target === "checks"
          ? await checksOf(delivery)
          : {
              result: await send(delivery),
              // Every delivery to a buyer, system buyers' webhook and partner rows too; not the rows queued
              // before those were buyers (no buyer_id).
              settle:
                delivery.target === "event"
                  ? undefined
                  : (((trx, ended, at) =>
                      settleLeadDelivery(
                        trx,
                        delivery,
                        ended,
                        at,
                      )) satisfies SettleAttempt),
            };
    const leadDelivery =
      delivery.target !== "event" &&
      delivery.target !== "auction" &&
      delivery.target !== "checks" &&
      result !== revokedLead;
    // Whatever the claim's state: a buyer's failures in a row pause it (an attempt not made says nothing
    // of the buyer), and a receiver that saw the lead after its consent was revoked is told.
    const afterAttempt = leadDelivery
      ? async (trx: Kysely<Database>, at: Date) => {
          if (delivery.buyer_id)
            await noteBuyerAttempt(trx, delivery.buyer_id, result, at);
          if (reachedReceiver(result)) await tellIfRevoked(trx, delivery, at);
        }
      : undefined;
    const status = await outbox.recordAttempt(
      delivery,
      result,
      retryScheduleMs,
      settle,
      afterAttempt,
    );
    onAttempt?.(delivery, status);
    logger.info(
      {
        deliveryId: delivery.id,
        leadId: delivery.lead_id,
        target: delivery.target,
        attempt: delivery.attempts,
        status,
        httpStatus: result.status,
        error: result.error,
      },
      "delivery attempt",
    );
    return { status, result };
  }

  /**
   * Sends one due delivery now, in this process (an operator's re-send), and answers how it went; null
   * when a worker has already claimed it, which then sends it instead.
   */
  function sendNow(deliveryId: string) {
    const run = outbox
      .claimById(deliveryId, lockMs)
      .then((delivery) => (delivery ? sendClaimed(delivery) : null));
    inFlight.add(run);
    const settled = () => inFlight.delete(run);
    run.then(settled, settled);
    return run;
  }

  function schedule() {
    if (!running) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) =>
          logger.error({ err: error }, "delivery worker error"),
        )
        .finally(schedule);
    }, pollMs);
  }

  return {
    runOnce,
    sendNow,
    expireOverdue,
    start() {
      if (running) return;
      running = true;
      stopping = false;
      schedule();
    },
    /** Stops claiming new rows and waits until the attempt being sent, if any, is recorded. */
    async stop() {
      running = false;
      stopping = true;
      clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}

/**
 * What the end of a lead delivery's attempt changes, in the transaction that records it: a buyer's
 * answer settles (a sale in the ledger, or the cascade), and a delivery that took the lead while its
 * consent was being revoked is told like the others. On PostgreSQL the lead row is locked first, so
 * either the revocation sees this delivery as delivered or this sees the revocation; and first, before
 * the routing lock a sale or a cascade takes, in the order marking a lead as spam takes them.
 */
export async function settleLeadDelivery(
  trx: Kysely<Database>,
  delivery: Delivery,
  ended: DeliveryStatus,
  at: Date,
): Promise<void> {
  const lead = await trx
    .selectFrom("leads")
    .select("revoked_at")
    .where("id", "=", delivery.lead_id)
    .$if(isPostgres(trx), (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (delivery.buyer_id) await settleBuyerDelivery(trx, delivery, ended, at);
  if (ended === "delivered" && lead?.revoked_at)
    await queueConsentRevokedEvents(trx, [delivery], at);
}
