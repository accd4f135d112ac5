import { TZDate } from "@date-fns/tz";
import { sql } from "kysely";
import { lockForTransaction, writeTransaction, type Db } from "../db/database";
import { dayBounds } from "../lead-console/lead-filter";
import { leadSourceKey } from "../suppliers/lead-source";

/** The longest period the dashboard shows; rollups keep at least this many days. */
export const MAX_PERIOD_DAYS = 90;
const ROLLUP = "dashboard";
/** A delivery updated by another instance whose clock is a little behind still gets recounted. */
const CLOCK_MARGIN_MS = 5 * 60_000;
/** How old the lead and delivery rollups may be when the dashboard reads them; the worker refreshes them this often. */
export const ROLLUP_REFRESH_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Keeps lead_daily and delivery_daily up to date by recounting only what can have changed since the
 * last refresh: the leads of the last refresh's day onwards (leads are only ever added now), and the
 * days of the deliveries updated since (a status changes until it is final). Without a previous
 * refresh (a new database, after `npm run seed` adds back-dated leads, or in another time zone) it
 * recounts the whole period.
 *
 * Days are the operator's (`timeZone`, OPERATOR_TIME_ZONE), as the lead list counts them: the leads
 * are grouped by their UTC hour (or a finer slice, for a zone whose offset is not whole hours), which
 * both engines read from the text of created_at, and each slice is added to the local day it starts in
 * (docs/decisions/042).
 */
export function createDashboardRollups(db: Db, now: () => Date = () => new Date(), timeZone = "UTC") {
  // The zone is in the state's name: rollups counted in another zone are recounted, never mixed.
  const rollupName = `${ROLLUP}:${timeZone}`;
  const localDay = localDayOf(timeZone);
  const sliceLength = timeSliceLength(timeZone);
  const slice = sql<string>`substr(created_at, 1, ${sql.lit(sliceLength)})`;
  const supplier = leadSourceKey();
  const dayOfSlice = (text: string) => localDay(new Date(sliceStart(text)));

  /** Brings the rollups up to date, unless another read (or instance) did less than `maxAgeMs` ago. */
  async function refresh({ maxAgeMs = 0 }: { maxAgeMs?: number } = {}): Promise<void> {
    const at = now();
    if (maxAgeMs > 0) {
      const last = await db.selectFrom("rollup_state").select("refreshed_at").where("name", "=", rollupName).executeTakeFirst();
      if (last && at.getTime() - Date.parse(last.refreshed_at) < maxAgeMs) return;
    }
    const horizon = localDay(new Date(at.getTime() - MAX_PERIOD_DAYS * DAY_MS));
    await writeTransaction(db, async (trx) => {
      await lockForTransaction(trx, "dashboard-rollups");
      const state = await trx.selectFrom("rollup_state").select("refreshed_at").where("name", "=", rollupName).executeTakeFirst();
      const since = state ? new Date(Date.parse(state.refreshed_at) - CLOCK_MARGIN_MS) : null;
      const leadsFrom = since && localDay(since) > horizon ? localDay(since) : horizon;

      const leads = await trx
        .selectFrom("leads")
        .select([
          slice.as("slice"),
          "case_type",
          supplier.as("supplier_id"),
          (eb) => eb.fn.countAll<number | string>().as("n"),
          (eb) => eb.fn.sum<number | string>("is_spam").as("spam"),
          (eb) => eb.fn.sum<number | string>(sql`case when duplicate_of is null then 0 else 1 end`).as("duplicates"),
          (eb) => eb.fn.sum<number | string>(sql`coalesce(supplier_payout_cents, 0)`).as("payout_cents"),
        ])
        .where("created_at", ">=", dayBounds(leadsFrom, timeZone).start)
        .groupBy([slice, "case_type", supplier])
        .execute();
      const leadDays = new Map<string, { day: string; case_type: string; supplier_id: string; leads: number; spam: number; duplicates: number; payout_cents: number }>();
      for (const row of leads) {
        const day = dayOfSlice(row.slice);
        const key = `${day}|${row.case_type}|${row.supplier_id}`;
        const entry = leadDays.get(key) ?? { day, case_type: row.case_type, supplier_id: row.supplier_id, leads: 0, spam: 0, duplicates: 0, payout_cents: 0 };
        entry.leads += Number(row.n);
        entry.spam += Number(row.spam ?? 0);
        entry.duplicates += Number(row.duplicates ?? 0);
        entry.payout_cents += Number(row.payout_cents ?? 0);
        leadDays.set(key, entry);
      }
      await trx.deleteFrom("lead_daily").where("day", ">=", leadsFrom).execute();
      await insertChunks([...leadDays.values()], (rows) => trx.insertInto("lead_daily").values(rows).execute());

      const changedDays = since
        ? [
            ...new Set(
              (
                await trx
                  .selectFrom("deliveries")
                  .select(slice.as("slice"))
                  .distinct()
                  .where("updated_at", ">=", since.toISOString())
                  .execute()
              ).map((r) => dayOfSlice(r.slice)),
            ),
          ].filter((day) => day >= horizon)
        : null;
      const windows = changedDays
        ? changedDays.map((day) => ({ ...dayBounds(day, timeZone), firstDay: day, lastDay: day }))
        : [{ start: dayBounds(horizon, timeZone).start, end: "9999", firstDay: horizon, lastDay: "9999" }];
      for (const { start, end, firstDay, lastDay } of windows) {
        const rows = await trx
          .selectFrom("deliveries")
          .select([
            slice.as("slice"),
            sql<string>`coalesce(buyer_id, target)`.as("destination"),
            "status",
            (eb) => eb.fn.countAll<number | string>().as("n"),
          ])
          .where("created_at", ">=", start)
          .where("created_at", "<", end)
          .where("target", "<>", "event")
          .groupBy([slice, sql`coalesce(buyer_id, target)`, "status"])
          .execute();
        const counted = new Map<string, { day: string; destination: string; status: string; deliveries: number }>();
        for (const row of rows) {
          const day = dayOfSlice(row.slice);
          const key = `${day}|${row.destination}|${row.status}`;
          const entry = counted.get(key) ?? { day, destination: row.destination, status: row.status, deliveries: 0 };
          entry.deliveries += Number(row.n);
          counted.set(key, entry);
        }
        await trx.deleteFrom("delivery_daily").where("day", ">=", firstDay).where("day", "<=", lastDay).execute();
        await insertChunks([...counted.values()], (chunk) => trx.insertInto("delivery_daily").values(chunk).execute());
      }

      await trx.deleteFrom("lead_daily").where("day", "<", horizon).execute();
      await trx.deleteFrom("delivery_daily").where("day", "<", horizon).execute();
      await trx
        .insertInto("rollup_state")
        .values({ name: rollupName, refreshed_at: at.toISOString() })
        .onConflict((oc) => oc.column("name").doUpdateSet({ refreshed_at: at.toISOString() }))
        .execute();
    });
  }

  /** Forgets the last refresh, so the next one recounts the whole period (after a bulk load). */
  async function invalidate(): Promise<void> {
    await db.deleteFrom("rollup_state").where("name", "like", `${ROLLUP}%`).execute();
  }

  return { refresh, invalidate, timeZone, localDay, sliceLength, dayOfSlice };
}

