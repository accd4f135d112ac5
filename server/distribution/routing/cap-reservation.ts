import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { RoutableBuyer } from "./buyer-rules";
import { buyerDayKey } from "../../ledger";
import type { BuyerUsage, RoutingUsage } from "./route-decision";

/** The counter rows a lead sent now counts in: the buyer's day ('D:YYYY-MM-DD') and month ('M:YYYY-MM'). */
export interface CapPeriods {
  day: string;
  month: string;
}

export type CapReservation =
  | { reserved: true; periods: CapPeriods }
  | { reserved: false; reason: "daily cap reached" | "monthly cap reached" };

export function capPeriods(timeZone: string, now: Date): CapPeriods {
  const day = buyerDayKey(now, timeZone);
  return { day: `D:${day}`, month: `M:${day.slice(0, 7)}` };
}

/**
 * Counts one more lead for the buyer in its day and its month, only if both stay within its caps; a
 * buyer without caps is counted too, since the weighted round-robin reads the same counters. Runs in
 * the caller's write transaction, with the delivery row it reserves for, so a crash keeps both or
 * neither. Each increment is one INSERT ... ON CONFLICT DO UPDATE ... WHERE under the cap, which
 * PostgreSQL evaluates against the committed row after waiting on a concurrent one, so no interleaving
 * can count past a cap.
 */
export async function reserveCapacity(
  trx: Kysely<Database>,
  buyer: RoutableBuyer,
  now: Date,
): Promise<CapReservation> {
  const periods = capPeriods(buyer.rules.timeZone, now);
  const { perDay, perMonth } = buyer.rules.caps;
  if (!(await increment(trx, buyer.id, periods.day, perDay)))
    return { reserved: false, reason: "daily cap reached" };
  if (!(await increment(trx, buyer.id, periods.month, perMonth))) {
    // Undone inside the same transaction, so no other transaction ever sees the day counted alone.
    await decrement(trx, buyer.id, periods.day);
    return { reserved: false, reason: "monthly cap reached" };
  }
  return { reserved: true, periods };
}

/**
 * Gives back the slot a delivery holds, in the day and month it was reserved in (not today's: a
 * rejection may come after the buyer's midnight). Clearing the delivery's periods and decrementing
 * happen together, so a second call for the same delivery releases nothing; true when this one did.
 */
export async function releaseCapacity(
  trx: Kysely<Database>,
  deliveryId: string,
): Promise<boolean> {
  const held = await trx
    .selectFrom("deliveries")
    .select(["buyer_id", "reserved_day", "reserved_month"])
    .where("id", "=", deliveryId)
    .executeTakeFirst();
  if (!held?.buyer_id || !held.reserved_day) return false;
  // Conditional, so that of two releases racing on PostgreSQL the second finds nothing left to clear.
  const cleared = await trx
    .updateTable("deliveries")
    .set({ reserved_day: null, reserved_month: null })
    .where("id", "=", deliveryId)
    .where("reserved_day", "=", held.reserved_day)
    .executeTakeFirst();
  if (!cleared.numUpdatedRows) return false;
  for (const period of [held.reserved_day, held.reserved_month]) {
    if (period) await decrement(trx, held.buyer_id, period);
  }
  return true;
}

/**
 * What decideRoute needs to know of every buyer passed: its leads today and this month, each in its own
 * zone. A buyer without counter rows has sent nothing, and gets an explicit zero rather than none.
 */
export async function usageOf(
  db: Kysely<Database>,
  buyers: readonly RoutableBuyer[],
  now: Date,
  alreadyTried: readonly string[] = [],
): Promise<RoutingUsage> {
  if (!buyers.length) return { byBuyer: {}, alreadyTried };
  const periodsOf = new Map(
    buyers.map((buyer) => [buyer.id, capPeriods(buyer.rules.timeZone, now)]),
  );
  const periods = [
    ...new Set(
      [...periodsOf.values()].flatMap(({ day, month }) => [day, month]),
    ),
  ];
  const rows = await db
    .selectFrom("buyer_cap_counters")
    .select(["buyer_id", "period", "sent"])
    .where("buyer_id", "in", [...periodsOf.keys()])
    .where("period", "in", periods)
    .execute();
  const sent = new Map(
    rows.map((row) => [`${row.buyer_id} ${row.period}`, Number(row.sent)]),
  );
  const byBuyer: Record<string, BuyerUsage> = {};
  for (const [buyerId, { day, month }] of periodsOf) {
    byBuyer[buyerId] = {
      sentToday: sent.get(`${buyerId} ${day}`) ?? 0,
      sentThisMonth: sent.get(`${buyerId} ${month}`) ?? 0,
    };
  }
  return { byBuyer, alreadyTried };
}

/** One more lead in the period's counter, creating it at 1, unless that passes the cap: true when counted. */
async function increment(
  trx: Kysely<Database>,
  buyerId: string,
  period: string,
  cap: number | undefined,
): Promise<boolean> {
  if (cap !== undefined && cap < 1) return false;
  const counted = await trx
    .insertInto("buyer_cap_counters")
    .values({ buyer_id: buyerId, period, sent: 1 })
    .onConflict((conflict) => {
      const update = conflict
        .columns(["buyer_id", "period"])
        .doUpdateSet({ sent: sql`buyer_cap_counters.sent + 1` });
      return cap === undefined
        ? update
        : update.where("buyer_cap_counters.sent", "<", cap);
    })
    .returning("sent")
    .executeTakeFirst();
  return counted !== undefined;
}

async function decrement(
  trx: Kysely<Database>,
  buyerId: string,
  period: string,
): Promise<void> {
  await trx
    .updateTable("buyer_cap_counters")
    .set({ sent: sql`sent - 1` })
    .where("buyer_id", "=", buyerId)
    .where("period", "=", period)
    .where("sent", ">", 0)
    .execute();
}
