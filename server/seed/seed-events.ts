import SQLite from "better-sqlite3";
import { claims } from "#claims/registry";
import type { Outcome } from "#claims/engine/types";
import type { DatabaseTarget } from "../config";
import { createDashboardRollups } from "../analytics/dashboard-rollups";
import { migrateToLatest, openDatabase } from "../db/database";
import type { FunnelEventsTable } from "../db/schema";
import { createRandom, weightedPicker, type Random } from "./random";

const DAY_MS = 86_400_000;
const BATCH = 20_000;

const sourceOf = weightedPicker<readonly [string, string]>([
  [["google", "search-brand"], 35],
  [["facebook", "feed-video"], 25],
  [["", ""], 20],
  [["bing", "search-generic"], 10],
  [["tiktok", "spark-ads"], 7],
  [["newsletter", "monthly"], 3],
]);
const outcomeOf = weightedPicker<Outcome>([
  ["eligible", 60],
  ["partial", 25],
  ["ineligible", 15],
]);

export interface SeedEventsOptions {
  database: DatabaseTarget;
  events: number;
  days: number;
  seed: number;
  now?: Date;
  onProgress?: (written: number, total: number, elapsedMs: number) => void;
}

/**
 * Synthetic funnel events for the dashboard at scale (issue 13): visitors of every claim spread over the
 * last `days` days, each going as far down the funnel as chance lets them (about 45% start the form,
 * 80% of them reach each next step, 85% of those at the last step submit), with a UTM source. The
 * daily rollup gets the same counts, so the figures are what the events say.
 */
export async function seedEvents({ database, events, days, seed, now = new Date(), onProgress }: SeedEventsOptions) {
  const db = await openDatabase(database);
  await migrateToLatest(db);
  await db.destroy();
  const writer = database.engine === "sqlite" ? sqliteWriter(database.file) : await postgresWriter(database.url);
  const random = createRandom(seed);
  const daily = new Map<string, number>();
  const started = performance.now();
  let batch: FunnelEventsTable[] = [];
  let written = 0;
  try {
    while (written + batch.length < events) {
      const day = new Date(now.getTime() - random.int(0, days - 1) * DAY_MS).toISOString().slice(0, 10);
      const claim = random.pick(claims);
      for (const event of visitorEvents(random, day, claim.slug, claim.steps.length, !!claim.eligibility)) {
        if (written + batch.length >= events) break;
        batch.push(event);
        const key = [event.day, event.claim, event.kind, event.step, event.outcome, event.utm_source].join("\u0000");
        daily.set(key, (daily.get(key) ?? 0) + 1);
      }
      if (batch.length >= BATCH) {
        await writer.events(batch);
        written += batch.length;
        batch = [];
        onProgress?.(written, events, performance.now() - started);
      }
    }
    if (batch.length) await writer.events(batch);
    written += batch.length;
    onProgress?.(written, events, performance.now() - started);
    await writer.daily([...daily].map(([key, visitors]) => {
      const [day, claim, kind, step, outcome, utm_source] = key.split("\u0000") as [string, string, string, string, string, string];
      return { day, claim, kind, step: Number(step), outcome, utm_source, visitors };
    }));
  } finally {
    await writer.close();
  }
  return { events: written, elapsedMs: performance.now() - started };
}

function* visitorEvents(random: Random, day: string, claim: string, steps: number, hasOutcome: boolean): Generator<FunnelEventsTable> {
  const [utm_source, utm_campaign] = sourceOf(random);
  const visitor_hash = [random.next(), random.next(), random.next(), random.next()]
    .map((n) => Math.floor(n * 2 ** 32).toString(16).padStart(8, "0"))
    .join("");
  const hour = String(random.int(0, 23)).padStart(2, "0");
  const occurred_at = `${day}T${hour}:00:00.000Z`;
  const event = (kind: FunnelEventsTable["kind"], step = 0, outcome = ""): FunnelEventsTable => ({
    day, claim, kind, step, outcome, visitor_hash, utm_source, utm_campaign, occurred_at,
  });
  yield event("view");
  if (!random.chance(0.45)) return;
  yield event("start");
  for (let step = 2; step <= steps; step++) {
    if (!random.chance(0.8)) return;
    yield event("step", step);
  }
  if (!random.chance(0.85)) return;
  yield event("submit");
  if (hasOutcome) yield event("outcome", 0, outcomeOf(random));
}

