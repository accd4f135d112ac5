import { TZDate } from "@date-fns/tz";
import type { BuyerStatus, DeliveryTarget } from "../db/schema";
import type { LeadOutcome } from "../db/search-keys";

/** The delivery states an operator filters on; 'pending' includes a delivery being sent right now. */
export const DELIVERY_FILTER_STATES = ["pending", "delivered", "failed", "dead"] as const;
export type DeliveryFilterState = (typeof DELIVERY_FILTER_STATES)[number];
export const OUTCOMES = ["eligible", "partial", "ineligible", "none"] as const satisfies readonly LeadOutcome[];

/** Everything the lead list can be narrowed by; each is a query-string parameter of the same name. */
export interface LeadFilter {
  q?: string;
  claim?: string;
  /** Days (YYYY-MM-DD) in the operator's time zone, both included. */
  from?: string;
  to?: string;
  outcome?: LeadOutcome;
  state?: string;
  delivery?: { target: DeliveryTarget; status: DeliveryFilterState };
  spam?: "yes" | "no";
  /** Leads whose consent was revoked (yes), or not (no). */
  revoked?: "yes" | "no";
  /** yes: leads that repeat a person's earlier lead of the claim (leads.duplicate_of). */
  duplicate?: "yes" | "no";
  /** yes: leads flagged as low quality (leads.low_quality), such as a disposable e-mail address. */
  low_quality?: "yes" | "no";
  buyer?: BuyerStatus;
  /** A buyer's id: the leads the ledger has a sale of to that buyer (docs/decisions/038). */
  sold_to?: string;
  utm_source?: string;
  utm_campaign?: string;
  /** A supplier's id, or FIRST_PARTY: the leads of our own forms (leads.supplier_id null). */
  supplier?: string;
  /** The language of the form the lead came from (docs/decisions/058). */
  language?: "en" | "es";
}

/** The supplier filter's value for our own forms' leads. */
export const FIRST_PARTY = "first-party";

export const FILTER_PARAMS = ["q", "claim", "from", "to", "outcome", "state", "delivery", "spam", "revoked", "duplicate", "low_quality", "buyer", "sold_to", "utm_source", "utm_campaign", "supplier", "language"] as const;
export const BUYER_STATUSES = ["pending", "sold", "unsold", "checking", "held"] as const satisfies readonly BuyerStatus[];

export interface FilterChoices {
  caseTypes: readonly string[];
  targets: readonly DeliveryTarget[];
}

export type ParsedFilter = { ok: true; filter: LeadFilter } | { ok: false; errors: Record<string, string> };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * The days a filter takes: Date reads years 0-99 as 1900-1999, and the end of 9999-12-31 is in year
 * 10000, which ISO-8601 writes as '+010000-…', a string that sorts before every lead's time.
 */
const FIRST_DAY = "1900-01-01";
const LAST_DAY = "9998-12-31";
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;

