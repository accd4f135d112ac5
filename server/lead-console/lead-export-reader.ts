// A reader thread of the lead export (lead-export.ts): lists batch bounds and reads batches as CSV on
// a read connection of its own, so that several batches are read at once and off the main thread.
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import type { DatabaseTarget } from "../config";
import type { Database } from "../db/schema";
import { batchBounds, batchCsv, localTimeFormatter, type ExportPlan } from "./lead-export-batch";
import type { ReaderReply, ReaderRequest } from "./lead-export";

const { database, plan } = workerData as { database: DatabaseTarget; plan: ExportPlan };
const db = await openReadConnection(database);
const localTime = localTimeFormatter(plan.timeZone);
const encoder = new TextEncoder();

parentPort!.on("message", (request: ReaderRequest) => {
  // Asked after the last answer it waits for (or when the download was cut short).
  if (request.type === "close") return void db.destroy().finally(() => parentPort!.close());
  void answer(request).then(
    ({ reply, transfer }) => parentPort!.postMessage(reply, transfer),
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies ReaderReply),
  );
});

async function answer(request: Exclude<ReaderRequest, { type: "close" }>): Promise<{ reply: ReaderReply; transfer: ArrayBuffer[] }> {
  if (request.type === "bounds") {
    const { bounds, last } = await batchBounds(db, plan, request.after, request.count);
    return { reply: { id: request.id, bounds, last }, transfer: [] };
  }
  const { csv, rows } = await batchCsv(db, plan, request.bounds, localTime);
  // Encoded here and handed over without a copy: the main thread only compresses and writes it.
  const bytes = encoder.encode(csv);
  return { reply: { id: request.id, csv: bytes, rows }, transfer: [bytes.buffer as ArrayBuffer] };
}

/** A connection that only reads: on SQLite a read-only handle (WAL lets it read beside the writer). */
async function openReadConnection(target: DatabaseTarget): Promise<Kysely<Database>> {
  if (target.engine === "sqlite") {
    const sqlite = new SQLite(target.file, { readonly: true, fileMustExist: true });
    sqlite.pragma("busy_timeout = 5000");
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  }
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: target.url, max: 1 });
  pool.on("error", () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
