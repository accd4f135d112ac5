import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { Migrator, sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { verifyAuditChain } from "../../server/audit/audit-chain";
import { AUDIT_TEXT_LIMIT, countAnonymousEvent, recordAudit } from "../../server/audit/audit-log";
import { isPostgres, migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { migrations } from "../../server/db/migrations/index";
import { testDatabaseUrl } from "../support/test-database";

// Issue 25, item 4: an audit log nobody can rewrite. REPLACE and upserts are refused on both engines; a
// SHA-256 chain catches an entry changed, removed or inserted by hand in SQL (by someone who got past the
// triggers); appends from several instances at once keep one chain; PostgreSQL runs as a role that is no
// superuser; anonymous events are counted, not stored one per request.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const opened: Db[] = [];
afterAll(async () => {
  for (const db of opened) await db.destroy();
});

async function freshDb(url?: string): Promise<{ db: Db; url: string }> {
  const target = url ?? (await testDatabaseUrl("audit-chain"));
  const db = await openDatabase(target.startsWith("postgres") ? { engine: "postgres", url: target } : { engine: "sqlite", file: target.slice("file:".length) });
  opened.push(db);
  if (!url) await migrateToLatest(db);
  return { db, url: target };
}

const actor = { operatorId: "op-1", email: "owner@example.com", ip: "203.0.113.9" };
async function writeEntries(db: Db, n: number, prefix = "entry") {
  for (let i = 0; i < n; i++) await recordAudit(db, actor, { action: "export-csv", detail: { note: `${prefix} ${i}` } });
}
const entries = (db: Db) => db.selectFrom("audit_log").selectAll().orderBy("seq").execute();

/** Runs SQL as someone with database access who got past the append-only triggers. */
async function byHand(db: Db, statement: ReturnType<typeof sql>) {
  if (isPostgres(db)) {
    await db.connection().execute(async (connection) => {
      await sql`set session_replication_role = replica`.execute(connection);
      try {
        await statement.execute(connection);
      } finally {
        await sql`set session_replication_role = origin`.execute(connection);
      }
    });
  } else {
    await sql`drop trigger if exists audit_log_no_update`.execute(db);
    await sql`drop trigger if exists audit_log_no_delete`.execute(db);
    await sql`drop trigger if exists audit_log_no_replace`.execute(db);
    await statement.execute(db);
  }
}

describe("the database refuses to rewrite an entry", () => {
  it("refuses REPLACE, an upsert that updates and one that does nothing, on an existing id", async () => {
    const { db } = await freshDb();
    await writeEntries(db, 2);
    const [first] = await entries(db);
    const id = first!.id;
    if (!isPostgres(db)) {
      await expect(
        sql`insert or replace into audit_log (id, at, action, detail, seq, hash) values (${id}, '2001-01-01T00:00:00.000Z', 'rewritten', '{}', 1, 'x')`.execute(db),
      ).rejects.toThrow(/append-only/);
      await expect(sql`replace into audit_log (id, at, action, detail) values (${id}, 'x', 'rewritten', '{}')`.execute(db)).rejects.toThrow(/append-only/);
      // A new id on an existing seq would replace the entry through the seq's unique index.
      await expect(sql`insert or replace into audit_log (id, at, action, detail, seq, hash) values (${randomUUID()}, 'x', 'rewritten', '{}', 1, 'x')`.execute(db)).rejects.toThrow(/append-only/);
    }
    await expect(
      sql`insert into audit_log (id, at, action, detail) values (${id}, 'x', 'rewritten', '{}') on conflict (id) do update set action = excluded.action`.execute(db),
    ).rejects.toThrow(/append-only/);
    if (!isPostgres(db)) {
      await expect(sql`insert into audit_log (id, at, action, detail) values (${id}, 'x', 'rewritten', '{}') on conflict do nothing`.execute(db)).rejects.toThrow(/append-only/);
    }
    expect((await entries(db)).map((e) => e.action)).toEqual(["export-csv", "export-csv"]);
    expect(await verifyAuditChain(db)).toEqual({ ok: true, entries: 2 });
  });
});

describe("the hash chain", () => {
  it("links every entry to the one before, and holds for appends inside a caller's transaction", async () => {
    const { db } = await freshDb();
    await writeEntries(db, 3);
    await db.transaction().execute(async (trx) => {
      await recordAudit(trx, actor, { action: "invite-operator" });
      await recordAudit(trx, actor, { action: "change-operator-role" });
    });
    // An append in a transaction that rolls back leaves no trace in the chain.
    await expect(
      db.transaction().execute(async (trx) => {
        await recordAudit(trx, actor, { action: "disable-operator" });
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    await writeEntries(db, 1, "after");
    const rows = await entries(db);
    expect(rows.map((r) => Number(r.seq))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows.map((r) => r.action)).not.toContain("disable-operator");
    expect(await verifyAuditChain(db)).toEqual({ ok: true, entries: 6 });
  });

  it("catches an entry changed by hand", async () => {
    const { db } = await freshDb();
    await writeEntries(db, 5);
    await byHand(db, sql`update audit_log set detail = '{"note":"nothing to see"}' where seq = 3`);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: false, seq: 3, entries: 2, problem: expect.stringMatching(/changed/) });
  });

  it("catches an entry removed by hand, in the middle or at the end", async () => {
    const { db } = await freshDb();
    await writeEntries(db, 5);
    await byHand(db, sql`delete from audit_log where seq = 5`);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: false, entries: 4, problem: expect.stringMatching(/removed/) });
    await byHand(db, sql`delete from audit_log where seq = 2`);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: false, seq: 2, entries: 1, problem: expect.stringMatching(/missing/) });
  });

  it("catches an entry inserted by hand, with or without a place in the chain", async () => {
    const { db } = await freshDb();
    await writeEntries(db, 4);
    await byHand(db, sql`insert into audit_log (id, at, action, detail) values (${randomUUID()}, '2026-01-01T00:00:00.000Z', 'login', '{}')`);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: false, problem: expect.stringMatching(/inserted/) });

    const other = await freshDb();
    await writeEntries(other.db, 4);
    // Slipped in as entry 3, moving the later ones up, with a made-up hash.
    await byHand(other.db, sql`update audit_log set seq = seq + 10 where seq >= 3`);
    await byHand(other.db, sql`update audit_log set seq = seq - 9 where seq >= 13`);
    await byHand(other.db, sql`insert into audit_log (id, at, action, detail, seq, hash) values (${randomUUID()}, '2026-01-01T00:00:00.000Z', 'login', '{}', 3, ${"f".repeat(64)})`);
    expect(await verifyAuditChain(other.db)).toMatchObject({ ok: false, seq: 3, entries: 2 });
  });

  it("npm run audit:verify reports the first entry that broke the chain", async () => {
    const { db, url } = await freshDb();
    await writeEntries(db, 3);
    const run = () =>
      // What `npm run audit:verify` runs, without npm and npx in front of it.
      promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/audit-verify.ts"], { env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" } }).then(
        (out) => ({ code: 0, ...out }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const holds = await run();
    expect(holds.stdout, holds.stderr).toMatch(/chain holds: 3 entries/);
    expect(holds.code).toBe(0);
    await byHand(db, sql`update audit_log set ip = '198.51.100.1' where seq = 2`);
    const broken = await run();
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/after 1 good entries: entry 2 does not match its hash/);
  }, 60_000);
});

