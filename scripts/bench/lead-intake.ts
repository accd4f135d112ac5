import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { mvaAnswers } from "#claims/mva/examples";
import { startServer, tempDir } from "../../tools/server";
import { supplierHeadersFor } from "../../tools/suppliers";
import { BROWSER_HEADERS } from "./browser-request";

/** The tables a lead's durable save writes in the raw baseline: the lead, its certificate, its outbox rows. */
const RAW_TABLES = ["submission_certificates", "leads", "deliveries"] as const;

export interface LeadIntakeFigures {
  httpLeadsPerSecond: number;
  rawTransactionsPerSecond: number;
  saved: number;
  /** The server's CPU time (user + system) per lead saved, in ms; null where /proc is not there. */
  cpuMsPerLead: number | null;
  answered: Record<string, number>;
}

/**
 * A valid MVA lead from a person no other lead of the run shares (phone and e-mail), so the duplicate
 * check and the rate limit see what real traffic gives them. Exchanges skip N11 and 0/1 starts.
 */
export function distinctMvaLead(n: number): Record<string, unknown> {
  const exchange = EXCHANGES[Math.floor(n / 10_000) % EXCHANGES.length];
  return mvaAnswers({
    em: `bench.${n}.${randomUUID().slice(0, 8)}@example.com`,
    ph: `(415) ${exchange}-${String(n % 10_000).padStart(4, "0")}`,
  });
}

/** 200-999 without the N11 codes the contact check refuses: 7.9 million phone numbers in one area code. */
const EXCHANGES = Array.from({ length: 800 }, (_, i) => 200 + i).filter((exchange) => exchange % 100 !== 11);

/**
 * Durable leads saved per second over HTTP (autocannon POSTs of distinct valid leads to the production
 * build) against raw better-sqlite3 transactions writing the same rows (WAL, synchronous=FULL, one
 * transaction per lead) on the same disk, in the same run. Leads/s counts the rows in the database.
 */
