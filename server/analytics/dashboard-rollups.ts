import { sql } from "kysely";
import { lockForTransaction, writeTransaction, type Db } from "../db/database";
import { utcDay } from "./visitor-hash";

/** The longest period the dashboard shows; rollups keep at least this many days. */
export const MAX_PERIOD_DAYS = 90;
const ROLLUP = "dashboard";
/** A delivery updated by another instance whose clock is a little behind still gets recounted. */
const CLOCK_MARGIN_MS = 5 * 60_000;
/** How old the lead and delivery rollups may be when the dashboard reads them; the worker refreshes them this often. */
export const ROLLUP_REFRESH_MS = 60_000;
const DAY_MS = 86_400_000;

const dayRange = (day: string) => ({ from: `${day}T00:00:00.000Z`, to: utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS)) });

/**
 * Keeps lead_daily and delivery_daily up to date by recounting only what can have changed since the
 * last refresh: the leads of the last refresh's day onwards (leads are only ever added now), and the
 * days of the deliveries updated since (a status changes until it is final). Without a previous
 * refresh (a new database, or after `npm run seed` adds back-dated leads) it recounts the whole period.
 */
export function createDashboardRollups(db: Db, now: () => Date = () => new Date()) {
  /** Brings the rollups up to date, unless another read (or instance) did less than `maxAgeMs` ago. */
  async function refresh({ maxAgeMs = 0 }: { maxAgeMs?: number } = {}): Promise<void> {
    const at = now();
    if (maxAgeMs > 0) {
      const last = await db.selectFrom("rollup_state").select("refreshed_at").where("name", "=", ROLLUP).executeTakeFirst();
      if (last && at.getTime() - Date.parse(last.refreshed_at) < maxAgeMs) return;
    }
    const horizon = utcDay(new Date(at.getTime() - MAX_PERIOD_DAYS * DAY_MS));
    await writeTransaction(db, async (trx) => {
      await lockForTransaction(trx, "dashboard-rollups");
      const state = await trx.selectFrom("rollup_state").select("refreshed_at").where("name", "=", ROLLUP).executeTakeFirst();
      const since = state ? new Date(Date.parse(state.refreshed_at) - CLOCK_MARGIN_MS) : null;
      const leadsFrom = since && utcDay(since) > horizon ? utcDay(since) : horizon;

      const leads = await trx
        .selectFrom("leads")
        .select([sql<string>`substr(created_at, 1, 10)`.as("day"), "case_type", (eb) => eb.fn.countAll<number | string>().as("n")])
        .where("created_at", ">=", `${leadsFrom}T00:00:00.000Z`)
        .groupBy([sql`substr(created_at, 1, 10)`, "case_type"])
        .execute();
      await trx.deleteFrom("lead_daily").where("day", ">=", leadsFrom).execute();
      await insertChunks(leads.map((r) => ({ day: r.day, case_type: r.case_type, leads: Number(r.n) })), (rows) =>
        trx.insertInto("lead_daily").values(rows).execute(),
      );

      const changedDays = since
        ? (
            await trx
              .selectFrom("deliveries")
              .select(sql<string>`substr(created_at, 1, 10)`.as("day"))
              .distinct()
              .where("updated_at", ">=", since.toISOString())
              .execute()
          )
            .map((r) => r.day)
            .filter((day) => day >= horizon)
        : [];
      for (const { from, to } of deliveryWindows(since ? changedDays : null, horizon)) {
        const rows = await trx
          .selectFrom("deliveries")
          .select([
            sql<string>`substr(created_at, 1, 10)`.as("day"),
            sql<string>`coalesce(buyer_id, target)`.as("destination"),
            "status",
            (eb) => eb.fn.countAll<number | string>().as("n"),
          ])
          .where("created_at", ">=", from)
          .where("created_at", "<", to)
          .where("target", "<>", "event")
          .groupBy([sql`substr(created_at, 1, 10)`, sql`coalesce(buyer_id, target)`, "status"])
          .execute();
        await trx.deleteFrom("delivery_daily").where("day", ">=", from.slice(0, 10)).where("day", "<", to.slice(0, 10)).execute();
        await insertChunks(rows.map((r) => ({ day: r.day, destination: r.destination, status: r.status, deliveries: Number(r.n) })), (chunk) =>
          trx.insertInto("delivery_daily").values(chunk).execute(),
        );
      }

      await trx.deleteFrom("lead_daily").where("day", "<", horizon).execute();
      await trx.deleteFrom("delivery_daily").where("day", "<", horizon).execute();
      await trx
        .insertInto("rollup_state")
        .values({ name: ROLLUP, refreshed_at: at.toISOString() })
        .onConflict((oc) => oc.column("name").doUpdateSet({ refreshed_at: at.toISOString() }))
        .execute();
    });
  }

  /** Forgets the last refresh, so the next one recounts the whole period (after a bulk load). */
  async function invalidate(): Promise<void> {
    await db.deleteFrom("rollup_state").where("name", "=", ROLLUP).execute();
  }

  return { refresh, invalidate };
}

export type DashboardRollups = ReturnType<typeof createDashboardRollups>;

/** The created_at ranges to recount: each changed day, or the whole period when there is no earlier count. */
function deliveryWindows(days: string[] | null, horizon: string): { from: string; to: string }[] {
  if (days === null) return [{ from: `${horizon}T00:00:00.000Z`, to: "9999" }];
  return days.map((day) => {
    const { from, to } = dayRange(day);
    return { from, to: `${to}T00:00:00.000Z` };
  });
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  // Small statements: SQLite allows at most 32,766 bound parameters in one.
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}
