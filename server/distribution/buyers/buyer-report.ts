import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { priceCentsOf, type RoutableBuyer } from "../routing/buyer-rules";
import { capPeriods } from "../routing/cap-reservation";
import { buyerDayKey } from "../../ledger";

/** One buyer's day, in the buyer's time zone. */
/** What the report reads of a buyer (./buyer-store.ts's Buyer has it). */
type ReportedBuyer = Pick<RoutableBuyer, "id" | "name" | "rules"> & { active: boolean };

export interface BuyerDay {
  day: string;
  /** Posts to the buyer that day: every attempt, re-sends and retries too. */
  sent: number;
  /** Sales that day, from the ledger. */
  accepted: number;
  /** Offers (deliveries routed that day) the buyer refused, or that were given up on after the retries. */
  rejected: number;
  /** Offers routed that day not answered yet. */
  pending: number;
  /** The sum of the buyer's ledger entries that day: sales at their price then, less credits. */
  revenueCents: number;
  /** Whether there is money to show: a sale, a credit, or a price; without one, no revenue rather than $0.00. */
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
 * today. Days are the buyer's own, as its caps are. Money and sales come from the ledger
 * (docs/decisions/038), so a price changed today leaves past days as they were; posts are counted
 * from the attempts' log, so a re-send or a retry counts as the post it was.
 */
export async function buyerReport(db: Kysely<Database>, buyers: readonly ReportedBuyer[], now: Date, days = 7): Promise<BuyerReport[]> {
  const since = new Date(now.getTime() - (days + 1) * 86_400_000).toISOString();
  const ids = buyers.map((buyer) => buyer.id);
  const attempts = ids.length
    ? await db
        .selectFrom("delivery_attempts")
        .innerJoin("deliveries", "deliveries.id", "delivery_attempts.delivery_id")
        .select(["deliveries.buyer_id", "delivery_attempts.attempted_at"])
        // A delivery attempted in the window was updated in it: read by the updated_at index.
        .where("deliveries.updated_at", ">=", since)
        .where("deliveries.buyer_id", "in", ids)
        .where("delivery_attempts.attempted_at", ">=", since)
        .execute()
    : [];
  return Promise.all(
    buyers.map(async (buyer) => {
      const { timeZone, caps } = buyer.rules;
      const fixedPrice = priceCentsOf(buyer.rules);
      const [deliveries, entries, counter] = await Promise.all([
        db
          .selectFrom("deliveries")
          .select(["created_at", "status"])
          .where("buyer_id", "=", buyer.id)
          .where("created_at", ">=", since)
          .execute(),
        db
          .selectFrom("ledger_entries")
          .select(["created_at", "kind", "amount_cents"])
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
      const dayOf = (at: string) => byDay.get(buyerDayKey(new Date(at), timeZone));
      for (const attempt of attempts) {
        const row = attempt.buyer_id === buyer.id ? dayOf(attempt.attempted_at) : undefined;
        if (row) row.sent++;
      }
      for (const delivery of deliveries) {
        const row = dayOf(delivery.created_at);
        if (!row) continue;
        if (delivery.status === "failed" || delivery.status === "dead") row.rejected++;
        else if (delivery.status === "pending" || delivery.status === "sending") row.pending++;
      }
      for (const entry of entries) {
        const row = dayOf(entry.created_at);
        if (!row) continue;
        if (entry.kind === "sale") row.accepted++;
        row.revenueCents += Number(entry.amount_cents);
        row.priced = true;
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