export async function measureLeadIntake(options: {
  leads: number;
  connections: number;
  cpuProfileDir?: string;
  /** Another build to measure (an older commit's, to compare); the production build by default. */
  buildDir?: string;
}): Promise<LeadIntakeFigures> {
  const dir = tempDir("bench-leads");
  const server = await startServer({ LEAD_RATE_LIMIT_PER_HOUR: "0", RUN_WORKER: "false", LOG_LEVEL: "info" }, path.join(dir, "app.db"), {
    buildDir: options.buildDir ?? "build",
    nodeArgs: options.cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${options.cpuProfileDir}`] : [],
  });
  try {
    // The operator's webhook, so each lead queues an outbox row as in production (the worker is off: none is sent).
    const writer = new Database(server.dbFile);
    writer.prepare("insert into settings (key, value, updated_at) values ('webhook_url', 'http://127.0.0.1:9/bench-webhook', ?)").run(new Date().toISOString());
    writer.close();
    // Every lead API caller is a supplier (docs/decisions/046): the bench makes one, and its key check is measured too.
    const supplierHeaders = await supplierHeadersFor(server);
    // One lead first: its rows are the raw baseline's template, and the server has warmed up.
    const first = await fetch(`${server.url}/api/leads/mva`, {
      method: "POST",
      headers: { ...BROWSER_HEADERS, ...supplierHeaders, "content-type": "application/json" },
      body: JSON.stringify(distinctMvaLead(0)),
    });
    if (first.status !== 201) throw new Error(`the first bench lead was answered ${first.status}: ${await first.text()}`);
    const template = server.query<{ id: string }>("select id from leads")[0]!.id;
    if (!server.query("select id from deliveries where lead_id = ?", template).length) throw new Error("the bench lead queued no delivery");

    let n = 1;
    const cpuBefore = cpuMsOf(server.pid);
    const started = performance.now();
    // Timed to the last answer: autocannon itself ends on its next one-second tick, which counted up to
    // a second too many (5,000 leads took "6 s" or "5 s", never 5.4).
    let lastAnswer = started;
    const requests: autocannon.Options = {
      url: `${server.url}/api/leads/mva`,
      connections: options.connections,
      amount: options.leads,
      timeout: 30,
      requests: [
        {
          method: "POST",
          headers: { ...BROWSER_HEADERS, ...supplierHeaders, "content-type": "application/json" },
          setupRequest: (request) => ({ ...request, body: JSON.stringify(distinctMvaLead(n++)) }),
        },
      ],
    };
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const run = autocannon(requests, (error, done) => (error ? reject(error) : resolve(done)));
      run.on("response", () => {
        lastAnswer = performance.now();
      });
    });
    const httpSeconds = (lastAnswer - started) / 1000;
    const cpuAfter = cpuMsOf(server.pid);
    const saved = server.query<{ count: number }>("select count(*) as count from leads")[0]!.count - 1;
    const answered = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]));

    return {
      httpLeadsPerSecond: saved / httpSeconds,
      rawTransactionsPerSecond: rawTransactionsPerSecond(server.dbFile, template, path.join(dir, "raw.db"), options.leads),
      saved,
      cpuMsPerLead: cpuBefore === null || cpuAfter === null || !saved ? null : (cpuAfter - cpuBefore) / saved,
      answered,
    };
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Replays the template lead's rows (new ids) into a database of the same schema, one durable transaction each. */
function rawTransactionsPerSecond(sourceFile: string, leadId: string, rawFile: string, count: number): number {
  const source = new Database(sourceFile, { readonly: true });
  const raw = new Database(rawFile);
  try {
    raw.pragma("journal_mode = WAL");
    raw.pragma("synchronous = FULL");
    const schema = source
      .prepare("select sql from sqlite_master where sql is not null and name not like 'sqlite_%' order by type = 'table' desc")
      .all() as { sql: string }[];
    raw.pragma("foreign_keys = OFF");
    for (const { sql } of schema) raw.exec(sql);
    // The buyers the outbox rows point to (set-up, not timed).
    for (const buyer of source.prepare("select * from buyers").all() as Record<string, unknown>[]) {
      const columns = Object.keys(buyer);
      raw.prepare(`insert into buyers (${columns.join(", ")}) values (${columns.map((c) => `@${c}`).join(", ")})`).run(buyer);
    }
    raw.pragma("foreign_keys = ON");

    const lead = source.prepare("select * from leads where id = ?").get(leadId) as Record<string, unknown>;
    const rowsOf = (table: (typeof RAW_TABLES)[number]) =>
      table === "leads" ? [lead] : (source.prepare(`select * from ${table} where lead_id = ?`).all(leadId) as Record<string, unknown>[]);
    const templates = RAW_TABLES.map((table) => ({ table, rows: rowsOf(table) }));
    const inserts = templates.map(({ table, rows }) => {
      const columns = Object.keys(rows[0] ?? {});
      return { rows, statement: rows.length ? raw.prepare(`insert into ${table} (${columns.join(", ")}) values (${columns.map((c) => `@${c}`).join(", ")})`) : null };
    });
    const save = raw.transaction((i: number) => {
      const ids = new Map<unknown, string>([
        [leadId, randomUUID()],
        [lead.certificate_id, `bench-${i}-${randomUUID()}`],
        [lead.submission_key, randomUUID()],
      ]);
      for (const { rows, statement } of inserts) {
        for (const row of rows) {
          const copy = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, ids.get(v) ?? (k === "id" ? randomUUID() : v)]));
          statement!.run(copy);
        }
      }
    });
    // better-sqlite3's transaction() uses a deferred BEGIN; the app takes the write lock first.
    const started = performance.now();
    for (let i = 0; i < count; i++) save.immediate(i);
    return count / ((performance.now() - started) / 1000);
  } finally {
    source.close();
    raw.close();
  }
}

/** User + system CPU of a process so far, in ms (Linux /proc; clock ticks are 100 per second there). */
function cpuMsOf(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
