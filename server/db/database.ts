import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from "kysely";
import type { DatabaseTarget } from "../config";
import { migrations } from "./migrations";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

export async function openDatabase(target: DatabaseTarget): Promise<Db> {
  if (target.engine === "postgres") {
    // Loaded only here, so a SQLite site never loads the PostgreSQL driver.
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection that drops (a database restart) is discarded by the pool; without a listener
    // the 'error' event would end the process. Queries on a broken connection still fail and are retried.
    pool.on("error", () => {});
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  fs.mkdirSync(path.dirname(target.file), { recursive: true });
  const sqlite = new SQLite(target.file);
  sqlite.pragma("journal_mode = WAL");
  // FULL: a lead we confirmed to a visitor must survive a power cut, not only a crash.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew; compiling the SQL was a tenth of a lead's CPU.
 * A statement is reused by its text: the dialect's single connection runs one query at a time, so a
 * statement is never run again while it is still being read. Queries whose text varies (IN lists)
 * would fill the cache, so it starts over when full.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => void sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = sqlite.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * A transaction that may read and then write on what it read (check-then-insert). On PostgreSQL it is
 * an ordinary transaction: the caller serialises with an advisory lock (`lockForTransaction`). On
 * SQLite it is opened with BEGIN IMMEDIATE, which takes the write lock first, so no other connection
 * (or process) can write between the check and the write; Kysely's plain BEGIN is deferred and would
 * let two connections read the same state. Inside one process the dialect's single connection already
 * runs one transaction at a time.
 */
export async function writeTransaction<T>(db: Db, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (isPostgres(db)) return db.transaction().execute(work);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      // SQLite may already have rolled back on its own (then this throws); the first error is the one to report.
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

/**
 * Inside a `writeTransaction`: waits until no other transaction holds `key`, and holds it until this
 * one ends (PostgreSQL's pg_advisory_xact_lock on a 64-bit hash of the key). On SQLite the
 * transaction already holds the database's only write lock, so there is nothing more to take.
 */
export async function lockForTransaction(trx: Kysely<Database>, key: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}

export async function databaseStatus(db: Db): Promise<{ ok: boolean; error?: string }> {
  try {
    await sql`select 1`.execute(db);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
