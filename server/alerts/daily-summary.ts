import type { Db } from "../db/database";
import { ledgerTotals } from "../ledger";
import { dayBounds } from "../lead-console/lead-filter";
import { buyerDayKey } from "../ledger/buyer-day";

const TOP_CAMPAIGNS = 5;
const dollars = (cents: number) => `${cents < 0 ? "-" : ""}$${(Math.abs(cents) / 100).toFixed(2)}`;

/** The operator's day before the one `now` is in (YYYY-MM-DD in `timeZone`). */
export function previousDay(now: Date, timeZone: string): string {
  const today = dayBounds(buyerDayKey(now, timeZone), timeZone);
  return buyerDayKey(new Date(new Date(today.start).getTime() - 1), timeZone);
}

/**
 * One day's figures for the owners' summary: leads in (spam apart), sales and revenue, returns and the
 * ledger's net from the ledger as written that day (docs/decisions/041), and the campaigns that brought
 * the most leads.
 */
export async function dailySummary(db: Db, day: string, timeZone: string): Promise<{ subject: string; body: string }> {
  const { start, end } = dayBounds(day, timeZone);
  const inDay = db.selectFrom("leads").where("created_at", ">=", start).where("created_at", "<", end).where("is_spam", "=", 0);
  const [leads, campaigns, money] = await Promise.all([
    inDay.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
    inDay
      .select(["utm_campaign", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("utm_campaign", "is not", null)
      .groupBy("utm_campaign")
      .orderBy("n", "desc")
      .orderBy("utm_campaign")
      .limit(TOP_CAMPAIGNS)
      .execute(),
    ledgerTotals(db, { from: start, to: end, timeZone }),
  ]);
  const { total } = money;
  const lines = [
    `Leads: ${Number(leads.n)}`,
    `Sold: ${total.sales} for ${dollars(total.salesCents)}`,
    `Returns: ${total.returns} (${dollars(total.returnsCents)})`,
    `Net revenue (ledger): ${dollars(total.netCents)}`,
    "",
    "Top campaigns by leads:",
    ...(campaigns.length ? campaigns.map((c) => `  ${c.utm_campaign}: ${Number(c.n)}`) : ["  none tagged with utm_campaign"]),
  ];
  return { subject: `Daily summary for ${day}`, body: `${lines.join("\n")}\n\nDay in ${timeZone}.` };
}
