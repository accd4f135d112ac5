import type { BuyerReportEntry } from "../../server/distribution";
import { priceSummary, signedCents } from "./buyer-summary";

// The buyer report's figures as the page shows them: revenue is the sum of the buyer's ledger entries
// (sales at their price then, less credits), so a buyer with none and no price shows none rather than $0.00.

export interface ReportFigures {
  sent: number;
  accepted: number;
  rejected: number;
  waiting: number;
  /** "$1,234.50", or "—" without a price. */
  revenue: string;
}

export interface ReportDayView extends ReportFigures {
  /** YYYY-MM-DD, the buyer's own day. */
  day: string;
  /** "Mon, Nov 23". */
  label: string;
}

export interface BuyerReportView {
  id: string;
  name: string;
  active: boolean;
  timeZone: string;
  price: string;
  /** "3 of 10 left today", "No daily cap". */
  capLeft: string;
  days: ReportDayView[];
  total: ReportFigures;
}

export const NO_REVENUE = "—";

export function buyerReportView(entry: BuyerReportEntry): BuyerReportView {
  const revenue = (priced: boolean, cents: number) => (priced ? signedCents(cents) : NO_REVENUE);
  const days = entry.days.map((day) => ({
    day: day.day,
    label: dayLabel(day.day),
    sent: day.sent,
    accepted: day.accepted,
    rejected: day.rejected,
    waiting: day.pending,
    revenue: revenue(day.priced, day.revenueCents),
  }));
  const sum = (key: "sent" | "accepted" | "rejected" | "waiting") => days.reduce((total, day) => total + day[key], 0);
  return {
    id: entry.buyerId,
    name: entry.name,
    active: entry.active,
    timeZone: entry.timeZone,
    price: priceSummary(entry.priceCents),
    capLeft: capLeftSummary(entry.capLeftToday, entry.perDay),
    days,
    total: { sent: sum("sent"), accepted: sum("accepted"), rejected: sum("rejected"), waiting: sum("waiting"), revenue: revenue(
        entry.days.some((day) => day.priced),
        entry.days.reduce((total, day) => total + day.revenueCents, 0),
      ) },
  };
}

export function capLeftSummary(left: number | null, perDay: number | null): string {
  if (left === null || perDay === null) return "No daily cap";
  return `${left.toLocaleString("en-US")} of ${perDay.toLocaleString("en-US")} left today`;
}

/** "Mon, Nov 23" for 2026-11-23: the date is already the buyer's, so it is read in UTC, not moved. */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", weekday: "short", month: "short", day: "numeric" });
}
