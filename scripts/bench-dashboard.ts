// The dashboard at scale (issue 13), on the production build: `npm run bench:dashboard [-- options]`.
//   --leads N            leads the database must hold (default 1,000,000)
//   --events N           funnel events it must hold (default 10,000,000)
//   --engines a,b        sqlite and/or postgres (default both)
//   --requests N         requests per period (default 30)
//   --db-file PATH       SQLite file; reused when it holds enough leads and events (default ./data/bench-dashboard.db)
//   --pg-database NAME   PostgreSQL database on BENCH_DATABASE_URL's server; reused when it holds enough,
//                        kept afterwards (default: a new one, dropped at the end)
// Seeds what is missing with `npm run seed`, starts the built server on the database, logs in, renders
// /admin once (the seed has recounted the rollups; on a database the dashboard has never read, this
// render recounts the whole period), once more with the rollups a minute old, then
// prints per period the p50/p95 of the whole request on 127.0.0.1 (an upper bound of the server's
// time) and of the figures' own time (the Server-Timing header).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import pg from "pg";
import { startServer, type RunningServer } from "../tools/server";
import { login, percentile, seed, timedGet } from "./bench-support";

const { values } = parseArgs({
  options: {
    leads: { type: "string", default: "1000000" },
    events: { type: "string", default: "10000000" },
    engines: { type: "string", default: "sqlite,postgres" },
    requests: { type: "string", default: "30" },
    "db-file": { type: "string", default: "data/bench-dashboard.db" },
    "pg-database": { type: "string" },
  },
});
const LEADS = Number(values.leads);
const EVENTS = Number(values.events);
const REQUESTS = Number(values.requests);
const GOAL_MS = 500;
const PG_BASE = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const number = (n: number) => Math.round(n).toLocaleString("en-US");

async function render(server: RunningServer, cookie: string, days: number) {
  const { response, html, ms: total } = await timedGet(server, `/admin?days=${days}`, cookie);
  const figures = Number(response.headers.get("server-timing")?.match(/dur=([\d.]+)/)?.[1] ?? Number.NaN);
  const views = html.match(/<th scope="row"[^>]*>Landing views<\/th><td[^>]*>([^<]+)/)?.[1] ?? "?";
  return { total, figures, views };
}

async function counts(engine: string, databaseUrl: string) {
  const query = async (sql: string) => {
    if (engine === "sqlite") {
      const file = databaseUrl.slice("file:".length);
      if (!fs.existsSync(file)) return 0;
      const db = new Database(file, { readonly: true });
      try {
        return (db.prepare(sql).get() as { n: number }).n;
      } catch {
        return 0; // not migrated yet
      } finally {
        db.close();
      }
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
    } catch {
      return 0;
    } finally {
      await client.end();
    }
  };
  return { leads: await query("select count(*) as n from leads"), events: await query("select count(*) as n from funnel_events") };
}

/** Moves the last refresh two minutes back, as if the dashboard had not been opened for a while. */
async function markRollupsStale(engine: string, databaseUrl: string) {
  const sql = "update rollup_state set refreshed_at = $at where name = 'dashboard'";
  const at = new Date(Date.now() - 120_000).toISOString();
  if (engine === "sqlite") {
    const db = new Database(databaseUrl.slice("file:".length));
    db.prepare(sql).run({ at });
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(sql.replace("$at", "$1"), [at]);
  await client.end();
}

async function benchEngine(engine: string) {
  let databaseUrl: string;
  let dropDatabase = async () => {};
  if (engine === "sqlite") {
    databaseUrl = `file:${path.resolve(values["db-file"]!)}`;
  } else {
    const name = values["pg-database"] ?? `bench_dashboard_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    const exists = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount;
    if (!exists) await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(PG_BASE);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    if (!values["pg-database"]) {
      dropDatabase = async () => {
        const client = new pg.Client({ connectionString: PG_BASE });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await client.end();
      };
    }
  }
  try {
    const held = await counts(engine, databaseUrl);
    const missing = { leads: Math.max(0, LEADS - held.leads), events: Math.max(0, EVENTS - held.events) };
    const seedSeconds = missing.leads || missing.events ? seed(databaseUrl, ["--leads", String(missing.leads), "--events", String(missing.events)]) : null;
    const server = await startServer(
      { DATABASE_URL: databaseUrl, RUN_WORKER: "false", LOG_LEVEL: "warn" },
      engine === "sqlite" ? databaseUrl.slice("file:".length) : undefined,
      { buildDir: "build" },
    );
    try {
      const cookie = await login(server, "/admin");
      const first = await render(server, cookie, 30);
      const periods = [];
      for (const days of [7, 30, 90]) {
        const runs = [];
        for (let i = 0; i < REQUESTS; i++) runs.push(await render(server, cookie, days));
        const totals = runs.map((r) => r.total).sort((a, b) => a - b);
        const figures = runs.map((r) => r.figures).sort((a, b) => a - b);
        periods.push({ days, p50: percentile(totals, 50), p95: percentile(totals, 95), figuresP50: percentile(figures, 50), figuresP95: percentile(figures, 95), views: runs[0]!.views });
      }
      // A render a minute later, which recounts what changed since (today's leads, updated deliveries).
      await markRollupsStale(engine, databaseUrl);
      const stale = await render(server, cookie, 30);
      return { engine, seedSeconds, missing, held: await counts(engine, databaseUrl), first, stale, periods };
    } finally {
      await server.stop();
    }
  } finally {
    await dropDatabase();
  }
}

const reports = [];
for (const engine of values.engines!.split(",")) reports.push(await benchEngine(engine.trim()));

for (const report of reports) {
  console.log(`\n== ${report.engine}: ${number(report.held.leads)} leads, ${number(report.held.events)} funnel events ==`);
  if (report.seedSeconds !== null) console.log(`seed: ${report.seedSeconds.toFixed(1)} s for ${number(report.missing.leads)} leads and ${number(report.missing.events)} events`);
  else console.log("seed: reused the existing database");
  console.log(`first render: ${report.first.total.toFixed(1)} ms (figures ${report.first.figures.toFixed(1)} ms)`);
  console.log(`render once the rollups are a minute old (recounts what changed): ${report.stale.total.toFixed(1)} ms (figures ${report.stale.figures.toFixed(1)} ms)`);
  console.log(`${REQUESTS} renders per period (goal p95 <= ${GOAL_MS} ms server time):`);
  for (const p of report.periods) {
    const mark = p.p95 <= GOAL_MS ? "ok  " : "SLOW";
    console.log(
      `  ${mark} ${String(p.days).padStart(2)} days  request p50 ${p.p50.toFixed(1).padStart(6)} ms  p95 ${p.p95.toFixed(1).padStart(6)} ms` +
        `   figures p50 ${p.figuresP50.toFixed(1).padStart(6)} ms  p95 ${p.figuresP95.toFixed(1).padStart(6)} ms   (first funnel's landing views: ${p.views})`,
    );
  }
}
