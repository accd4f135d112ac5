// The thread of readOnlyInThread (sqlite-thread.ts): opens `file` read-only, runs each statement and
// answers their rows, or the error. It loads the database driver alone.
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

export interface SqliteReadRequest {
  file: string;
  statements: Array<[sql: string, params: unknown[]]>;
}

export type SqliteReadAnswer = { results: unknown[][] } | { error: { message: string; code?: string } };

const { file, statements } = workerData as SqliteReadRequest;
let db: Database.Database | undefined;
try {
  db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  const results = statements.map(([sql, params]) => {
    const statement = db!.prepare(sql);
    return statement.reader ? statement.all(...params) : (statement.run(...params), []);
  });
  parentPort!.postMessage({ results } satisfies SqliteReadAnswer);
} catch (error) {
  const { message, code } = error as Error & { code?: string };
  parentPort!.postMessage({ error: { message, code } } satisfies SqliteReadAnswer);
} finally {
  db?.close();
}
