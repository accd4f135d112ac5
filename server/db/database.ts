import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from "kysely";
import type { DatabaseTarget } from "../config";
import { migrations } from "./migrations";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

export async function openDatabase(target: DatabaseTarget): Promise<Db> {
  if (target.engine === "postgres") {
    // Loaded only here, so a SQLite site never loads the PostgreSQL driver.
    const { default: pg } = await import("pg");
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.url, max: 10 }) }) });
  }
  fs.mkdirSync(path.dirname(target.file), { recursive: true });
  const sqlite = new SQLite(target.file);
  sqlite.pragma("journal_mode = WAL");
  // FULL: a lead we confirmed to a visitor must survive a power cut, not only a crash.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
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
