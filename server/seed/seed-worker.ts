// A seed thread (see seed-threads.ts): writes its share of the plan's batches on a connection of its own.
import { parentPort, workerData } from "node:worker_threads";
import { openBulkWriter } from "./open-bulk-writer";
import { sharedTurns, type WorkerInput, type WorkerMessage } from "./seed-threads";
import { writeBatches } from "./write-batches";

const input = workerData as WorkerInput;
const turns = sharedTurns(new Int32Array(input.state));
const writer = await openBulkWriter(input.plan.database);
try {
  await writeBatches(
    input.plan,
    writer,
    { first: input.first, step: input.step },
    {
      turns: input.takeTurns ? turns : undefined,
      onBatch: (totals) => parentPort!.postMessage({ type: "batch", totals } satisfies WorkerMessage),
      shouldStop: turns.stopping,
    },
  );
} finally {
  await writer.close();
}
