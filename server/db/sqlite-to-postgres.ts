import SQLite from "better-sqlite3";
import pg from "pg";
import { migrateToLatest, openDatabase } from "./database";
import { migrations } from "./migrations";

/** Kysely's own bookkeeping: the target writes its own when it migrates. */
const MIGRATION_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);
/** Tables a migration writes rows into itself (our Do Not Call list): the copy brings the source's own. */
const SEEDED_BY_MIGRATIONS = ["suppression_lists", "content_versions"];
/** PostgreSQL takes at most 65,535 parameters in one statement. */
const MAX_PARAMETERS = 65_000;

export class MigrationRefused extends Error {}

export interface TableCount {
  table: string;
  sqlite: number;
  postgres: number;
}

export interface CopyOptions {
  /** The SQLite file to read; it is opened read-only and not changed. */
  from: string;
  /** An empty PostgreSQL database (postgres://...); its tables are created by the migrations. */
  to: string;
  /** Rows per INSERT; lowered for wide tables so a statement stays under PostgreSQL's parameter limit. */
  batchSize?: number;
  onTable?: (table: string, rows: number) => void;
}

/**
 * Copies every table of a SQLite database to an empty PostgreSQL database (docs/decisions/036): runs
 * the migrations on the target, then copies the rows of one consistent read of the source, parents
 * before children, in batches inside one transaction (a failure leaves the target's tables empty),
 * resets any sequence, and returns both row counts per table. The columns are the portable types of
 * docs/decisions/003 (text and integers; a BLOB would go to bytea), so values are passed as they are
 * read: integers as exact BigInts, text as text.
 */
export async function copySqliteToPostgres({ from, to, batchSize = 1_000, onTable }: CopyOptions): Promise<TableCount[]> {
  const source = new SQLite(from, { readonly: true, fileMustExist: true });
  const target = new pg.Client({ connectionString: to });
  await target.connect();
  try {
    const tables = tablesParentsFirst(source);
    checkSourceIsCurrent(source);
    await refuseNonEmpty(target, "before migrating");
    const db = await openDatabase({ engine: "postgres", url: to });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    await checkSameColumns(source, target, tables);

    const counts = new Map<string, number>();
    await target.query("begin");
    // One read transaction: the counts and the rows come from the same snapshot, even if a process
    // still writes to the file (it should not: stop the site first).
    source.exec("begin");
    try {
      await refuseNonEmpty(target, "after migrating", new Set(SEEDED_BY_MIGRATIONS));
      for (const table of SEEDED_BY_MIGRATIONS) await target.query(`delete from ${quoted(table)}`);
      for (const table of tables) {
        const total = Number(source.prepare(`select count(*) from ${quoted(table)}`).pluck().get());
        counts.set(table, total);
        await copyTable(source, target, table, batchSize);
        onTable?.(table, total);
      }
      await resetSequences(target);
      await target.query("commit");
    } catch (error) {
      await target.query("rollback").catch(() => undefined);
      throw error;
    } finally {
      source.exec("commit");
    }

    const result: TableCount[] = [];
    for (const table of tables) {
      const { rows } = await target.query<{ n: string }>(`select count(*) as n from ${quoted(table)}`);
      result.push({ table, sqlite: counts.get(table)!, postgres: Number(rows[0]!.n) });
    }
    return result;
  } finally {
    source.close();
    await target.end();
  }
}

async function copyTable(source: SQLite.Database, target: pg.Client, table: string, batchSize: number): Promise<void> {
  const columns = columnsOf(source, table);
  const perInsert = Math.max(1, Math.min(batchSize, Math.floor(MAX_PARAMETERS / columns.length)));
  const read = source.prepare(`select ${columns.map(quoted).join(", ")} from ${quoted(table)}`).raw(true).safeIntegers(true);
  let batch: unknown[][] = [];
  const flush = async () => {
    if (!batch.length) return;
    const rows = batch.map((row, r) => `(${row.map((_, c) => `$${r * columns.length + c + 1}`).join(", ")})`);
    await target.query(`insert into ${quoted(table)} (${columns.map(quoted).join(", ")}) values ${rows.join(", ")}`, batch.flat().map(pgValue));
    batch = [];
  };
  for (const row of read.iterate() as Iterable<unknown[]>) {
    batch.push(row);
    if (batch.length === perInsert) await flush();
  }
  await flush();
}

