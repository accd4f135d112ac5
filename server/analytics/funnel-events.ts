import { sql } from "kysely";
import type { Outcome } from "#claims/engine/types";
import type { Attribution } from "../attribution/attribution";
import type { Db } from "../db/database";
import { createGroupCommit } from "../db/group-commit";
import type { FunnelEventsTable } from "../db/schema";
import { isCountableVisit } from "./countable-request";
import { createVisitorHasher, utcDay } from "./visitor-hash";

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
}

export type RecordResult = "counted" | "repeat" | "ignored";

export type FunnelEvents = ReturnType<typeof createFunnelEvents>;

const UTM_MAX = 100;
const utm = (value: string | undefined) => (value ?? "").trim().toLowerCase().slice(0, UTM_MAX);

/**
 * Records funnel events (docs/decisions/029): one per visitor, day and point, so a reload or a step
 * posted twice counts once; every new one adds 1 to its day's count in funnel_daily, in the same
 * transaction, so the dashboard never scans the events.
 */
export function createFunnelEvents(db: Db, { site, now = () => new Date() }: { site: string; now?: () => Date }) {
  const hasher = createVisitorHasher(db, site);
  // Every page view and form step writes here: on SQLite a COMMIT (an fsync) each stopped the whole
  // server; views arriving together now share one (docs/decisions/033).
  const writes = createGroupCommit(db);

  async function record(claim: string, point: FunnelPoint, visit: FunnelVisit): Promise<RecordResult> {
    if (!isCountableVisit(visit.userAgent, visit.prefetch ?? false)) return "ignored";
    const at = now();
    const day = utcDay(at);
    const event: FunnelEventsTable = {
      day,
      claim,
      kind: point.kind,
      step: point.kind === "step" ? point.step : 0,
      outcome: point.kind === "outcome" ? point.outcome : "",
      visitor_hash: await hasher.hash(day, visit.ip ?? "", visit.userAgent),
      utm_source: utm(visit.attribution?.utm_source),
      utm_campaign: utm(visit.attribution?.utm_campaign),
      // To the hour only: a submit's exact time would match its lead's created_at, and so tie the hash to a person.
      occurred_at: `${at.toISOString().slice(0, 13)}:00:00.000Z`,
    };
    return writes.run(async (trx) => {
      const inserted = await trx
        .insertInto("funnel_events")
        .values(event)
        .onConflict((oc) => oc.columns(["day", "claim", "kind", "step", "outcome", "visitor_hash"]).doNothing())
        .returning("day")
        .executeTakeFirst();
      if (!inserted) return "repeat";
      await trx
        .insertInto("funnel_daily")
        .values({ day, claim, kind: event.kind, step: event.step, outcome: event.outcome, utm_source: event.utm_source, visitors: 1 })
        .onConflict((oc) =>
          oc.columns(["day", "claim", "kind", "step", "outcome", "utm_source"]).doUpdateSet({ visitors: sql<number>`funnel_daily.visitors + 1` }),
        )
        .execute();
      return "counted";
    });
  }

  return { record };
}
