import { LINE_TYPES } from "../../contacts/line-types";
import { z } from "zod";
import type { DeliveryTarget } from "../../db/schema";
import { dollarsToCents } from "../../money";

const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** Minutes since local midnight of "HH:MM"; "24:00" is the end of the day (1440). */
export function clockMinutes(clock: string): number {
  if (clock === "24:00") return 24 * 60;
  const [hours, minutes] = clock.split(":").map(Number) as [number, number];
  return hours * 60 + minutes;
}

// Building a DateTimeFormat to check a zone costs more than the rest of a buyer's rules; routing
// checks every buyer's zone for every lead. Only known zones are kept, so input cannot grow it unbounded.
const knownTimeZones = new Set<string>();

export function isTimeZone(name: string): boolean {
  if (knownTimeZones.has(name)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
  } catch {
    return false;
  }
  knownTimeZones.add(name);
  return true;
}

const count = z.number().int().min(0);

export const DEFAULT_DEADLINE_SECONDS = 120;
export const MIN_DEADLINE_SECONDS = 10;
export const MAX_DEADLINE_SECONDS = 86_400;
export const DEFAULT_PAUSE_AFTER_FAILURES = 5;

export const buyerFiltersSchema = z.object({
  /** Case types as stored on the lead (leads.case_type); empty takes every claim. */
  claimTypes: z.array(z.string().trim().min(1)).default([]),
  /** Two-letter state codes; empty takes every state. */
  states: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, "Enter a two-letter state code.")
        .transform((state) => state.toUpperCase()),
    )
    .default([]),
  eligibleOnly: z.boolean().default(false),
  /** libphonenumber's types of the lead's number the buyer takes (server/contacts/phone-facts.ts); empty takes every type. */
  lineTypes: z.array(z.enum(LINE_TYPES)).default([]),
  /** Takes only leads whose area code lies in their stated state (an unknown area code does not). */
  requireAreaCodeInState: z.boolean().default(false),
  /** Takes leads that repeat a person's earlier lead of the claim (leads.duplicate_of); off unless the buyer asks. */
  acceptsDuplicates: z.boolean().default(false),
  maxLeadAgeMinutes: z.number().int().positive().optional(),
});

export const buyerCapsSchema = z.object({
  perDay: count.optional(),
  perMonth: count.optional(),
});

/**
 * Open hours on some weekdays, in the buyer's time zone, compared on the wall clock, so that on a DST
 * change the window keeps its local times (and a window inside the skipped hour does not open that day).
 * When `from` is later than `to` the window runs past midnight and belongs to the day it opens:
 * Friday 22:00–06:00 includes Saturday 03:00 when Friday is listed, whether or not Saturday is.
 */
export const buyerScheduleSchema = z
  .object({
    /** 0 = Sunday ... 6 = Saturday, as Date#getDay. */
    days: z
      .array(z.number().int().min(0).max(6))
      .min(1, "Choose at least one day.")
      .refine(
        (days) => new Set(days).size === days.length,
        "A day is listed twice.",
      ),
    from: z.string().regex(CLOCK, "Enter a time as HH:MM."),
    to: z
      .string()
      .refine(
        (clock) => clock === "24:00" || CLOCK.test(clock),
        "Enter a time as HH:MM (24:00 for midnight).",
      ),
  })
  // Equal ends could mean an empty window or a whole day; 00:00–24:00 says the latter.
  .refine(
    (schedule) => clockMinutes(schedule.from) !== clockMinutes(schedule.to),
    {
      message:
        "The window opens and closes at the same time; use 00:00–24:00 for the whole day.",
      path: ["to"],
    },
  );

export const buyerRulesSchema = z.object({
  active: z.boolean().default(true),
  /** The IANA zone caps are counted in and the schedule is read in. */
  timeZone: z
    .string()
    .trim()
    .refine(isTimeZone, "Enter an IANA time zone such as America/New_York."),
  filters: buyerFiltersSchema.default({
    claimTypes: [],
    states: [],
    eligibleOnly: false,
    acceptsDuplicates: false,
    lineTypes: [],
    requireAreaCodeInState: false,
  }),
  caps: buyerCapsSchema.default({}),
  /** null: always open. */
  schedule: buyerScheduleSchema.nullable().default(null),
  /** Lower goes first. */
  priority: z.number().int().min(0).default(100),
  /** Share of the leads among buyers of equal priority. */
  weight: z.number().int().positive().default(1),
  /**
   * How long the buyer has to take a lead, from when it is queued for it: past that, retries stop, its
   * cap slot is given back and the lead moves on; a later yes is recorded but is not a sale.
   */
  deliveryDeadlineSeconds: z
    .number()
    .int("Enter whole seconds.")
    .min(
      MIN_DEADLINE_SECONDS,
      `Enter at least ${MIN_DEADLINE_SECONDS} seconds.`,
    )
    .max(MAX_DEADLINE_SECONDS, "Enter at most 86,400 seconds (a day).")
    .default(DEFAULT_DEADLINE_SECONDS),
  /** Failed attempts in a row (no answer, or not 2xx) after which the buyer is paused; 0 never pauses it. */
  pauseAfterFailures: z
    .number()
    .int("Enter a whole number.")
    .min(0, "Enter 0 or more.")
    .max(1000, "Enter at most 1,000.")
    .default(DEFAULT_PAUSE_AFTER_FAILURES),
  /**
   * What the buyer pays for a lead it takes outside an auction, in dollars (12.5 is $12.50), so that
   * revenue can be reported; read it as cents with priceCentsOf. An auction's price is the winning bid.
   */
  price: z
    .number()
    .refine((dollars) => {
      const parsed = dollarsToCents(dollars);
      return parsed.ok && !parsed.fractionDropped;
    }, "Enter a price in dollars and cents, from $0 to $100,000.")
    .optional(),
});

export type BuyerFilters = z.infer<typeof buyerFiltersSchema>;
export type BuyerCaps = z.infer<typeof buyerCapsSchema>;
export type BuyerSchedule = z.infer<typeof buyerScheduleSchema>;
export type BuyerRules = z.infer<typeof buyerRulesSchema>;
/** The buyer's fixed price per lead in whole cents, or null when it has none. */
export function priceCentsOf(rules: Pick<BuyerRules, "price">): number | null {
  if (rules.price === undefined) return null;
  const parsed = dollarsToCents(rules.price);
  return parsed.ok ? parsed.cents : null;
}

/** What routing reads of a buyer; its delivery method and credentials live elsewhere. */
export interface RoutableBuyer {
  id: string;
  name: string;
  rules: BuyerRules;
  /**
   * A system buyer (the spec's webhook, a claim's partner): its deliveries carry this target and are
   * sent by that target's sender. Absent or null for the operator's buyers ('buyer' deliveries).
   */
  system?: DeliveryTarget | null;
}