describe("migration 24", () => {
  it("chains the entries written before it, oldest first, and the next append follows them", async () => {
    const target = await testDatabaseUrl("audit-chain-old", { empty: true });
    const db = await openDatabase(target.startsWith("postgres") ? { engine: "postgres", url: target } : { engine: "sqlite", file: target.slice("file:".length) });
    opened.push(db);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("2026-11-26-19-backups-and-metrics")).error).toBeUndefined();
    for (const [id, at] of [["b", "2026-11-20T10:00:00.000Z"], ["a", "2026-11-21T10:00:00.000Z"], ["c", "2026-11-20T10:00:00.000Z"]]) {
      await sql`insert into audit_log (id, at, operator_id, operator_email, ip, action, target_type, target_id, detail)
                values (${id}, ${at}, null, 'owner@example.com', null, 'login', null, null, '{}')`.execute(db);
    }
    await migrateToLatest(db);
    expect((await entries(db)).map((e) => [e.id, Number(e.seq)])).toEqual([["b", 1], ["c", 2], ["a", 3]]);
    await writeEntries(db, 1);
    expect(await verifyAuditChain(db)).toEqual({ ok: true, entries: 4 });
  });
});

describe.runIf(onPostgres)("several web instances appending at once (PostgreSQL)", () => {
  it("keeps one unbroken chain", async () => {
    const { url } = await freshDb();
    const instances = await Promise.all([1, 2, 3].map(() => freshDb(url)));
    await Promise.all(instances.map(({ db }, i) => Promise.all(Array.from({ length: 20 }, (_, n) => recordAudit(db, actor, { action: "export-csv", detail: { instance: i, n } })))));
    const finding = await verifyAuditChain(instances[0]!.db);
    expect(finding).toEqual({ ok: true, entries: 60 });
  }, 60_000);
});

