import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { Migrator } from "kysely";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { migrations } from "../../server/db/migrations";
import { recountDashboardRollups, seedEvents } from "../../server/seed/seed-events";
import { seedLeads } from "../../server/seed/seed-leads";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, startServer, tempDir, type RunningServer } from "../../tools/server";
import { testDatabaseUrl } from "../support/test-database";

// `npm run migrate-to-postgres` as an operator runs it: a site's SQLite database (made by the built
// server, then seeded) copied to a new PostgreSQL database, compared row by row, and the built server
// started on the copy. Only in the PostgreSQL project (vitest.config.ts): it needs both engines.

const run = promisify(execFile);
const SITE_URL = "https://claims.example.com";
const dbFile = path.join(tempDir("migrate-source"), "app.db");
let pgUrl: string;
let output: string;

function migrate(to: string, from = dbFile) {
  // The command docs/deploy.md gives, with an odd batch size so that batches end mid-table.
  return run("npm", ["run", "--silent", "migrate-to-postgres", "--", "--from", from, "--to", to, "--batch-size", "97"], {
    env: { ...process.env, DATABASE_URL: "" },
  });
}

async function login(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: `email=${encodeURIComponent(ADMIN_TEST_EMAIL)}&password=${encodeURIComponent(ADMIN_TEST_PASSWORD)}`,
  });
  expect(response.status).toBe(302);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

beforeAll(async () => {
  // The built server makes the database as a site has it: migrations, the owner, keys, system buyers;
  // a login and a logout add sessions and audit entries.
  const site = await startServer({}, dbFile);
  try {
    const cookie = await login(site);
    await fetch(`${site.url}/admin/logout`, { method: "POST", redirect: "manual", headers: { origin: site.url, cookie } });
  } finally {
    await site.stop();
  }
  const config = loadConfig({ DATABASE_URL: `file:${dbFile}`, NODE_ENV: "test", SITE_URL });
  const common = { database: config.database, days: 30, seed: 20261126 };
  await seedLeads({
    ...common,
    leads: 300,
    batchSize: 100,
    threads: 0,
    siteUrl: config.siteUrl,
    site: config.site,
    retryScheduleMs: config.delivery.retryScheduleMs,
    timeoutMs: config.delivery.timeoutMs,
  });
  await recountDashboardRollups(config.database, config.operatorTimeZone);
  await seedEvents({ ...common, events: 3_000 });

  pgUrl = await testDatabaseUrl("migrate_target", { empty: true });
  output = (await migrate(pgUrl)).stdout;
}, 120_000);

const sqliteTables = () =>
  new Database(dbFile, { readonly: true })
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name")
    .pluck()
    .all() as string[];

describe("npm run migrate-to-postgres", () => {
  it("copies every table and prints equal row counts for each", async () => {
    const tables = sqliteTables();
    expect(tables).toEqual(expect.arrayContaining(["leads", "submission_certificates", "deliveries", "audit_log", "operators", "funnel_events", "settings"]));
    const source = new Database(dbFile, { readonly: true });
    const target = new pg.Client({ connectionString: pgUrl });
    await target.connect();
    try {
      for (const table of tables) {
        const inSqlite = Number(source.prepare(`select count(*) from "${table}"`).pluck().get());
        const { rows } = await target.query<{ n: string }>(`select count(*) as n from "${table}"`);
        expect(Number(rows[0]!.n), table).toBe(inSqlite);
        expect(output, table).toMatch(new RegExp(`^${table}\\s+${inSqlite}\\s+${inSqlite}$`, "m"));
      }
      const count = (table: string) => Number(source.prepare(`select count(*) from "${table}"`).pluck().get());
      expect(count("leads")).toBe(300);
      expect(count("funnel_events")).toBeGreaterThan(1_000);
      expect(count("deliveries")).toBeGreaterThan(100);
      expect(count("audit_log")).toBeGreaterThan(0);
      expect(output).toContain(`All ${tables.length} tables copied, row counts equal`);
    } finally {
      source.close();
      await target.end();
    }
  });

  it("keeps every value as it was: text, JSON text, timestamps, 0/1 booleans, integers and nulls", async () => {
    const source = new Database(dbFile, { readonly: true });
    const target = new pg.Client({ connectionString: pgUrl });
    await target.connect();
    try {
      for (const table of sqliteTables()) {
        const columns = (source.pragma(`table_info("${table}")`) as { name: string }[]).map((c) => `"${c.name}"`).join(", ");
        const before = sorted(source.prepare(`select ${columns} from "${table}"`).all());
        const { rows: after } = await target.query(`select ${columns} from "${table}"`);
        expect(sorted(after), table).toEqual(before);
      }
    } finally {
      source.close();
      await target.end();
    }
  });

  it("refuses a database that is not empty, and leaves it as it was", async () => {
    const again = await migrate(pgUrl).catch((error: { code: number; stderr: string }) => error);
    expect(again).toMatchObject({ code: 1 });
    expect((again as { stderr: string }).stderr).toMatch(/The PostgreSQL database is not empty \(before migrating: rows in .*leads/);
    const target = new pg.Client({ connectionString: pgUrl });
    await target.connect();
    const { rows } = await target.query<{ n: string }>("select count(*) as n from leads");
    await target.end();
    expect(Number(rows[0]!.n)).toBe(300);
  });

  it("refuses a SQLite database this version has not migrated yet, before touching PostgreSQL", async () => {
    const oldFile = path.join(tempDir("migrate-old"), "app.db");
    const old = await openDatabase({ engine: "sqlite", file: oldFile });
    const [first] = Object.keys(migrations).sort();
    await new Migrator({ db: old, provider: { getMigrations: async () => migrations } }).migrateTo(first!);
    await old.destroy();
    const emptyUrl = await testDatabaseUrl("migrate_refused", { empty: true });
    const refused = await migrate(emptyUrl, oldFile).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain(`lacks ${Object.keys(migrations).length - 1} migration(s) of this version`);
    const target = new pg.Client({ connectionString: emptyUrl });
    await target.connect();
    const { rows } = await target.query("select tablename from pg_tables where schemaname = current_schema()");
    await target.end();
    expect(rows).toEqual([]);
  });

  it("the built server runs on the copy: /healthz says postgres, the owner logs in and a lead's page shows it", async () => {
    const server = await startServer({ DATABASE_URL: pgUrl });
    try {
      expect(await (await fetch(`${server.url}/healthz`)).json()).toMatchObject({ status: "ok", database: { engine: "postgres", ok: true } });
      const cookie = await login(server);
      const lead = new Database(dbFile, { readonly: true })
        .prepare("select id, fn, ln from leads where fn is not null and is_spam = 0 order by created_at desc limit 1")
        .get() as { id: string; fn: string; ln: string };
      const page = await fetch(`${server.url}/admin/leads/${lead.id}`, { headers: { cookie } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(lead.id);
      expect(html).toContain(lead.fn);
    } finally {
      await server.stop();
    }
  }, 60_000);
});

/** Rows in one order on both sides, whatever each engine's collation and null ordering. */
function sorted(rows: unknown[]): unknown[] {
  return rows.map((row) => [JSON.stringify(row), row] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}
