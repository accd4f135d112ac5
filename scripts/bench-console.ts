// The lead console at scale (issue 10), on the production build: `npm run bench:console [-- options]`.
//   --leads N            how many synthetic leads to seed (default 1,000,000)
//   --engines a,b        sqlite and/or postgres (default both)
//   --requests N         requests per list scenario (default 50)
//   --db-file PATH       SQLite file to use; an existing one with enough leads is reused (default ./data/bench-console.db)
//   --cold               SQLite: drop the database file from the page cache before every request and the export
//                        (GNU dd iflag=nocache), as an operator's first visit of the day meets it
// BENCH_ENCODING=identity exports without compression (default gzip, as a browser asks).
// Seeds with `npm run seed`, starts the built server on the database, logs in, and prints per scenario
// the p50/p95 of the whole request on 127.0.0.1 (an upper bound of the server's time), then exports
// every lead as CSV and prints rows/s and the server process's RSS growth.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import pg from "pg";
import { startServer, type RunningServer } from "../tools/server";
import { spawnSync } from "node:child_process";
import { login, percentile, seed, timedGet } from "./bench-support";

const { values } = parseArgs({
  options: {
    leads: { type: "string", default: "1000000" },
    engines: { type: "string", default: "sqlite,postgres" },
    requests: { type: "string", default: "50" },
    "db-file": { type: "string", default: "data/bench-console.db" },
    cold: { type: "boolean", default: false },
  },
});
const LEADS = Number(values.leads);
const REQUESTS = Number(values.requests);
const GOALS = { p95Ms: 150, exportRowsPerSecond: 20_000, rssGrowthMb: 100 };
const PG_BASE = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";


/** A real lead of the seeded data, so the searches look for something that exists. */
async function sampleLead(server: RunningServer, cookie: string) {
  const html = await (await fetch(`${server.url}/admin/leads?claim=MVA`, { headers: { cookie } })).text();
  const id = html.match(/data-lead-id="([^"]+)"/)?.[1];
  if (!id) throw new Error("no lead found in the list");
  const page = await (await fetch(`${server.url}/admin/leads/${id}`, { headers: { cookie } })).text();
  const fact = (name: string) => page.match(new RegExp(`<dt[^>]*>${name}</dt><dd[^>]*>(?:<a[^>]*>)?([^<]+)`))?.[1];
  return { id, email: fact("E-mail")!, phone: fact("Phone")!, name: page.match(/<h1[^>]*>([^<]+)<\/h1>/)?.[1] ?? "" };
}

async function scenarios(server: RunningServer, cookie: string) {
  const lead = await sampleLead(server, cookie);
  const firstPage = await (await fetch(`${server.url}/admin/leads`, { headers: { cookie } })).text();
  const older = firstPage.match(/href="(\?before=[^"]+)"/)?.[1]?.replace(/&amp;/g, "&");
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const [first, last] = lead.name.split(" ");
  return {
    "no filter": "",
    "second page (keyset)": older ?? "",
    claim: "claim=AFFF",
    "dates (one week)": `from=${day(30)}&to=${day(23)}`,
    "outcome ineligible": "outcome=ineligible",
    "state NY": "state=NY",
    "delivery webhook:dead": "delivery=webhook:dead",
    "delivery webhook:delivered": "delivery=webhook:delivered",
    "spam yes": "spam=yes",
    "utm_source bing": "utm_source=bing",
    "utm_campaign": `utm_campaign=${encodeURIComponent("spring-2026")}`,
    "search phone digits": `q=${encodeURIComponent(lead.phone.replace(/\D/g, ""))}`,
    // Leads store the 10 digits the claim schemas keep; an operator may type the number formatted.
    "search phone formatted": `q=${encodeURIComponent(lead.phone.replace(/\D/g, "").replace(/^(\d{3})(\d{3})(\d{4})$/, "($1) $2-$3"))}`,
    "search e-mail": `q=${encodeURIComponent(lead.email)}`,
    "search first name": `q=${encodeURIComponent(first ?? "")}`,
    "search full name": `q=${encodeURIComponent(`${first} ${last}`)}`,
    "search 3-letter prefix": `q=${encodeURIComponent((last ?? "").slice(0, 3))}`,
    // The broadest three letters of the seeded names (Mar-tin, -tínez, -ía, -io, -co...): the worst case.
    "search 3-letter prefix, broad": "q=mar",
  };
}

/** With --cold on SQLite, the database file (and its WAL) leave the page cache: the next read goes to the disk. */
let dropFromPageCache = () => {};
function coldCacheFor(file: string | null) {
  dropFromPageCache = values.cold && file ? () => {
    for (const suffix of ["", "-wal"]) spawnSync("dd", [`if=${file}${suffix}`, "iflag=nocache", "count=0"], { stdio: "ignore" });
  } : () => {};
}