describe.runIf(onPostgres)("a PostgreSQL role that is no superuser", () => {
  const role = `claims_app_${randomUUID().slice(0, 8)}`;
  const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  afterAll(async () => {
    const client = admin();
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${role}" WITH (FORCE)`);
      await client.query(`DROP ROLE IF EXISTS "${role}"`);
    } finally {
      await client.end();
    }
  });

  it("runs the migrations and audit writes as docs/deploy.md's role, and cannot bypass the triggers", async () => {
    const client = admin();
    await client.connect();
    try {
      // As docs/deploy.md creates it: a login role owning its database, nothing more.
      await client.query(`CREATE ROLE "${role}" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD 'test-only'`);
      await client.query(`CREATE DATABASE "${role}" OWNER "${role}"`);
    } finally {
      await client.end();
    }
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.username = role;
    url.password = "test-only";
    url.pathname = `/${role}`;
    const { db } = await freshDb(url.toString());
    await migrateToLatest(db);
    // PostgreSQL 15 no longer lets every role create in public; the owner of the database does.
    const { rows } = await sql<{ rolsuper: boolean }>`select rolsuper from pg_roles where rolname = current_user`.execute(db);
    expect(rows[0]!.rolsuper).toBe(false);
    await writeEntries(db, 3);
    await countAnonymousEvent(db, { action: "login-failed", ip: "198.51.100.7" });
    expect(await verifyAuditChain(db)).toEqual({ ok: true, entries: 3 });

    await expect(sql`set session_replication_role = replica`.execute(db)).rejects.toThrow(/permission denied/);
    await expect(sql`update audit_log set action = 'x'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
  }, 60_000);
});

describe("anonymous events", () => {
  it("are counted per action, address and window, with the attacker's text cut", async () => {
    const { db } = await freshDb();
    const at = new Date("2026-11-27T10:01:00.000Z");
    const long = "x".repeat(50_000);
    await Promise.all(Array.from({ length: 60 }, (_, i) => countAnonymousEvent(db, { action: "login-failed", ip: "198.51.100.7", detail: { email: `${i}${long}` } }, at)));
    expect(await countAnonymousEvent(db, { action: "login-failed", ip: "198.51.100.8" }, at)).toBe(1);
    // The next window starts a new row.
    expect(await countAnonymousEvent(db, { action: "login-failed", ip: "198.51.100.7" }, new Date("2026-11-27T10:16:00.000Z"))).toBe(1);
    const rows = await db.selectFrom("audit_event_counts").selectAll().orderBy("window_start").orderBy("ip").execute();
    expect(rows.map((r) => [r.ip, r.window_start, Number(r.count)])).toEqual([
      ["198.51.100.7", "2026-11-27T10:00:00.000Z", 60],
      ["198.51.100.8", "2026-11-27T10:00:00.000Z", 1],
      ["198.51.100.7", "2026-11-27T10:15:00.000Z", 1],
    ]);
    expect((JSON.parse(rows[0]!.last_detail) as { email: string }).email.length).toBeLessThanOrEqual(AUDIT_TEXT_LIMIT);
    expect(await db.selectFrom("audit_log").select("id").execute()).toEqual([]);
  });

  it("an audit entry keeps bounded texts, whoever chose them", async () => {
    const { db } = await freshDb();
    await recordAudit(db, { operatorId: null, email: "a".repeat(10_000), ip: "198.51.100.7" }, { action: "login-failed", detail: { tried: "b".repeat(10_000) } });
    const [row] = await entries(db);
    expect(row!.operator_email!.length).toBeLessThanOrEqual(AUDIT_TEXT_LIMIT);
    expect(row!.detail.length).toBeLessThan(AUDIT_TEXT_LIMIT + 50);
    expect(await verifyAuditChain(db)).toEqual({ ok: true, entries: 1 });
  });
});
