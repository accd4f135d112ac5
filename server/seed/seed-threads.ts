import { startThread } from "../threads";
import type { SeedPlan } from "./seed-plan";
import type { BatchTotals, BatchTurns } from "./write-batches";

/** Shared between the threads: the next batch allowed to commit, and whether to stop. */
const NEXT_BATCH = 0;
const STOP = 1;

export function sharedTurns(state: Int32Array): BatchTurns & { stop(): void; stopping(): boolean } {
  return {
    wait(batch) {
      for (;;) {
        const next = Atomics.load(state, NEXT_BATCH);
        if (next === batch) return true;
        if (Atomics.load(state, STOP)) return false;
        Atomics.wait(state, NEXT_BATCH, next, 250);
      }
    },
    done(batch) {
      Atomics.store(state, NEXT_BATCH, batch + 1);
      Atomics.notify(state, NEXT_BATCH);
    },
    stop() {
      Atomics.store(state, STOP, 1);
      Atomics.notify(state, NEXT_BATCH);
    },
    stopping: () => Atomics.load(state, STOP) === 1,
  };
}

export interface WorkerInput {
  plan: SeedPlan;
  first: number;
  step: number;
  state: SharedArrayBuffer;
  /** SQLite has one writer at a time: its threads commit in batch order and hand the lock on. */
  takeTurns: boolean;
}

export type WorkerMessage = { type: "batch"; totals: BatchTotals };

/**
 * Makes and writes the plan's batches in `threads` worker threads, each with its own connection:
 * while one writes, the others make their next batch, so both cores are busy.
 */
export async function seedInThreads(
  plan: SeedPlan,
  threads: number,
  hooks: { onBatch: (totals: BatchTotals) => void; shouldStop: () => boolean },
): Promise<void> {
  const state = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
  const turns = sharedTurns(new Int32Array(state));
  const stopPoll = setInterval(() => hooks.shouldStop() && turns.stop(), 100);
  const workers = Array.from({ length: threads }, (_, first) =>
    startThread(import.meta.url, "seed-worker", { plan, first, step: threads, state, takeTurns: plan.database.engine === "sqlite" } satisfies WorkerInput),
  );
  try {
    const results = await Promise.allSettled(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            worker.on("message", (message: WorkerMessage) => hooks.onBatch(message.totals));
            worker.once("error", (error) => {
              // The others must not wait for this thread's batches.
              turns.stop();
              reject(error);
            });
            worker.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`A seed thread stopped with exit code ${code}`))));
          }),
      ),
    );
    const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
    if (failed) throw failed.reason;
  } finally {
    clearInterval(stopPoll);
  }
}
