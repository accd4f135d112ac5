import { productionClaims } from "#claims/registry";
import type { BulkWriter } from "./bulk-writer";
import { createLeadFactory } from "./lead-factory";
import { createRandom } from "./random";
import { batchCount, batchSeed, type SeedPlan } from "./seed-plan";
import { submissionTimes } from "./submission-times";
import { emptyBatch, rowValues } from "./tables";

const DAY_MS = 86_400_000;

export interface BatchTotals {
  leads: number;
  certificates: number;
  deliveries: number;
  attempts: number;
  sales: number;
}

/** Lets batches commit in order when several threads write one SQLite file (see seed-threads.ts). */
export interface BatchTurns {
  /** Waits until `batch` may be written; false when the seed is stopping. */
  wait(batch: number): boolean;
  done(batch: number): void;
}

/**
 * Makes and writes batches `first`, `first + step`, ... of the plan. A batch's leads are the same
 * whichever thread makes it: the shared set-up (answer sets, outages, the submission times) comes
 * from the seed, and each batch draws from a generator of its own.
 */
export async function writeBatches(
  plan: SeedPlan,
  writer: BulkWriter,
  share: { first: number; step: number },
  hooks: { turns?: BatchTurns; onBatch: (totals: BatchTotals) => void; shouldStop: () => boolean },
) {
  const setup = createRandom(plan.seed);
  const seededLead = createLeadFactory(setup, {
    claims: productionClaims,
    siteUrl: plan.siteUrl,
    site: plan.site,
    fromMs: plan.nowMs - plan.days * DAY_MS,
    nowMs: plan.nowMs,
    retryScheduleMs: plan.retryScheduleMs,
    timeoutMs: plan.timeoutMs,
  });
  const times = submissionTimes(setup, plan.leads, plan.days, plan.nowMs);

  for (let batch = share.first; batch < batchCount(plan); batch += share.step) {
    if (hooks.shouldStop()) return;
    const random = createRandom(batchSeed(plan.seed, batch));
    const rows = emptyBatch();
    const end = Math.min(plan.leads, (batch + 1) * plan.batchSize);
    for (let i = batch * plan.batchSize; i < end; i++) {
      const { lead, certificate, deliveries, attempts, sales } = seededLead(random, new Date(times[i]!));
      rows.leads.push(rowValues("leads", sales?.buyerStatus ? { ...lead, buyer_status: sales.buyerStatus } : lead));
      if (certificate) rows.submission_certificates.push(rowValues("submission_certificates", { ...certificate, verification_count: 0, purged_at: null }));
      for (const delivery of deliveries) rows.deliveries.push(rowValues("deliveries", delivery));
      for (const attempt of attempts) rows.delivery_attempts.push(rowValues("delivery_attempts", attempt));
      for (const entry of sales?.ledger ?? []) rows.ledger_entries.push(rowValues("ledger_entries", { ...entry }));
      for (const request of sales?.returns ?? []) rows.lead_returns.push(rowValues("lead_returns", { ...request }));
      for (const decision of sales?.decisions ?? []) rows.return_decisions.push(rowValues("return_decisions", { ...decision }));
    }
    if (hooks.turns && !hooks.turns.wait(batch)) return;
    try {
      await writer.write(rows);
    } finally {
      hooks.turns?.done(batch);
    }
    hooks.onBatch({
      leads: rows.leads.length,
      certificates: rows.submission_certificates.length,
      deliveries: rows.deliveries.length,
      attempts: rows.delivery_attempts.length,
      sales: rows.ledger_entries.filter((entry) => entry[2] === "sale").length,
    });
  }
}
