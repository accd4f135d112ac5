import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { migrateToLatest, openDatabase } from "../../server/db/database";
import { migrations } from "../../server/db/migrations";
import { tempDir } from "../../tools/server";

/**
 * A fresh database for one test, already migrated: a SQLite file by default, or a new PostgreSQL
 * database on the server TEST_DATABASE_URL points at (DESIGN section 9). Each is a copy of a template
 * migrated once (a file copy, or CREATE DATABASE ... TEMPLATE): about 1 ms against 100-250 ms to
 * migrate from scratch. `{ empty: true }` gives a database with no tables at all.
 * On PostgreSQL the name carries the run's tag (TEST_DATABASE_RUN, set by
 * tests/support/postgres-global-setup.ts), and every database is dropped again: after its test file
 * by tests/support/postgres-setup.ts, and at the end of the run by the global setup (for a file that
 * crashed; the run's templates too).
 */
export async function testDatabaseUrl(prefix: string, { empty = false } = {}): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const file = path.join(tempDir(prefix), "app.db");
    if (!empty) fs.copyFileSync(await sqliteTemplate(), file);
    return `file:${file}`;
  }
  const name = `${testDatabasePrefix()}${prefix.replace(/\W/g, "_").slice(0, 24)}_${randomUUID().slice(0, 8)}`.toLowerCase();
  const template = empty ? null : await postgresTemplate(base);
  await withAdminClient(base, (admin) => admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`));
  created.push(name);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Every name this run gives a test database starts with this. */
export function testDatabasePrefix(run = process.env.TEST_DATABASE_RUN ?? "local"): string {
  return `t_${run}_`;
}

const created: string[] = [];

/** How many databases are dropped at once: a drop waits mostly on the disk, 1-3 s each on a busy machine. */
const PARALLEL_DROPS = 4;

/** Drops the databases this test file created (each test has closed its connections by then). */
export async function dropCreatedTestDatabases(): Promise<void> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base || !created.length) return;
  const names = created.splice(0);
  const dropper = () =>
    withAdminClient(base, async (admin) => {
      // FORCE ends connections a failed test left open (a server it could not stop, an unclosed pool).
      for (let name = names.shift(); name; name = names.shift()) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
  await Promise.all(Array.from({ length: Math.min(PARALLEL_DROPS, names.length) }, dropper));
}

/** Drops every database whose name starts with `prefix`; returns how many were test databases (not the run's templates). */
export async function dropTestDatabasesStartingWith(base: string, prefix: string): Promise<number> {
  return withAdminClient(base, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [prefix]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    return rows.filter(({ datname }) => !datname.startsWith(`${prefix}template_`)).length;
  });
}

/** Names the migrations' code, so that a changed or added migration makes a new template. */
function migrationsDigest(): string {
  const hash = createHash("sha256");
  for (const [name, migration] of Object.entries(migrations)) hash.update(`${name}\n${migration.up.toString()}\n${migration.down?.toString() ?? ""}\n`);
  return hash.digest("hex").slice(0, 16);
}

/**
 * A migrated SQLite file shared by every test of every run with the same migrations. Written under a
 * name of its own and renamed into place, so a test never copies a half-migrated template, and two
 * workers making it at once both end with a whole one.
 */
async function sqliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), "claims-test-templates", `${migrationsDigest()}.db`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}-${randomUUID().slice(0, 8)}`;
  const db = await openDatabase({ engine: "sqlite", file: draft });
  await migrateToLatest(db);
  // Back to a single file: the WAL is checkpointed and removed when the last connection closes.
  await db.destroy();
  fs.renameSync(draft, file);
  return file;
}

/**
 * A migrated PostgreSQL database this run's tests are created from. Made under an advisory lock (the
 * two workers of a project ask at once) and renamed into place when migrated, so its name stands for a
 * whole template; nothing stays connected to it, as CREATE DATABASE ... TEMPLATE requires.
 */
async function postgresTemplate(base: string): Promise<string> {
  const name = `${testDatabasePrefix()}template_${migrationsDigest()}`;
  await withAdminClient(base, async (admin) => {
    await admin.query("SELECT pg_advisory_lock(hashtext($1))", [name]);
    try {
      const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (rowCount) return;
      const draft = `${name}_draft`;
      await admin.query(`DROP DATABASE IF EXISTS "${draft}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${draft}"`);
      const url = new URL(base);
      url.pathname = `/${draft}`;
      const db = await openDatabase({ engine: "postgres", url: url.toString() });
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
      await admin.query(`ALTER DATABASE "${draft}" RENAME TO "${name}"`);
    } finally {
      await admin.query("SELECT pg_advisory_unlock(hashtext($1))", [name]);
    }
  });
  return name;
}

async function withAdminClient<T>(base: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