/** Reads the filter from a query string; a value it cannot use is an error named after its parameter. */
export function parseLeadFilter(params: URLSearchParams, choices: FilterChoices): ParsedFilter {
  const filter: LeadFilter = {};
  const errors: Record<string, string> = {};
  const value = (name: string) => params.get(name)?.trim() || undefined;

  const q = value("q");
  if (q) {
    if (q.length > 200) errors.q = "Search for at most 200 characters.";
    else filter.q = q;
  }
  const claim = value("claim");
  if (claim) {
    if (choices.caseTypes.includes(claim)) filter.claim = claim;
    else errors.claim = `Unknown claim type '${claim}'.`;
  }
  for (const name of ["from", "to"] as const) {
    const day = value(name);
    if (!day) continue;
    if (!isDay(day)) errors[name] = "Enter a date as YYYY-MM-DD.";
    else if (day < FIRST_DAY || day > LAST_DAY) errors[name] = `Enter a date between ${FIRST_DAY} and ${LAST_DAY}.`;
    else filter[name] = day;
  }
  if (filter.from && filter.to && filter.from > filter.to) errors.to = "The end date is before the start date.";
  const outcome = value("outcome");
  if (outcome) {
    if ((OUTCOMES as readonly string[]).includes(outcome)) filter.outcome = outcome as LeadOutcome;
    else errors.outcome = `Outcome is one of ${OUTCOMES.join(", ")}.`;
  }
  const state = value("state");
  if (state) {
    if (/^[A-Za-z]{2}$/.test(state)) filter.state = state.toUpperCase();
    else errors.state = "Enter a two-letter state code.";
  }
  const delivery = value("delivery");
  if (delivery) {
    const [target, status] = delivery.split(":");
    if (choices.targets.includes(target as DeliveryTarget) && (DELIVERY_FILTER_STATES as readonly string[]).includes(status ?? "")) {
      filter.delivery = { target: target as DeliveryTarget, status: status as DeliveryFilterState };
    } else {
      errors.delivery = "Delivery is a target and a state, such as webhook:dead.";
    }
  }
  const yesNo = { spam: "Spam", duplicate: "Duplicate", low_quality: "Low quality" } as const;
  for (const name of ["spam", "duplicate", "low_quality"] as const) {
    const answer = value(name);
    if (!answer) continue;
    if (answer === "yes" || answer === "no") filter[name] = answer;
    else errors[name] = `${yesNo[name]} is yes or no.`;
  }
  const revoked = value("revoked");
  if (revoked) {
    if (revoked === "yes" || revoked === "no") filter.revoked = revoked;
    else errors.revoked = "Revoked is yes or no.";
  }
  const buyer = value("buyer");
  if (buyer) {
    if ((BUYER_STATUSES as readonly string[]).includes(buyer)) filter.buyer = buyer as BuyerStatus;
    else errors.buyer = `Buyer is one of ${BUYER_STATUSES.join(", ")}.`;
  }
  const soldTo = value("sold_to");
  if (soldTo) {
    // An id that is no buyer's finds no lead, as it should; only its shape is checked here.
    if (/^[\w-]{1,100}$/.test(soldTo)) filter.sold_to = soldTo;
    else errors.sold_to = "Choose a buyer from the list.";
  }
  const supplier = value("supplier");
  if (supplier) {
    // As sold_to: an id that is no supplier's finds no lead; only its shape is checked.
    if (/^[\w-]{1,100}$/.test(supplier)) filter.supplier = supplier;
    else errors.supplier = "Choose a supplier from the list.";
  }
  const language = value("language");
  if (language) {
    if (language === "en" || language === "es") filter.language = language;
    else errors.language = "Language is en (English) or es (Spanish).";
  }
  for (const name of ["utm_source", "utm_campaign"] as const) {
    const text = value(name);
    if (text && text.length > 500) errors[name] = "At most 500 characters.";
    else if (text) filter[name] = text;
  }
  // PostgreSQL cannot take a NUL in text (a 500); no name, e-mail, phone or UTM value has control characters.
  for (const name of FILTER_PARAMS) {
    if (CONTROL_CHARACTERS.test(value(name) ?? "")) errors[name] = "Remove the control characters.";
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, filter };
}

/** The query string of a filter, in a fixed order, so that a view's address is its bookmark. */
export function filterSearchParams(filter: LeadFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_PARAMS) {
    const value = name === "delivery" ? filter.delivery && `${filter.delivery.target}:${filter.delivery.status}` : filter[name];
    if (value) params.set(name, value);
  }
  return params;
}

/** A day in the time zone as the instants it spans: [start, end) in ISO-8601 UTC. */
export function dayBounds(day: string, timeZone: string): { start: string; end: string } {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return {
    start: new Date(new TZDate(y, m - 1, d, timeZone).getTime()).toISOString(),
    end: new Date(new TZDate(y, m - 1, d + 1, timeZone).getTime()).toISOString(),
  };
}

function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}
