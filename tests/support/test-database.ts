import { randomUUID } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { tempDir } from "./server";

/**
 * A fresh, empty database for one test: a SQLite file by default, or a new PostgreSQL database on
 * the server TEST_DATABASE_URL points at (DESIGN section 9). On PostgreSQL the name carries the run's
 * tag (TEST_DATABASE_RUN, set by tests/support/postgres-global-setup.ts), and every database is
 * dropped again: after its test file by tests/support/postgres-setup.ts, and at the end of the run
 * by the global setup (for a file that crashed).
 */
export async function testDatabaseUrl(prefix: string): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return `file:${path.join(tempDir(prefix), "app.db")}`;
  const name = `${testDatabasePrefix()}${prefix.replace(/\W/g, "_").slice(0, 24)}_${randomUUID().slice(0, 8)}`.toLowerCase();
  await withAdminClient(base, (admin) => admin.query(`CREATE DATABASE "${name}"`));
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

/** Drops the databases this test file created (each test has closed its connections by then). */
export async function dropCreatedTestDatabases(): Promise<void> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base || !created.length) return;
  const names = created.splice(0);
  await withAdminClient(base, async (admin) => {
    // FORCE ends connections a failed test left open (a server it could not stop, an unclosed pool).
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

/** Drops every database whose name starts with `prefix`; returns how many there were. */
export async function dropTestDatabasesStartingWith(base: string, prefix: string): Promise<number> {
  return withAdminClient(base, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [prefix]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    return rows.length;
  });
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
