import { startThread } from "../threads";
import type { SqliteReadAnswer, SqliteReadRequest } from "./sqlite-read-thread";

/**
 * Runs statements on a read-only connection to `file` in a thread of its own (sqlite-read-thread.ts): a
 * copy or check of a large database takes seconds, and the process that asks (a web server with the
 * in-process worker) keeps answering meanwhile. Answers each statement's rows.
 */
export function readOnlyInThread(file: string, statements: Array<[sql: string, params?: unknown[]]>): Promise<unknown[][]> {
  return new Promise((resolve, reject) => {
    const request: SqliteReadRequest = { file, statements: statements.map(([sql, params = []]) => [sql, params]) };
    const thread = startThread(import.meta.url, "sqlite-read-thread", request);
    thread.once("message", (answer: SqliteReadAnswer) => {
      if ("results" in answer) resolve(answer.results);
      else reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
    });
    thread.once("error", reject);
    thread.once("exit", (code) => reject(new Error(`SQLite thread exited with code ${code} before answering`)));
  });
}
