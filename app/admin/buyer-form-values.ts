import type { Buyer } from "../../server/distribution";
import type { LineType } from "../../server/contacts/line-types";

// What the buyer form shows: its values as typed, a saved buyer's values, and the texts a price and a
// condition's value are typed as. Reading the posted form is buyer-form-read.ts; the store's errors
// as the form's fields, buyer-form-errors.ts.

/** The phone line types a buyer may ask for (server/contacts/line-types.ts), in the form's order. */
export const LINE_TYPE_CHOICES = [
  "fixed_line_or_mobile",
  "mobile",
  "fixed_line",
  "toll_free",
  "voip",
  "premium_rate",
  "personal_number",
  "unknown",
] as const satisfies readonly LineType[];


export type DeliveryChoice = "webhook" | "post-json" | "post-form";

export interface MappingRow {
  name: string;
  template: string;
}

export interface ConditionRow {
  field: string;
  equals: string;
  means: "accepted" | "rejected";
  reasonField: string;
}

/** What the form shows: every field as typed, except the credentials, which are never sent back. */
export interface BuyerFormValues {
  name: string;
  active: boolean;
  /** Dollars as typed ("45.50"); empty: no price. */
  price: string;
  delivery: DeliveryChoice;
  url: string;
  credentialHeader: string;
  removeCredentials: boolean;
  /** Takes part in ping-post auctions; the ping URL and bid field are kept as typed while it does not. */
  pinged: boolean;
  pingUrl: string;
  pingBidField: string;
  fields: MappingRow[];
  conditions: ConditionRow[];
  claimTypes: string[];
  states: string;
  eligibleOnly: boolean;
  /** Takes leads that repeat a person's earlier lead of the claim. */
  acceptsDuplicates: boolean;
  /** libphonenumber's types of the lead's number the buyer takes; none: every type. */
  lineTypes: string[];
  requireAreaCodeInState: boolean;
  maxLeadAgeMinutes: string;
  perDay: string;
  perMonth: string;
  timeZone: string;
  scheduled: boolean;
  scheduleDays: number[];
  scheduleFrom: string;
  scheduleTo: string;
  priority: string;
  weight: string;
  /** Seconds the buyer has to take a lead before it moves on. */
  deliveryDeadlineSeconds: string;
  /** Failed attempts in a row that pause the buyer; 0 never does. */
  pauseAfterFailures: string;
  /** Where revocation notices go; blank: the lead URL. */
  revocationUrl: string;
}

/** Form field names an error can be shown next to: the names above, `fields.<row>.name|template`, `conditions.<row>.<column>`, `credentials`, `_form`. */
export type BuyerFormErrors = Record<string, string>;

export const DEFAULT_TIME_ZONE = "America/New_York";

export const NEW_BUYER_VALUES: BuyerFormValues = {
  name: "",
  active: true,
  price: "",
  delivery: "webhook",
  url: "",
  credentialHeader: "",
  removeCredentials: false,
  pinged: false,
  pingUrl: "",
  pingBidField: "bid",
  fields: [],
  conditions: [],
  claimTypes: [],
  states: "",
  eligibleOnly: false,
  acceptsDuplicates: false,
  lineTypes: [],
  requireAreaCodeInState: false,
  maxLeadAgeMinutes: "",
  perDay: "",
  perMonth: "",
  timeZone: DEFAULT_TIME_ZONE,
  scheduled: false,
  scheduleDays: [1, 2, 3, 4, 5],
  scheduleFrom: "09:00",
  scheduleTo: "17:00",
  priority: "100",
  weight: "1",
  deliveryDeadlineSeconds: "120",
  pauseAfterFailures: "5",
  revocationUrl: "",
};

