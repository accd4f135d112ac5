import { TZDate } from "@date-fns/tz";
import type { LeadSuppression } from "../../suppression/suppression-check";
import { clockMinutes, type BuyerSchedule, type RoutableBuyer } from "./buyer-rules";
import type { PhoneFacts } from "../../contacts/phone-facts";

export interface RoutableLead {
  id: string;
  caseType: string;
  state: string | null;
  /** null: the claim has no verdict (a partial lead). */
  eligible: boolean | null;
  /** The person's first lead of the claim when this one repeats it (leads.duplicate_of), else null. */
  duplicateOf: string | null;
  /** ISO-8601. */
  createdAt: string;
  /** What the phone number says offline (server/contacts/phone-facts.ts); absent: nothing known. */
  phone?: PhoneFacts;
  /** The suppression lists the lead is on (docs/decisions/047); routeLead looks them up when missing. */
  suppression?: LeadSuppression;
}

export interface BuyerUsage {
  /** Leads sent on the buyer's current day and month (capPeriods, in the buyer's time zone). */
  sentToday: number;
  sentThisMonth: number;
}

export interface RoutingUsage {
  /** A buyer missing here has sent nothing today or this month, as a missing counter row means. */
  byBuyer: Readonly<Record<string, BuyerUsage>>;
  /** Buyers this lead has already been offered to, so that a cascade moves on. */
  alreadyTried: readonly string[];
}

export type RoutingOptions = {
  now: Date;
  /** Buyers that cannot be sent to now: the default webhook buyer while no webhook URL is saved. */
  notConfigured?: readonly string[];
} & (
  | { mode?: "exclusive" }
  /** In a cascade, maxBuyers is how many more buyers the lead may still go to. */
  | { mode: "shared"; maxBuyers: number }
);

export const SKIP_REASONS = [
  "paused",
  "not configured",
  "already tried",
  "claim type",
  "state",
  "not eligible",
  "duplicate",
  "lead too old",
  "daily cap reached",
  "monthly cap reached",
  "out of hours",
  "line type",
  "area code not in state",
] as const;
/** A buyer protected from the lead by a suppression list: the reason names the list. */
export type SuppressionReason = `suppression list: ${string}`;
export type SkipReason = (typeof SKIP_REASONS)[number] | SuppressionReason;

export const suppressionReason = (listName: string): SuppressionReason => `suppression list: ${listName}`;

export type ConsideredBuyer =
  | { buyerId: string; buyerName: string; verdict: "candidate" }
  | {
      buyerId: string;
      buyerName: string;
      verdict: "skipped";
      reason: SkipReason;
    };

export interface RouteDecision {
  /** Every buyer, by priority; within a priority, candidates in the order tried, then the skipped. */
  considered: ConsideredBuyer[];
  /** The buyers to offer the lead to, in order: a cascade in exclusive mode, all at once in shared mode. */
  order: string[];
}

const NO_USAGE: BuyerUsage = { sentToday: 0, sentThisMonth: 0 };

/**
 * Which buyers may take a lead now, and in which order. Among buyers of equal priority the one with
 * the fewest leads today for its weight goes first, so the day's leads split in proportion to the
 * weights from the counts alone, with no rotation pointer to store or race on.
 */
