import { createHash } from "node:crypto";
import type { Logger } from "../logger";
import { isCountableVisit } from "./countable-request";
import type { FunnelEvents, FunnelPoint, FunnelVisit } from "./funnel-events";

export type FunnelBuffer = ReturnType<typeof createFunnelBuffer>;

/** Distinct visitors remembered per day; past it the set starts again (the database still de-duplicates). */
const SEEN_LIMIT = 100_000;

/**
 * Page views (landing views, form starts) are counted on every page request (docs/decisions/032):
 * they are queued and written together every `flushMs` (or at `maxPending`) in one transaction,
 * and a visitor already queued or written today by this process is not queued again, so a reload
 * costs no database work. The graceful shutdown calls `flush()`, which writes what is queued.
 */
export function createFunnelBuffer({ funnel, logger, flushMs = 250, maxPending = 500 }: { funnel: FunnelEvents; logger: Logger; flushMs?: number; maxPending?: number }) {
  let pending: Array<{ record: Parameters<FunnelEvents["recordAll"]>[0][number]; seenKey: string }> = [];
  let seen = { day: "", keys: new Set<string>() };
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();

  function add(claim: string, point: FunnelPoint, visit: FunnelVisit): void {
    if (!isCountableVisit(visit.userAgent, visit.prefetch ?? false)) return;
    const at = funnel.now();
    const day = funnel.dayOf(at);
    if (seen.day !== day || seen.keys.size >= SEEN_LIMIT) seen = { day, keys: new Set() };
    // The key is what the database de-duplicates on (day, claim, point, visitor), hashed so the process keeps no IP.
    const seenKey = createHash("sha256").update(`${claim}\n${JSON.stringify(point)}\n${visit.ip ?? ""}\n${visit.userAgent}`).digest("base64");
    if (seen.keys.has(seenKey)) return;
    seen.keys.add(seenKey);
    pending.push({ record: { claim, point, visit, at }, seenKey });
    if (pending.length >= maxPending) void flush();
    else timer ??= setTimeout(() => void flush(), flushMs).unref();
  }

  /** Writes what is queued; resolves once it (and any write already under way) is in the database. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = pending;
    pending = [];
    flushing = flushing.then(async () => {
      if (!batch.length) return;
      try {
        await funnel.recordAll(batch.map((item) => item.record));
      } catch (error) {
        // Served pages never wait for this; the views are lost, and their visitors may be counted on a later view.
        for (const item of batch) seen.keys.delete(item.seenKey);
        logger.warn({ err: error, events: batch.length }, "funnel events not recorded");
      }
    });
    return flushing;
  }

  return { add, flush };
}