/** The day (YYYY-MM-DD) an instant falls on in the time zone. */
export function localDayOf(timeZone: string): (at: Date) => string {
  // en-CA writes a date as YYYY-MM-DD.
  const format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  return (at) => format.format(at);
}

/**
 * How much of an ISO-8601 time the rollups group by, so that every slice lies within one local day:
 * the hour (13 characters) in a zone whose offsets are whole hours, ten minutes (15) for half hours,
 * else the minute (16). Offsets are checked every day over two years, which meets every rule change
 * the zone has now.
 */
function timeSliceLength(timeZone: string): number {
  const offsets = new Set<number>();
  const start = Date.UTC(new Date().getUTCFullYear() - 1, 0, 1);
  for (let t = start; t < start + 3 * 365 * DAY_MS; t += DAY_MS) offsets.add(new TZDate(t, timeZone).getTimezoneOffset());
  const all = [...offsets];
  if (all.every((minutes) => minutes % 60 === 0)) return 13;
  if (all.every((minutes) => minutes % 30 === 0)) return 15;
  return 16;
}

/** The first instant of a slice of created_at ('2026-03-09T04', '2026-03-09T04:3', '2026-03-09T04:35'). */
function sliceStart(slice: string): number {
  return Date.parse(`${slice}${"0000-00-00T00:00:00.000Z".slice(slice.length)}`);
}

export type DashboardRollups = ReturnType<typeof createDashboardRollups>;

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  // Small statements: SQLite allows at most 32,766 bound parameters in one.
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}