export function decideRoute(
  lead: RoutableLead,
  buyers: readonly RoutableBuyer[],
  usage: RoutingUsage,
  options: RoutingOptions,
): RouteDecision {
  const createdAt = Date.parse(lead.createdAt);
  if (Number.isNaN(createdAt))
    throw new Error(
      `Lead ${lead.id} has no valid createdAt: '${lead.createdAt}'.`,
    );
  const ageMinutes = (options.now.getTime() - createdAt) / 60_000;
  const tried = new Set(usage.alreadyTried);
  const notConfigured = new Set(options.notConfigured ?? []);
  const usageOf = (buyer: RoutableBuyer) => usage.byBuyer[buyer.id] ?? NO_USAGE;

  const skipReason = (buyer: RoutableBuyer): SkipReason | undefined => {
    const { active, filters, caps, schedule, timeZone } = buyer.rules;
    const { sentToday, sentThisMonth } = usageOf(buyer);
    if (!active) return "paused";
    const list = lead.suppression?.everyone ?? lead.suppression?.byBuyer[buyer.id];
    if (list) return suppressionReason(list);
    if (notConfigured.has(buyer.id)) return "not configured";
    if (tried.has(buyer.id)) return "already tried";
    if (
      filters.claimTypes.length &&
      !filters.claimTypes.includes(lead.caseType)
    )
      return "claim type";
    if (
      filters.states.length &&
      !filters.states.includes(lead.state?.toUpperCase() ?? "")
    )
      return "state";
    if (filters.eligibleOnly && lead.eligible !== true) return "not eligible";
    if (lead.duplicateOf !== null && !filters.acceptsDuplicates)
      return "duplicate";
    if (
      filters.maxLeadAgeMinutes !== undefined &&
      ageMinutes > filters.maxLeadAgeMinutes
    )
      return "lead too old";
    // An unknown fact does not meet a filter that asks for it.
    if (
      filters.lineTypes.length &&
      !filters.lineTypes.includes(lead.phone?.lineType ?? "unknown")
    )
      return "line type";
    if (filters.requireAreaCodeInState && lead.phone?.areaCodeInState !== true)
      return "area code not in state";
    if (caps.perDay !== undefined && sentToday >= caps.perDay)
      return "daily cap reached";
    if (caps.perMonth !== undefined && sentThisMonth >= caps.perMonth)
      return "monthly cap reached";
    if (!isWithinSchedule(schedule, timeZone, options.now))
      return "out of hours";
    return undefined;
  };

  const judged = buyers.map((buyer) => ({ buyer, reason: skipReason(buyer) }));
  judged.sort(
    (a, b) =>
      a.buyer.rules.priority - b.buyer.rules.priority ||
      Number(a.reason !== undefined) - Number(b.reason !== undefined) ||
      (a.reason === undefined && b.reason === undefined
        ? compareLoad(a.buyer, b.buyer)
        : 0) ||
      compareIds(a.buyer.id, b.buyer.id),
  );

  const considered = judged.map(({ buyer, reason }): ConsideredBuyer => {
    const named = { buyerId: buyer.id, buyerName: buyer.name };
    return reason === undefined
      ? { ...named, verdict: "candidate" }
      : { ...named, verdict: "skipped", reason };
  });
  const candidates = considered
    .filter((entry) => entry.verdict === "candidate")
    .map((entry) => entry.buyerId);
  const order =
    options.mode === "shared"
      ? candidates.slice(0, Math.max(0, options.maxBuyers))
      : candidates;
  return { considered, order };

  // sentToday / weight compared by cross-multiplying: integers, so no rounding decides a tie.
  function compareLoad(a: RoutableBuyer, b: RoutableBuyer): number {
    return (
      usageOf(a).sentToday * b.rules.weight -
      usageOf(b).sentToday * a.rules.weight
    );
  }
}

/** Whether the buyer's wall clock at `now` is inside its schedule; null is always open. */
export function isWithinSchedule(
  schedule: BuyerSchedule | null,
  timeZone: string,
  now: Date,
): boolean {
  if (!schedule) return true;
  const local = new TZDate(now.getTime(), timeZone);
  const minute = local.getHours() * 60 + local.getMinutes();
  const today = local.getDay();
  const yesterday = (today + 6) % 7;
  const from = clockMinutes(schedule.from);
  const to = clockMinutes(schedule.to);
  if (from < to)
    return schedule.days.includes(today) && minute >= from && minute < to;
  return (
    (schedule.days.includes(today) && minute >= from) ||
    (schedule.days.includes(yesterday) && minute < to)
  );
}

// Code-unit order, not localeCompare, so the same ids sort the same on every machine.
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
