import type { SiteIdentity } from "#claims/engine/types";
import type { DatabaseTarget } from "../config";

/** Everything a thread needs to make and write its share of the batches; plain data, so it crosses threads. */
export interface SeedPlan {
  database: DatabaseTarget;
  leads: number;
  days: number;
  seed: number;
  batchSize: number;
  nowMs: number;
  siteUrl: string;
  site: SiteIdentity;
  retryScheduleMs: readonly number[];
  timeoutMs: number;
}

export const batchCount = (plan: SeedPlan) => Math.ceil(plan.leads / plan.batchSize);

/** Each batch draws from a generator of its own, so the leads do not depend on which thread made them. */
export function batchSeed(seed: number, batch: number): number {
  return (seed ^ Math.imul(batch + 1, 0x9e3779b9)) >>> 0;
}