type DailyRow = { day: string; claim: string; kind: string; step: number; outcome: string; utm_source: string; visitors: number };

const EVENT_COLUMNS = ["day", "claim", "kind", "step", "outcome", "visitor_hash", "utm_source", "utm_campaign", "occurred_at"] as const;

function sqliteWriter(file: string) {
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  // A bulk load that can be run again: it need not survive a power cut mid-way.
  sqlite.pragma("synchronous = NORMAL");
  const insertEvent = sqlite.prepare(
    `insert into funnel_events (${EVENT_COLUMNS.join(", ")}) values (${EVENT_COLUMNS.map(() => "?").join(", ")}) on conflict do nothing`,
  );
  const insertDaily = sqlite.prepare(
    "insert into funnel_daily (day, claim, kind, step, outcome, utm_source, visitors) values (?, ?, ?, ?, ?, ?, ?) " +
      "on conflict (day, claim, kind, step, outcome, utm_source) do update set visitors = funnel_daily.visitors + excluded.visitors",
  );
  const events = sqlite.transaction((rows: FunnelEventsTable[]) => {
    for (const r of rows) insertEvent.run(r.day, r.claim, r.kind, r.step, r.outcome, r.visitor_hash, r.utm_source, r.utm_campaign, r.occurred_at);
  });
  const daily = sqlite.transaction((rows: DailyRow[]) => {
    for (const r of rows) insertDaily.run(r.day, r.claim, r.kind, r.step, r.outcome, r.utm_source, r.visitors);
  });
  return {
    events: async (rows: FunnelEventsTable[]) => void events(rows),
    daily: async (rows: DailyRow[]) => void daily(rows),
    close: async () => {
      sqlite.pragma("optimize");
      sqlite.close();
    },
  };
}

async function postgresWriter(url: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("set synchronous_commit = off");
  const types = { step: "int[]" } as Record<string, string>;
  return {
    // One statement per batch: every column as an array, unnested into rows.
    async events(rows: FunnelEventsTable[]) {
      await client.query(
        `insert into funnel_events (${EVENT_COLUMNS.join(", ")}) select * from unnest(${EVENT_COLUMNS.map((c, i) => `$${i + 1}::${types[c] ?? "text[]"}`).join(", ")}) on conflict do nothing`,
        EVENT_COLUMNS.map((c) => rows.map((r) => r[c])),
      );
    },
    async daily(rows: DailyRow[]) {
      const columns = ["day", "claim", "kind", "step", "outcome", "utm_source", "visitors"] as const;
      for (let i = 0; i < rows.length; i += BATCH) {
        const chunk = rows.slice(i, i + BATCH);
        await client.query(
          `insert into funnel_daily (${columns.join(", ")}) select * from unnest(${columns.map((c, j) => `$${j + 1}::${c === "step" || c === "visitors" ? "int[]" : "text[]"}`).join(", ")}) ` +
            "on conflict (day, claim, kind, step, outcome, utm_source) do update set visitors = funnel_daily.visitors + excluded.visitors",
          columns.map((c) => chunk.map((r) => r[c])),
        );
      }
    },
    close: async () => {
      await client.query("analyze funnel_events");
      await client.end();
    },
  };
}

/**
 * After a bulk load of back-dated leads: the dashboard's lead and delivery rollups are recounted for
 * the whole period now, so the first render after a seed does not pay for it.
 */
export async function recountDashboardRollups(database: DatabaseTarget, timeZone: string): Promise<void> {
  const db = await openDatabase(database);
  try {
    const rollups = createDashboardRollups(db, undefined, timeZone);
    await rollups.invalidate();
    await rollups.refresh();
  } finally {
    await db.destroy();
  }
}
