// A reader thread of the lead export (lead-export.ts): answers the export's requests with
// lead-export-reading.ts, so that several batches are read at once and off the main thread.
import { parentPort, workerData } from "node:worker_threads";
import type { DatabaseTarget } from "../config";
import type { ReaderRequest } from "./lead-export";
import type { RowPlan } from "./lead-export-rows";
import { openExportReader } from "./lead-export-reading";

const { database, plan } = workerData as { database: DatabaseTarget; plan: RowPlan };
const reader = await openExportReader(database, plan);

parentPort!.on("message", (request: ReaderRequest) => {
  // Asked after the last answer it waits for (or when the download was cut short).
  if (request.type === "close") return void reader.close().finally(() => parentPort!.close());
  void reader.answer(request).then(({ reply, transfer }) => parentPort!.postMessage(reply, transfer));
});