/** better-sqlite3's exact integers go as their digits (pg has no BigInt serialiser); the rest as read. */
function pgValue(value: unknown): unknown {
  return typeof value === "bigint" ? value.toString() : value;
}

/** The source's tables, each after the tables its foreign keys point at. */
function tablesParentsFirst(source: SQLite.Database): string[] {
  const names = (source.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all() as string[]).filter(
    (name) => !MIGRATION_TABLES.has(name),
  );
  if (!names.length) throw new MigrationRefused(`${source.name} has no tables: is it the site's database?`);
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return;
    const parents = source.pragma(`foreign_key_list(${quoted(table)})`) as { table: string }[];
    for (const { table: parent } of parents) if (parent !== table) visit(parent, [...path, table]);
    ordered.push(table);
  };
  for (const name of names) visit(name, []);
  return ordered;
}

function checkSourceIsCurrent(source: SQLite.Database): void {
  const known = Object.keys(migrations).sort();
  const hasTable = source.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
  const applied = hasTable ? (source.prepare("select name from kysely_migration order by name").pluck().all() as string[]) : [];
  const missing = known.filter((name) => !applied.includes(name));
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length) {
    throw new MigrationRefused(`The SQLite database was migrated by a newer version of the site (${unknown.join(", ")}): run this script from that version.`);
  }
  if (missing.length) {
    throw new MigrationRefused(
      `The SQLite database lacks ${missing.length} migration(s) of this version (${missing.join(", ")}): ` +
        "start this version of the site once on it (it migrates at start), stop it, then run this again.",
    );
  }
}

async function refuseNonEmpty(target: pg.Client, when: string, seeded = new Set<string>()): Promise<void> {
  const { rows } = await target.query<{ tablename: string }>("select tablename from pg_tables where schemaname = current_schema() order by tablename");
  const filled: string[] = [];
  for (const { tablename } of rows) {
    if (MIGRATION_TABLES.has(tablename) || seeded.has(tablename)) continue;
    const { rowCount } = await target.query(`select 1 from ${quoted(tablename)} limit 1`);
    if (rowCount) filled.push(tablename);
  }
  if (filled.length) {
    throw new MigrationRefused(
      `The PostgreSQL database is not empty (${when}: rows in ${filled.join(", ")}). ` +
        "Give it a new, empty database (createdb), and do not start the site on it before the copy.",
    );
  }
}

async function checkSameColumns(source: SQLite.Database, target: pg.Client, tables: string[]): Promise<void> {
  const { rows } = await target.query<{ table_name: string; column_name: string }>(
    "select table_name, column_name from information_schema.columns where table_schema = current_schema()",
  );
  for (const table of tables) {
    const theirs = rows.filter((row) => row.table_name === table).map((row) => row.column_name).sort();
    const ours = columnsOf(source, table).sort();
    if (ours.join() !== theirs.join()) {
      throw new MigrationRefused(
        `Table ${table} differs between the databases (SQLite: ${ours.join(", ") || "none"}; PostgreSQL: ${theirs.join(", ") || "missing"}).`,
      );
    }
  }
}

/** Sequences behind serial or identity columns (there are none today: ids are UUIDs) continue after the copied rows. */
async function resetSequences(target: pg.Client): Promise<void> {
  const { rows } = await target.query<{ table_name: string; column_name: string; sequence: string }>(
    `select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
       from information_schema.columns
      where table_schema = current_schema() and (column_default like 'nextval(%' or is_identity = 'YES')`,
  );
  for (const { table_name, column_name, sequence } of rows) {
    if (!sequence) continue;
    await target.query(`select setval($1, coalesce((select max(${quoted(column_name)}) from ${quoted(table_name)}), 0) + 1, false)`, [sequence]);
  }
}

function columnsOf(source: SQLite.Database, table: string): string[] {
  return (source.pragma(`table_info(${quoted(table)})`) as { name: string }[]).map((column) => column.name);
}

function quoted(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}
