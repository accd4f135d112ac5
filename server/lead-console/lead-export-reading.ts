// What a lead export reader does (lead-export.ts): runs the queries the export compiled on a read
// connection of its own and answers with batch bounds or CSV. Used by the reader threads
// (lead-export-reader.ts) and, for an export with no threads (`LEAD_EXPORT_READERS=0`), in the
// caller's thread. It loads only the database driver and the row maker: every module more costs each
// reader thread megabytes.
import type { Statement } from "better-sqlite3";
import type { DatabaseTarget } from "../config";
import { gzipPiece } from "../streams/gzip-pieces";
import type { ReaderReply, ReaderRequest } from "./lead-export";
import { boundsOfKeys, leadRows, localTimeFormatter, type ExportedLead, type RowPlan } from "./lead-export-rows";

export interface ExportReader {
  /** The reply to a request, and the buffers it may hand over without a copy. */
  answer(request: Exclude<ReaderRequest, { type: "close" }>): Promise<{ reply: ReaderReply; transfer: ArrayBuffer[] }>;
  close(): Promise<void>;
}

export async function openExportReader(database: DatabaseTarget, plan: RowPlan): Promise<ExportReader> {
  const connection = await openReadConnection(database);
  const localTime = localTimeFormatter(plan.timeZone);
  const encoder = new TextEncoder();
  return {
    async answer(request) {
      try {
        if (request.type === "bounds") {
          const keys = await connection.rows<{ t: string; k: string }>(request.query);
          const last = keys.length < request.limit;
          return { reply: { id: request.id, bounds: boundsOfKeys(keys, request.after, last), last }, transfer: [] };
        }
        // Read oldest first (lead-export.ts says why), written newest first.
        const leads = (await connection.rows<ExportedLead>(request.query)).reverse();
        const text = encoder.encode(leadRows(leads, plan, localTime));
        // Compressed here too when the client takes gzip: the main thread only writes the bytes, handed over without a copy.
        const piece = plan.gzip ? gzipPiece(text) : null;
        const bytes = piece ? new Uint8Array(piece.deflated) : text;
        return {
          reply: { id: request.id, bytes, rows: leads.length, gzip: piece && { crc: piece.crc, length: piece.length } },
          transfer: [bytes.buffer as ArrayBuffer],
        };
      } catch (error) {
        return { reply: { id: request.id, error: error instanceof Error ? error.message : String(error) }, transfer: [] };
      }
    },
    close: () => connection.close(),
  };
}

interface ReadConnection {
  rows<T>(query: { sql: string; parameters: readonly unknown[] }): Promise<T[]>;
  close(): Promise<void>;
}

/** A connection that only reads: on SQLite a read-only handle (WAL lets it read beside the writer). */
async function openReadConnection(target: DatabaseTarget): Promise<ReadConnection> {
  if (target.engine === "sqlite") {
    const { default: SQLite } = await import("better-sqlite3");
    const sqlite = new SQLite(target.file, { readonly: true, fileMustExist: true });
    sqlite.pragma("busy_timeout = 5000");
    // The export asks the same two queries with other bounds: each is prepared once.
    const statements = new Map<string, Statement>();
    return {
      rows: async <T>({ sql, parameters }: { sql: string; parameters: readonly unknown[] }) => {
        let statement = statements.get(sql);
        if (!statement) statements.set(sql, (statement = sqlite.prepare(sql)));
        return statement.all(...parameters) as T[];
      },
      close: async () => void sqlite.close(),
    };
  }
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: target.url });
  client.on("error", () => {});
  await client.connect();
  return {
    rows: async <T>({ sql, parameters }: { sql: string; parameters: readonly unknown[] }) => (await client.query({ text: sql, values: [...parameters] })).rows as T[],
    close: () => client.end(),
  };
}
