import { sql, type Kysely } from "kysely";
import type { Outcome } from "#claims/engine/types";
import type { Attribution } from "../attribution/attribution";
import type { Db } from "../db/database";
import { createGroupCommit } from "../db/group-commit";
import type { Database, FunnelDailyTable, FunnelEventsTable } from "../db/schema";
import { isCountableVisit } from "./countable-request";
import { localDayOf } from "./dashboard-rollups";
import { createVisitorHasher } from "./visitor-hash";

/** A point of a claim's funnel; steps are 1-based (step 1 is the form's first step, reached at 'start'). */
export type FunnelPoint =
  | { kind: "view" }
  | { kind: "start" }
  | { kind: "step"; step: number }
  | { kind: "submit" }
  | { kind: "outcome"; outcome: Outcome };

/** What the request tells about the visitor; IP and user agent are only hashed, never stored. */
export interface FunnelVisit {
  ip: string | null;
  userAgent: string | null;
  prefetch?: boolean;
  attribution: Pick<Attribution, "utm_source" | "utm_campaign"> | null;
  /** The first-touch cookie as sent (or as this response sets it): what assigns experiment variants (docs/decisions/060). */
  visitorKey?: string | null;
}

/** One funnel event to record: `at` is when it happened (a buffered one is written later). */
export interface FunnelRecord {
  claim: string;
  point: FunnelPoint;
  visit: FunnelVisit;
  at: Date;
}

export type RecordResult = "counted" | "repeat" | "ignored";

export type FunnelEvents = ReturnType<typeof createFunnelEvents>;

const UTM_MAX = 100;
/** The primary key of funnel_events: one event per visitor, day and funnel point. */
const EVENT_KEY = ["day", "claim", "kind", "step", "outcome", "visitor_hash"] as const;
const MAX_ROWS_PER_INSERT = 1_000;
const visitorKey = (event: Pick<FunnelEventsTable, "day" | "visitor_hash">) => `${event.day}\n${event.visitor_hash}`;
const eventKey = (event: Pick<FunnelEventsTable, (typeof EVENT_KEY)[number]>) => EVENT_KEY.map((column) => event[column]).join("\n");
const utm = (value: string | undefined) => (value ?? "").trim().toLowerCase().slice(0, UTM_MAX);

/** FUNNEL_NEW_VISITORS_PER_ADDRESS_PER_DAY's default. */
export const DEFAULT_NEW_VISITORS_PER_ADDRESS_PER_DAY = 50;

/**
 * Records funnel events (docs/decisions/029): one per visitor, day and point, so a reload or a step
 * posted twice counts once; every new one adds 1 to its day's count in funnel_daily, in the same
 * transaction, so the dashboard never scans the events.
 *
 * A visitor is its IP and user agent, so a client changing its user agent looks new every time (issue
 * 25). Each address may bring `newVisitorsPerAddressPerDay` new visitors a day, counted in the database
 * (funnel_address_days, one upsert under the bound, the same for every instance); the events of new
 * visitors past it are not counted but added to the address's `refused`, which the dashboard reports.
 */
