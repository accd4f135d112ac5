import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { priceCentsOf } from "../routing/buyer-rules";
import { capPeriods } from "../routing/cap-reservation";
import { buyerDayKey } from "../routing/route-decision";
import type { Buyer } from "./buyer-store";

/** One buyer's day, in the buyer's time zone. */
export interface BuyerDay {
  day: string;
  /** Leads routed to the buyer that day (each delivery once, however often it was attempted). */
  sent: number;
  accepted: number;
  /** Refused by the buyer's answer, or given up on after the retries. */
  rejected: number;
  /** Not answered yet. */
  pending: number;
  /** What the accepted leads were sold for: an auction's winning bid, else the buyer's fixed price. */
  revenueCents: number;
  /** Whether any of them had a price: without one there is no revenue to show, rather than $0.00. */
  priced: boolean;
}

export interface BuyerReport {
  buyerId: string;
  name: string;
  active: boolean;
  /** Leads the buyer may still take today; null without a daily cap. */
  capLeftToday: number | null;
  days: BuyerDay[];
}

/**
 * Each buyer's leads per day over the last `days` days (newest first), and what its daily cap leaves
 * today. Days are the buyer's own, as its caps are; the deliveries are read by the (buyer, time) index.
 */
export async function buyerReport(db: Kysely<Database>, buyers: readonly Buyer[], now: Date, days = 7): Promise<BuyerReport[]> {
  const since = new Date(now.getTime() - (days + 1) * 86_400_000).toISOString();
  return Promise.all(
    buyers.map(async (buyer) => {
      const { timeZone, caps } = buyer.rules;
      const fixedPrice = priceCentsOf(buyer.rules);
      const [deliveries, counter] = await Promise.all([
        db
          .selectFrom("deliveries")
          .select(["created_at", "status", "price_cents"])
          .where("buyer_id", "=", buyer.id)
          .where("created_at", ">=", since)
          .execute(),
        db
          .selectFrom("buyer_cap_counters")
          .select("sent")
          .where("buyer_id", "=", buyer.id)
          .where("period", "=", capPeriods(timeZone, now).day)
          .executeTakeFirst(),
      ]);
      const byDay = new Map<string, BuyerDay>();
      // Counted back on the calendar, not in 24-hour steps, which skip a day across a DST change.
      const today = Date.parse(`${buyerDayKey(now, timeZone)}T00:00:00Z`);
      for (let back = 0; back < days; back++) {
        const day = new Date(today - back * 86_400_000).toISOString().slice(0, 10);
        byDay.set(day, { day, sent: 0, accepted: 0, rejected: 0, pending: 0, revenueCents: 0, priced: fixedPrice !== null });
      }
      for (const delivery of deliveries) {
        const row = byDay.get(buyerDayKey(new Date(delivery.created_at), timeZone));
        // Cancelled deliveries were spam, never sent.
        if (!row || delivery.status === "cancelled") continue;
        row.sent++;
        if (delivery.status === "delivered") {
          row.accepted++;
          const cents = delivery.price_cents ?? fixedPrice;
          if (cents !== null) {
            row.revenueCents += Number(cents);
            row.priced = true;
          }
        }
        else if (delivery.status === "failed" || delivery.status === "dead") row.rejected++;
        else row.pending++;
      }
      return {
        buyerId: buyer.id,
        name: buyer.name,
        active: buyer.active,
        capLeftToday: caps.perDay === undefined ? null : Math.max(0, caps.perDay - Number(counter?.sent ?? 0)),
        days: [...byDay.values()],
      };
    }),
  );
}