async function measureList(server: RunningServer, cookie: string) {
  const results: Array<{ name: string; p50: number; p95: number; count: string }> = [];
  for (const [name, query] of Object.entries(await scenarios(server, cookie))) {
    const times: number[] = [];
    let count = "";
    for (let i = 0; i < REQUESTS; i++) {
      dropFromPageCache();
      const { html, ms } = await timedGet(server, `/admin/leads${query.startsWith("?") ? query : query ? `?${query}` : ""}`, cookie);
      times.push(ms);
      count = html.match(/data-testid="lead-count"[^>]*>([^<]+)/)?.[1] ?? "?";
    }
    times.sort((a, b) => a - b);
    results.push({ name, p50: percentile(times, 50), p95: percentile(times, 95), count });
  }
  return results;
}

/** CPU seconds the process has used so far, all its threads (user and system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)![1]) / 1024;
}

async function measureExport(server: RunningServer, cookie: string) {
  dropFromPageCache();
  const before = rssMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 50);
  const started = performance.now();
  const cpuBefore = cpuSeconds(server.pid);
  const response = await fetch(`${server.url}/admin/leads/export.csv`, { headers: { cookie, "accept-encoding": process.env.BENCH_ENCODING ?? "gzip" } });
  let newlines = 0;
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    bytes += buffer.length;
    for (let at = buffer.indexOf(10); at !== -1; at = buffer.indexOf(10, at + 1)) newlines++;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  clearInterval(sampler);
  // Rows end with a newline; quoted multi-line answers would add some, which the seed does not write.
  const rows = newlines - 1;
  return { rows, seconds, rowsPerSecond: rows / seconds, mb: bytes / 1e6, rssBefore: before, rssGrowth: peak - before, cpuUsPerRow: (cpu * 1e6) / rows };
}

async function benchEngine(engine: string) {
  let databaseUrl: string;
  let dropDatabase = async () => {};
  let seeded = 0;
  if (engine === "sqlite") {
    const file = path.resolve(values["db-file"]!);
    if (fs.existsSync(file)) {
      const db = new Database(file, { readonly: true });
      seeded = (db.prepare("select count(*) as n from leads").get() as { n: number }).n;
      db.close();
      if (seeded < LEADS) for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
    }
    databaseUrl = `file:${file}`;
  } else {
    const name = `bench_console_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(PG_BASE);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: PG_BASE });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    };
  }
  try {
    const seedSeconds = seeded >= LEADS ? null : seed(databaseUrl, ["--leads", String(LEADS)]);
    const server = await startServer(
      { DATABASE_URL: databaseUrl, RUN_WORKER: "false", LOG_LEVEL: "warn" },
      engine === "sqlite" ? databaseUrl.slice("file:".length) : undefined,
      { buildDir: "build" },
    );
    try {
      const cookie = await login(server, "/admin/leads");
      coldCacheFor(engine === "sqlite" ? databaseUrl.slice("file:".length) : null);
      const list = await measureList(server, cookie);
      const exported = await measureExport(server, cookie);
      return { engine, seedSeconds, list, exported };
    } finally {
      await server.stop();
    }
  } finally {
    await dropDatabase();
  }
}

const reports = [];
for (const engine of values.engines!.split(",")) reports.push(await benchEngine(engine.trim()));

const mark = (ok: boolean) => (ok ? "ok  " : "SLOW");
for (const report of reports) {
  console.log(`\n== ${report.engine}, ${LEADS.toLocaleString("en-US")} leads${values.cold && report.engine === "sqlite" ? ", cold page cache" : ""} ==`);
  if (report.seedSeconds !== null) console.log(`seed: ${report.seedSeconds.toFixed(1)} s (${Math.round(LEADS / report.seedSeconds).toLocaleString("en-US")} leads/s)`);
  else console.log("seed: reused the existing database");
  console.log(`list, ${REQUESTS} requests each (goal p95 <= ${GOALS.p95Ms} ms):`);
  for (const row of report.list) {
    console.log(`  ${mark(row.p95 <= GOALS.p95Ms)} ${row.name.padEnd(28)} p50 ${row.p50.toFixed(1).padStart(6)} ms  p95 ${row.p95.toFixed(1).padStart(6)} ms  (${row.count})`);
  }
  const e = report.exported;
  console.log(
    `export: ${e.rows.toLocaleString("en-US")} rows, ${e.mb.toFixed(0)} MB in ${e.seconds.toFixed(1)} s = ${Math.round(e.rowsPerSecond).toLocaleString("en-US")} rows/s ` +
      `[${mark(e.rowsPerSecond >= GOALS.exportRowsPerSecond)}]; server CPU ${e.cpuUsPerRow.toFixed(0)} µs/row; server RSS ${e.rssBefore.toFixed(0)} MB, grew ${e.rssGrowth.toFixed(0)} MB [${mark(e.rssGrowth <= GOALS.rssGrowthMb)}]`,
  );
}