export function createFunnelEvents(
  db: Db,
  {
    site,
    now = () => new Date(),
    newVisitorsPerAddressPerDay = DEFAULT_NEW_VISITORS_PER_ADDRESS_PER_DAY,
    timeZone = "UTC",
    experimentTag = () => "",
  }: {
    site: string;
    now?: () => Date;
    newVisitorsPerAddressPerDay?: number;
    /** Whose days count visitors: OPERATOR_TIME_ZONE's (docs/decisions/042). */
    timeZone?: string;
    /** The experiment variant a visitor is shown on a claim's pages, '' for none (server/experiments/live-experiments.ts). */
    experimentTag?: (claim: string, visitorKey: string | null | undefined) => string;
  },
) {
  const hasher = createVisitorHasher(db, site);
  const dayOf = localDayOf(timeZone);
  // Every batch of page views and every form step writes here: on SQLite a COMMIT (an fsync) each
  // stopped the whole server; writes arriving together now share one (docs/decisions/033).
  const writes = createGroupCommit(db);

  async function eventOf({ claim, point, visit, at }: FunnelRecord, userAgent: string): Promise<FunnelEventsTable> {
    const day = dayOf(at);
    return {
      day,
      claim,
      kind: point.kind,
      step: point.kind === "step" ? point.step : 0,
      outcome: point.kind === "outcome" ? point.outcome : "",
      visitor_hash: await hasher.hash(day, visit.ip ?? "", userAgent),
      utm_source: utm(visit.attribution?.utm_source),
      utm_campaign: utm(visit.attribution?.utm_campaign),
      // To the hour only: a submit's exact time would match its lead's created_at, and so tie the hash to a person.
      occurred_at: `${at.toISOString().slice(0, 13)}:00:00.000Z`,
      experiment_variant: experimentTag(claim, visit.visitorKey),
    };
  }

  /**
   * Records several events (the page views buffered by ./funnel-buffer.ts) with two statements in one
   * transaction: the events that are new, then their daily counts, grouped.
   */
  async function recordAll(records: FunnelRecord[]): Promise<RecordResult[]> {
    const events: Array<FunnelEventsTable | null> = [];
    const addressOf = new Map<string, string>();
    for (const record of records) {
      const { userAgent, prefetch } = record.visit;
      const event = isCountableVisit(userAgent, prefetch ?? false) ? await eventOf(record, userAgent) : null;
      if (event) addressOf.set(visitorKey(event), await hasher.addressHash(event.day, record.visit.ip ?? ""));
      events.push(event);
    }
    const unique = new Map<string, FunnelEventsTable>();
    for (const event of events) if (event && !unique.has(eventKey(event))) unique.set(eventKey(event), event);
    let admitted = new Set<string>();
    const inserted = unique.size
      ? await writes.run(async (trx) => {
          const rows: Array<Pick<FunnelEventsTable, (typeof EVENT_KEY)[number]>> = [];
          admitted = await admitVisitors(trx, [...unique.values()], addressOf);
          // In chunks: PostgreSQL takes at most 65,535 parameters per statement.
          const values = [...unique.values()].filter((event) => admitted.has(visitorKey(event)));
          for (let start = 0; start < values.length; start += MAX_ROWS_PER_INSERT) {
            rows.push(
              ...(await trx
                .insertInto("funnel_events")
                .values(values.slice(start, start + MAX_ROWS_PER_INSERT))
                .onConflict((oc) => oc.columns(EVENT_KEY).doNothing())
                .returning(EVENT_KEY)
                .execute()),
            );
          }
          const daily = new Map<string, FunnelDailyTable>();
          for (const row of rows) {
            const { day, claim, kind, step, outcome, utm_source } = unique.get(eventKey(row))!;
            const group = [day, claim, kind, step, outcome, utm_source].join("\n");
            const counted = daily.get(group) ?? { day, claim, kind, step, outcome, utm_source, visitors: 0 };
            counted.visitors += 1;
            daily.set(group, counted);
          }
          if (daily.size) {
            await trx
              .insertInto("funnel_daily")
              .values([...daily.values()])
              .onConflict((oc) =>
                oc.columns(["day", "claim", "kind", "step", "outcome", "utm_source"]).doUpdateSet({ visitors: sql<number>`funnel_daily.visitors + excluded.visitors` }),
              )
              .execute();
          }
          return new Set(rows.map(eventKey));
        })
      : new Set<string>();
    return events.map((event) => {
      // A bot, or a new visitor past its address's bound (a flood): not counted.
      if (!event || !admitted.has(visitorKey(event))) return "ignored";
      // The first of a batch's equal events is the one inserted; any other is a repeat.
      return inserted.delete(eventKey(event)) ? "counted" : "repeat";
    });
  }

  /**
   * The visitors among `events` that may be counted: those seen before today, and new ones while their
   * address is under the day's bound (each taking one of its slots). The others' events are refused.
   */
  async function admitVisitors(trx: Kysely<Database>, events: FunnelEventsTable[], addressOf: Map<string, string>): Promise<Set<string>> {
    const visitors = new Map<string, { day: string; visitor_hash: string }>();
    for (const { day, visitor_hash } of events) visitors.set(visitorKey({ day, visitor_hash }), { day, visitor_hash });
    const admitted = new Set<string>();
    const byDay = new Map<string, string[]>();
    for (const { day, visitor_hash } of visitors.values()) byDay.set(day, [...(byDay.get(day) ?? []), visitor_hash]);
    for (const [day, hashes] of byDay) {
      for (let start = 0; start < hashes.length; start += MAX_ROWS_PER_INSERT) {
        const known = await trx
          .selectFrom("funnel_visitors")
          .select("visitor_hash")
          .where("day", "=", day)
          .where("visitor_hash", "in", hashes.slice(start, start + MAX_ROWS_PER_INSERT))
          .execute();
        for (const row of known) admitted.add(visitorKey({ day, visitor_hash: row.visitor_hash }));
      }
    }
    for (const [key, visitor] of visitors) {
      if (admitted.has(key)) continue;
      const address = addressOf.get(key)!;
      const slot = await trx
        .insertInto("funnel_address_days")
        .values({ day: visitor.day, address_hash: address, visitors: 1, refused: 0 })
        .onConflict((oc) =>
          oc
            .columns(["day", "address_hash"])
            .doUpdateSet({ visitors: sql<number>`funnel_address_days.visitors + 1` })
            .where("funnel_address_days.visitors", "<", newVisitorsPerAddressPerDay),
        )
        .returning("visitors")
        .executeTakeFirst();
      if (slot) {
        await trx.insertInto("funnel_visitors").values(visitor).onConflict((oc) => oc.columns(["day", "visitor_hash"]).doNothing()).execute();
        admitted.add(key);
      } else {
        const refused = events.filter((event) => visitorKey(event) === key).length;
        await trx
          .updateTable("funnel_address_days")
          .set({ refused: sql<number>`refused + ${refused}` })
          .where("day", "=", visitor.day)
          .where("address_hash", "=", address)
          .execute();
      }
    }
    return admitted;
  }

  async function record(claim: string, point: FunnelPoint, visit: FunnelVisit): Promise<RecordResult> {
    const [result] = await recordAll([{ claim, point, visit, at: now() }]);
    return result!;
  }

  return { record, recordAll, now, dayOf };
}
