import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
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
    startWorker({ plan, first, step: threads, state, takeTurns: plan.database.engine === "sqlite" }),
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

/**
 * The worker runs seed-worker in this module's own flavour: the TypeScript source when the seed runs
 * under tsx or Vitest (the thread then registers tsx itself, as it does not inherit the loader).
 */
function startWorker(input: WorkerInput): Worker {
  const here = fileURLToPath(import.meta.url);
  const extension = path.extname(here);
  const entry = pathToFileURL(path.join(path.dirname(here), `seed-worker${extension}`)).href;
  if (extension !== ".ts") return new Worker(new URL(entry), { workerData: input });
  // Vitest's modules may lack import.meta.resolve; the thread then resolves from the working directory.
  const tsx = import.meta.resolve?.("tsx/esm/api") ?? "tsx/esm/api";
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(bootstrap, { eval: true, workerData: input });
}
