import { availableParallelism } from "node:os";
import type { SiteIdentity } from "#claims/engine/types";
import type { DatabaseTarget } from "../config";
import { migrateToLatest, openDatabase } from "../db/database";
import { openBulkWriter } from "./open-bulk-writer";
import type { SeedPlan } from "./seed-plan";
import { seedInThreads } from "./seed-threads";
import { writeBatches, type BatchTotals } from "./write-batches";

export interface SeedOptions {
  database: DatabaseTarget;
  leads: number;
  /** The leads' times spread over this many days before now. */
  days: number;
  /** The same seed gives the same people, answers and history (ids are always new). */
  seed: number;
  /** Leads per transaction. */
  batchSize: number;
  siteUrl: string;
  site: SiteIdentity;
  retryScheduleMs: readonly number[];
  timeoutMs: number;
  now?: Date;
  /** Worker threads that make and write batches; 0 does it all in this thread. Default: one per core. */
  threads?: number;
  /**
   * Drop the secondary indexes and build them once at the end: faster when the seed at least doubles
   * the table ('auto'), slower when it adds a little to a large one.
   */
  rebuildIndexes?: "auto" | "always" | "never";
  onProgress?: (event: SeedProgress) => void;
  /** Asked between batches; true ends the seed early (the batches written so far stay). */
  shouldStop?: () => boolean;
}

export type SeedProgress =
  | { phase: "start"; existingLeads: number; droppedIndexes: string[] }
  | { phase: "batch"; written: number; total: number; elapsedMs: number }
  | { phase: "indexes" }
  | { phase: "analyze" };

export interface SeedResult extends BatchTotals {
  elapsedMs: number;
}

/** Migrates the database, then adds `leads` synthetic leads to it; the leads already there stay. */
export async function seedLeads(options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const db = await openDatabase(options.database);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }

  const plan: SeedPlan = {
    database: options.database,
    leads: options.leads,
    days: options.days,
    seed: options.seed,
    batchSize: options.batchSize,
    nowMs: (options.now ?? new Date()).getTime(),
    siteUrl: options.siteUrl,
    site: options.site,
    retryScheduleMs: options.retryScheduleMs,
    timeoutMs: options.timeoutMs,
  };
  const totals: BatchTotals = { leads: 0, certificates: 0, deliveries: 0, attempts: 0, sales: 0 };
  const hooks = {
    onBatch(batch: BatchTotals) {
      totals.leads += batch.leads;
      totals.certificates += batch.certificates;
      totals.deliveries += batch.deliveries;
      totals.attempts += batch.attempts;
      totals.sales += batch.sales;
      options.onProgress?.({ phase: "batch", written: totals.leads, total: options.leads, elapsedMs: performance.now() - started });
    },
    shouldStop: () => options.shouldStop?.() ?? false,
  };

  const writer = await openBulkWriter(options.database, { forIndexes: true });
  try {
    const existingLeads = await writer.countLeads();
    const mode = options.rebuildIndexes ?? "auto";
    const rebuild = mode === "always" || (mode === "auto" && options.leads >= existingLeads);
    const droppedIndexes = rebuild ? await writer.dropIndexes() : [];
    options.onProgress?.({ phase: "start", existingLeads, droppedIndexes });
    try {
      const threads = Math.min(options.threads ?? availableParallelism(), Math.ceil(options.leads / options.batchSize));
      if (threads > 0) await seedInThreads(plan, threads, hooks);
      else await writeBatches(plan, writer, { first: 0, step: 1 }, hooks);
    } finally {
      // Whatever was written stays, and is indexed, also when the seed stops early or fails.
      if (droppedIndexes.length) {
        options.onProgress?.({ phase: "indexes" });
        await writer.restoreIndexes();
      }
    }
    options.onProgress?.({ phase: "analyze" });
    await writer.analyze();
    return { ...totals, elapsedMs: performance.now() - started };
  } finally {
    await writer.close();
  }
}
