import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

// better-sqlite3 stays a package outside the bundle, so the thread loads the same copy the server uses.
const driver = createRequire(import.meta.url).resolve("better-sqlite3");

// Plain CommonJS for an eval'd thread: open read-only, run each statement, answer rows or the error.
const THREAD = `
const { parentPort, workerData } = require("node:worker_threads");
const SQLite = require(workerData.driver);
let db;
try {
  db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  const results = workerData.statements.map(([sql, params]) => {
    const statement = db.prepare(sql);
    return statement.reader ? statement.all(...params) : (statement.run(...params), []);
  });
  parentPort.postMessage({ results });
} catch (error) {
  parentPort.postMessage({ error: { message: error.message, code: error.code } });
} finally {
  if (db) db.close();
}`;

/**
 * Runs statements on a read-only connection to `file` in a thread of its own: a copy or check of a large
 * database takes seconds, and the process that asks (a web server with the in-process worker) keeps
 * answering meanwhile. Answers each statement's rows.
 */
export function readOnlyInThread(file: string, statements: Array<[sql: string, params?: unknown[]]>): Promise<unknown[][]> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(THREAD, {
      eval: true,
      workerData: { driver, file, statements: statements.map(([sql, params = []]) => [sql, params]) },
    });
    thread.once("message", (answer: { results?: unknown[][]; error?: { message: string; code?: string } }) => {
      if (answer.results) resolve(answer.results);
      else reject(Object.assign(new Error(answer.error?.message ?? "SQLite thread failed"), { code: answer.error?.code }));
    });
    thread.once("error", reject);
    thread.once("exit", (code) => reject(new Error(`SQLite thread exited with code ${code} before answering`)));
  });
}
