import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createBackups } from "../../server/backups/backups";
import { migrateToLatest, openDatabase } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { runBuiltCommand } from "../support/built-command";
import { mvaAnswers } from "#claims/mva/examples";
import { startServer, startWorker, tempDir, type RunningProcess } from "../../tools/server";
import { testDatabaseUrl } from "../support/test-database";
import { waitFor } from "../support/fake-receiver";
import { supplierHeadersFor } from "../../tools/suppliers";

// docs/decisions/034. The SQLite commands run from the test build, as `npm run backup|restore` run the
// production one; PostgreSQL is backed up with the README's pg_dump and pg_restore commands.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const running: RunningProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop("SIGKILL")));
});

function sqliteFacts(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    return {
      integrity: (db.pragma("integrity_check", { simple: true }) as string),
      ids: new Set((db.prepare("select id from leads").all() as Array<{ id: string }>).map((row) => row.id)),
    };
  } finally {
    db.close();
  }
}

describe.runIf(!onPostgres)("SQLite backups and restores", () => {
  it("a backup taken while 2,000 leads arrive restores every lead acknowledged before it began, once no server holds the database", async () => {
    const dir = tempDir("backup-load");
    const dbFile = path.join(dir, "app.db");
    const server = await startServer({ LEAD_RATE_LIMIT_PER_HOUR: "0" }, dbFile);
    running.push(server);
    const env = { DATABASE_URL: `file:${dbFile}` };

    const acknowledged: string[] = [];
    let next = 0;
    const postLeads = async () => {
      while (next < 2_000) {
        const n = next++;
        const response = await fetch(`${server.url}/api/leads/mva`, {
          method: "POST",
          headers: { ...(await supplierHeadersFor(server)), "content-type": "application/json" },
          body: JSON.stringify(mvaAnswers({ submissionKey: `load-${n}-key`, em: `load${n}@example.com` })),
        });
        expect(response.status).toBe(201);
        acknowledged.push(((await response.json()) as { leadId: string }).leadId);
      }
    };
    const load = Promise.all(Array.from({ length: 16 }, postLeads));
    await waitFor(() => acknowledged.length >= 400, "400 leads acknowledged", 60_000);
    const beforeBackup = [...acknowledged];
    const backupFile = path.join(dir, "copies", "during-load.db");
    const backup = await runBuiltCommand("backup", [backupFile], env);
    const duringBackup = acknowledged.length;
    await load;

    expect(backup.output).toMatch(/Backup written to .*during-load\.db: \d+ bytes, \d+ leads, integrity_check ok/);
    expect(backup.code).toBe(0);
    // The server kept taking leads while it ran, and the backup is recorded with what its check found.
    expect(acknowledged.length).toBe(2_000);
    expect(duringBackup).toBeGreaterThan(beforeBackup.length);
    const [record] = server.query<{ status: string; kind: string; file: string; size_bytes: number; lead_count: number }>(
      "select status, kind, file, size_bytes, lead_count from backups",
    );
    expect(record).toMatchObject({ status: "ok", kind: "manual", file: backupFile, size_bytes: fs.statSync(backupFile).size });
    expect(record!.lead_count).toBeGreaterThanOrEqual(beforeBackup.length);

    // Refused while the server runs, even when idle.
    const refused = await runBuiltCommand("restore", [backupFile], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("is in use by a running server or worker");
    expect(sqliteFacts(dbFile).ids.size).toBe(2_000);

    // A crash leaves no lock behind: after SIGKILL the restore goes ahead.
    await server.stop("SIGKILL");
    const restored = await runBuiltCommand("restore", [backupFile], env);
    expect(restored.output).toContain(`Restored ${backupFile} (${record!.lead_count} leads, integrity_check ok)`);
    expect(restored.code).toBe(0);
    const facts = sqliteFacts(dbFile);
    expect(facts.integrity).toBe("ok");
    expect(facts.ids.size).toBe(record!.lead_count);
    expect(beforeBackup.filter((id) => !facts.ids.has(id))).toEqual([]);
    // No log of the replaced database is left beside the restored one; the replaced one is kept.
    expect(fs.existsSync(`${dbFile}-wal`)).toBe(false);
    const kept = fs.readdirSync(dir).find((name) => name.startsWith("app.db.before-restore-") && !name.endsWith("-wal") && !name.endsWith("-shm"));
    expect(sqliteFacts(path.join(dir, kept!)).ids.size).toBe(2_000);

    // The restored database serves again.
    const again = await startServer({}, dbFile);
    running.push(again);
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
  }, 180_000);

  it("says what is wrong with the arguments or the database, and exits non-zero", async () => {
    const dir = tempDir("backup-args");
    const env = { DATABASE_URL: `file:${path.join(dir, "app.db")}` };
    for (const command of ["backup", "restore"] as const) {
      const none = await runBuiltCommand(command, [], env);
      expect(none.code).toBe(1);
      expect(none.output).toContain(`Usage: npm run ${command} -- <file>`);
      const postgres = await runBuiltCommand(command, [path.join(dir, "x.db")], { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/anything" });
      expect(postgres.code).toBe(1);
      expect(postgres.output).toContain("back it up with pg_dump and restore it with pg_restore");
    }
    expect((await runBuiltCommand("backup", [path.join(dir, "b.db")], env)).output).toContain("There is no database at");

    const db = await openDatabase({ engine: "sqlite", file: path.join(dir, "app.db") });
    await migrateToLatest(db);
    await db.destroy();
    fs.writeFileSync(path.join(dir, "taken.db"), "");
    const exists = await runBuiltCommand("backup", [path.join(dir, "taken.db")], env);
    expect(exists.code).toBe(1);
    expect(exists.output).toContain("already exists");

    fs.writeFileSync(path.join(dir, "garbage.db"), Buffer.alloc(8192, 7));
    const corrupt = await runBuiltCommand("restore", [path.join(dir, "garbage.db")], env);
    expect(corrupt.code).toBe(1);
    expect(corrupt.output).toContain("failed its integrity check");
    const missing = await runBuiltCommand("restore", [path.join(dir, "nothing.db")], env);
    expect(missing.output).toContain("There is no file");

    // A database of an older version (no backups table): copied and checked, not migrated, not recorded.
    const older = path.join(dir, "older.db");
    const raw = new Database(older);
    raw.exec("create table leads (id text primary key); insert into leads values ('a'), ('b')");
    raw.close();
    const unrecorded = await runBuiltCommand("backup", [path.join(dir, "older-copy.db")], { DATABASE_URL: `file:${older}` });
    expect(unrecorded.code).toBe(0);
    expect(unrecorded.output).toContain("2 leads, integrity_check ok");
    expect(unrecorded.output).toContain("Not recorded in the database");
    const tables = new Database(older, { readonly: true });
    expect(tables.prepare("select name from sqlite_master where type = 'table'").all()).toEqual([{ name: "leads" }]);
    tables.close();
  }, 60_000);

  it("scheduled backups: one worker takes each interval's copy, and the newest BACKUP_KEEP are kept", async () => {
    const dir = tempDir("backup-schedule");
    const file = path.join(dir, "app.db");
    const db = await openDatabase({ engine: "sqlite", file });
    await migrateToLatest(db);
    let now = new Date("2026-11-20T00:30:00Z");
    const logger = createLogger("silent");
    const workerA = createBackups({ db, databaseFile: file, logger, now: () => now });
    const workerB = createBackups({ db, databaseFile: file, logger, now: () => now });
    const schedule = { dir: path.join(dir, "copies"), intervalHours: 6, keep: 3 };
    try {
      for (let i = 0; i < 5; i++) {
        const [a, b] = await Promise.all([workerA.takeScheduled(schedule), workerB.takeScheduled(schedule)]);
        expect([a, b].filter(Boolean)).toHaveLength(1);
        expect((a ?? b)!).toMatchObject({ status: "ok", kind: "scheduled", leadCount: 0 });
        // Later in the same interval: nothing to do.
        now = new Date(now.getTime() + 3_600_000);
        expect(await workerA.takeScheduled(schedule)).toBeNull();
        now = new Date(now.getTime() + 5 * 3_600_000);
      }
      expect(fs.readdirSync(schedule.dir).sort()).toEqual(["backup-20261120T120000Z.db", "backup-20261120T180000Z.db", "backup-20261121T000000Z.db"]);
      const rows = await db.selectFrom("backups").select(["status", "slot"]).orderBy("slot").execute();
      expect(rows).toHaveLength(5);
      expect(rows.every((row) => row.status === "ok")).toBe(true);
    } finally {
      await db.destroy();
    }
    // Five copies, each in a thread that loads the TypeScript loader under Vitest: seconds each on a busy machine.
  }, 90_000);

  it("the worker takes a scheduled backup when BACKUP_DIR is set", async () => {
    const dir = tempDir("backup-worker");
    const backupDir = path.join(dir, "copies");
    const worker = await startWorker({ BACKUP_DIR: backupDir, BACKUP_INTERVAL_HOURS: "24", BACKUP_KEEP: "2" }, path.join(dir, "app.db"));
    running.push(worker);
    await waitFor(() => fs.existsSync(backupDir) && worker.query("select 1 from backups where status = 'ok'").length === 1, "the worker's first backup", 20_000);
    const [copy] = fs.readdirSync(backupDir);
    expect(copy).toMatch(/^backup-\d{8}T000000Z\.db$/);
    expect(sqliteFacts(path.join(backupDir, copy!)).integrity).toBe("ok");
    // Above its waits: the worker's start (up to 60 s) and its first backup (up to 20 s).
  }, 90_000);
});

describe.runIf(onPostgres)("PostgreSQL backups with the README's pg_dump and pg_restore", () => {
  it("a custom-format dump restores into another database with the same rows", async () => {
    const sourceUrl = await testDatabaseUrl("pgdump_src");
    const targetUrl = await testDatabaseUrl("pgdump_dst", { empty: true });
    const source = await openDatabase({ engine: "postgres", url: sourceUrl });
    await migrateToLatest(source);
    const server = await startServer({ DATABASE_URL: sourceUrl, LEAD_RATE_LIMIT_PER_HOUR: "0" });
    running.push(server);
    for (let n = 0; n < 25; n++) {
      const response = await fetch(`${server.url}/api/leads/mva`, {
        method: "POST",
        headers: { ...(await supplierHeadersFor(server, sourceUrl)), "content-type": "application/json" },
        body: JSON.stringify(mvaAnswers({ em: `pg${n}@example.com` })),
      });
      expect(response.status).toBe(201);
    }
    const dump = path.join(tempDir("pgdump"), "claims.dump");
    // The commands as the README shows them (README, Backups).
    execFileSync("pg_dump", ["--format=custom", "--file", dump, sourceUrl]);
    execFileSync("pg_restore", ["--no-owner", "--dbname", targetUrl, dump]);

    const target = await openDatabase({ engine: "postgres", url: targetUrl });
    try {
      for (const table of ["leads", "submission_certificates", "deliveries", "settings", "kysely_migration"] as const) {
        const count = async (db: typeof source) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);
        expect(await count(target), table).toBe(await count(source));
      }
      expect(Number((await target.selectFrom("leads").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)).toBe(25);
    } finally {
      await server.stop();
      await Promise.all([source.destroy(), target.destroy()]);
    }
  }, 60_000);
});