/** A saved buyer as the form shows it. */
export function buyerFormValues(buyer: Buyer): BuyerFormValues {
  const { delivery, rules } = buyer;
  const text = (n: number | undefined) => (n === undefined ? "" : String(n));
  return {
    name: buyer.name,
    active: buyer.active,
    price:
      rules.price === undefined ? "" : dollarsText(centsOfDollars(rules.price)),
    delivery:
      delivery.method === "webhook"
        ? "webhook"
        : delivery.format === "json"
          ? "post-json"
          : "post-form",
    url: delivery.url,
    credentialHeader: delivery.credentialHeader ?? "",
    removeCredentials: false,
    pinged: delivery.ping !== undefined,
    pingUrl: delivery.ping?.url ?? "",
    pingBidField: delivery.ping?.bidField ?? NEW_BUYER_VALUES.pingBidField,
    fields:
      delivery.method === "post"
        ? Object.entries(delivery.fields).map(([name, template]) => ({
            name,
            template,
          }))
        : [],
    conditions: delivery.acceptance.conditions.map((condition) => ({
      field: condition.field,
      equals: equalsText(condition.equals),
      means: condition.means,
      reasonField: condition.reasonField ?? "",
    })),
    claimTypes: rules.filters.claimTypes,
    states: rules.filters.states.join(", "),
    eligibleOnly: rules.filters.eligibleOnly,
    acceptsDuplicates: rules.filters.acceptsDuplicates,
    lineTypes: rules.filters.lineTypes,
    requireAreaCodeInState: rules.filters.requireAreaCodeInState,
    maxLeadAgeMinutes: text(rules.filters.maxLeadAgeMinutes),
    perDay: text(rules.caps.perDay),
    perMonth: text(rules.caps.perMonth),
    timeZone: rules.timeZone,
    scheduled: rules.schedule !== null,
    scheduleDays: rules.schedule?.days ?? NEW_BUYER_VALUES.scheduleDays,
    scheduleFrom: rules.schedule?.from ?? NEW_BUYER_VALUES.scheduleFrom,
    scheduleTo: rules.schedule?.to ?? NEW_BUYER_VALUES.scheduleTo,
    priority: String(rules.priority),
    weight: String(rules.weight),
    deliveryDeadlineSeconds: String(rules.deliveryDeadlineSeconds),
    pauseAfterFailures: String(rules.pauseAfterFailures),
    revocationUrl: delivery.revocation?.url ?? "",
  };
}

/**
 * Dollars from a price as an operator types it: "45", "45.5", "$1,250.00". Undefined for anything else,
 * fractions of a cent included, which the store could only refuse.
 */
export function dollarsOf(text: string): number | undefined {
  const match = /^\$?\s*(\d+|\d{1,3}(?:,\d{3})+)(\.\d{1,2})?$/.exec(
    text.trim(),
  );
  return match
    ? Number(match[1]!.replaceAll(",", "") + (match[2] ?? ""))
    : undefined;
}

/** Whole cents of a stored price: the store keeps only whole cents, so rounding recovers them exactly. */
export function centsOfDollars(dollars: number): number {
  return Math.round(dollars * 100);
}

/** "45.50": cents as the price field shows them. */
function dollarsText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * The value a condition compares with: true, false, null and numbers as JSON has them, a quoted text
 * ("200") as that text, anything else as the text itself.
 */
export function parseEquals(text: string): string | number | boolean | null {
  const trimmed = text.trim();
  if (trimmed === "true") return true;
  if (trimmed === "false") return false;
  if (trimmed === "null") return null;
  if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(trimmed))
    return Number(trimmed);
  if (/^".*"$/.test(trimmed)) {
    try {
      return JSON.parse(trimmed) as string;
    } catch {
      return trimmed;
    }
  }
  return trimmed;
}

/** The inverse of parseEquals: a text that would read as a literal is quoted, so that it stays text. */
export function equalsText(value: string | number | boolean | null): string {
  if (typeof value !== "string") return JSON.stringify(value);
  return parseEquals(value) === value && value === value.trim()
    ? value
    : JSON.stringify(value);
}
