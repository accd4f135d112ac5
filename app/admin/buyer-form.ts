import type {
  Buyer,
  BuyerErrors,
  BuyerInput,
  SystemBuyerInput,
} from "../../server/distribution";
import type { LineType } from "../../server/contacts/line-types";

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

// The buyer form's posted fields turned into the buyer store's input, and the store's errors (keyed
// by its paths) turned back into the form's fields. The store validates; this module only reads the
// form, and refuses only what the store's input cannot express (text in a number field, a mapped
// field name given twice, a template without a name).

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

export interface ReadBuyerForm {
  values: BuyerFormValues;
  input: BuyerInput;
  /** What the store's input cannot express; the input then holds something the store refuses there too. */
  errors: BuyerFormErrors;
}

type FormReader = ReturnType<typeof formReader>;

function formReader(form: FormData) {
  const one = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const all = (name: string) =>
    form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
  const checked = (name: string) => form.has(name);
  return { one, all, checked };
}

/**
 * The posted form as the store's input. `editing`: blank credentials keep the saved ones (left out of
 * the input) and `removeCredentials` sends null; on a new buyer blank means none.
 */
export function readBuyerForm(
  form: FormData,
  { editing }: { editing: boolean },
): ReadBuyerForm {
  const read = formReader(form);
  const { one, all, checked } = read;
  const errors: BuyerFormErrors = {};

  const deliveryChoice = one("delivery");
  const fields = rowsOf([all("fieldName"), all("fieldTemplate")]).map(
    ([name = "", template = ""]) => ({ name: name.trim(), template }),
  );
  // The select always posts a value, so it alone does not make a row.
  const conditions = rowsOf(
    [all("conditionField"), all("conditionEquals"), all("conditionReason")],
    [all("conditionMeans")],
  ).map(([field = "", equals = "", reasonField = "", means]): ConditionRow => ({
    field: field.trim(),
    equals,
    means: means === "rejected" ? "rejected" : "accepted",
    reasonField: reasonField.trim(),
  }));
  const rules = readRules(read, errors);

  const values: BuyerFormValues = {
    name: one("name"),
    delivery: isDeliveryChoice(deliveryChoice) ? deliveryChoice : "webhook",
    url: one("url").trim(),
    credentialHeader: one("credentialHeader").trim(),
    removeCredentials: editing && checked("removeCredentials"),
    pinged: checked("pinged"),
    pingUrl: one("pingUrl").trim(),
    pingBidField: one("pingBidField").trim(),
    revocationUrl: one("revocationUrl").trim(),
    fields,
    conditions,
    ...rules.values,
  };
  if (!isDeliveryChoice(deliveryChoice))
    errors.delivery = "Choose how the buyer receives leads.";

  const mapping: Record<string, string> = {};
  fields.forEach((row, i) => {
    if (!row.name)
      errors[`fields.${i}.name`] = "Name the field this template fills.";
    else if (Object.hasOwn(mapping, row.name))
      errors[`fields.${i}.name`] = `${row.name} is mapped twice.`;
    else mapping[row.name] = row.template;
  });

  const credentials = one("credentials").trim();
  if (credentials && values.removeCredentials)
    errors.credentials =
      "Enter new credentials or remove the saved ones, not both.";

  const common = {
    url: values.url,
    credentialHeader: values.credentialHeader || undefined,
    // Blank, the bid field is the store's default.
    ...(values.pinged
      ? {
          ping: {
            url: values.pingUrl,
            bidField: values.pingBidField || undefined,
          },
        }
      : {}),
    ...(values.revocationUrl
      ? {
          revocation: {
            method: "signed-event" as const,
            url: values.revocationUrl,
          },
        }
      : {}),
    acceptance: {
      conditions: conditions.map((row) => ({
        field: row.field,
        equals: parseEquals(row.equals),
        means: row.means,
        reasonField: row.reasonField || undefined,
      })),
    },
  };
  const input: BuyerInput = {
    name: values.name,
    delivery:
      values.delivery === "webhook"
        ? { method: "webhook", ...common }
        : {
            method: "post",
            format: values.delivery === "post-json" ? "json" : "form",
            fields: mapping,
            ...common,
          },
    ...rules.input,
  };
  if (credentials) input.credentials = credentials;
  else if (values.removeCredentials) input.credentials = null;

  return { values, input, errors };
}

export interface ReadSystemBuyerForm {
  values: BuyerFormValues;
  input: SystemBuyerInput;
  errors: BuyerFormErrors;
}

/**
 * A system buyer's form, which posts only its state and rules: its name and delivery are not the
 * operator's to change, so `saved` (the buyer as loaded) fills them in the values shown again.
 */
export function readSystemBuyerForm(
  form: FormData,
  saved: BuyerFormValues,
): ReadSystemBuyerForm {
  const errors: BuyerFormErrors = {};
  const rules = readRules(formReader(form), errors);
  return {
    values: { ...saved, removeCredentials: false, ...rules.values },
    input: rules.input,
    errors,
  };
}

type RuleValues = Pick<
  BuyerFormValues,
  | "active"
  | "price"
  | "claimTypes"
  | "states"
  | "eligibleOnly"
  | "acceptsDuplicates"
  | "lineTypes"
  | "requireAreaCodeInState"
  | "maxLeadAgeMinutes"
  | "perDay"
  | "perMonth"
  | "timeZone"
  | "scheduled"
  | "scheduleDays"
  | "scheduleFrom"
  | "scheduleTo"
  | "priority"
  | "weight"
  | "deliveryDeadlineSeconds"
  | "pauseAfterFailures"
>;

/** What every buyer's form has, a system buyer's too: whether it takes leads, which, how many, when, in what order, at what price. */
function readRules(
  { one, all, checked }: FormReader,
  errors: BuyerFormErrors,
): { values: RuleValues; input: SystemBuyerInput } {
  const values: RuleValues = {
    active: checked("active"),
    price: one("price").trim(),
    claimTypes: all("claimTypes"),
    states: one("states").trim(),
    eligibleOnly: checked("eligibleOnly"),
    acceptsDuplicates: checked("acceptsDuplicates"),
    lineTypes: all("lineTypes").filter((type) =>
      (LINE_TYPE_CHOICES as readonly string[]).includes(type),
    ),
    requireAreaCodeInState: checked("requireAreaCodeInState"),
    maxLeadAgeMinutes: one("maxLeadAgeMinutes").trim(),
    perDay: one("perDay").trim(),
    perMonth: one("perMonth").trim(),
    timeZone: one("timeZone").trim(),
    scheduled: one("schedule") === "hours",
    scheduleDays: all("scheduleDays")
      .map(Number)
      .filter((day) => Number.isInteger(day) && day >= 0 && day <= 6),
    scheduleFrom: one("scheduleFrom").trim(),
    scheduleTo: one("scheduleTo").trim(),
    priority: one("priority").trim(),
    weight: one("weight").trim(),
    deliveryDeadlineSeconds: one("deliveryDeadlineSeconds").trim(),
    pauseAfterFailures: one("pauseAfterFailures").trim(),
  };

  const wholeNumber = (
    name:
      | "maxLeadAgeMinutes"
      | "perDay"
      | "perMonth"
      | "priority"
      | "weight"
      | "deliveryDeadlineSeconds"
      | "pauseAfterFailures",
  ) => {
    const text = values[name];
    if (text === "") return undefined;
    if (/^-?\d+$/.test(text)) return Number(text);
    errors[name] = "Enter a whole number.";
    return text as unknown as number;
  };

  const price = () => {
    if (values.price === "") return undefined;
    const dollars = dollarsOf(values.price);
    if (dollars !== undefined) return dollars;
    errors.price = "Enter a price in dollars and cents, such as 45 or 45.50.";
    return values.price as unknown as number;
  };

  const input: SystemBuyerInput = {
    active: values.active,
    rules: {
      timeZone: values.timeZone,
      filters: {
        claimTypes: values.claimTypes,
        states: values.states
          ? values.states.split(/[\s,;]+/).filter(Boolean)
          : [],
        eligibleOnly: values.eligibleOnly,
        acceptsDuplicates: values.acceptsDuplicates,
        lineTypes: values.lineTypes as LineType[],
        requireAreaCodeInState: values.requireAreaCodeInState,
        maxLeadAgeMinutes: wholeNumber("maxLeadAgeMinutes"),
      },
      caps: {
        perDay: wholeNumber("perDay"),
        perMonth: wholeNumber("perMonth"),
      },
      schedule: values.scheduled
        ? {
            days: values.scheduleDays,
            from: values.scheduleFrom,
            to: values.scheduleTo,
          }
        : null,
      priority: wholeNumber("priority"),
      weight: wholeNumber("weight"),
      deliveryDeadlineSeconds: wholeNumber("deliveryDeadlineSeconds"),
      pauseAfterFailures: wholeNumber("pauseAfterFailures"),
      price: price(),
    },
  };
  return { values, input };
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

/** The store's errors, by its paths, as the form's fields; the form's own errors win where both speak. */
export function formErrorsOf(
  storeErrors: BuyerErrors,
  values: BuyerFormValues,
  own: BuyerFormErrors = {},
): BuyerFormErrors {
  const errors: BuyerFormErrors = {};
  for (const [path, message] of Object.entries(storeErrors)) {
    const field = formFieldOf(path, values);
    errors[field] ??= message;
  }
  return { ...errors, ...own };
}

const RULE_FIELDS: Record<string, string> = {
  timeZone: "timeZone",
  "filters.claimTypes": "claimTypes",
  "filters.states": "states",
  "filters.eligibleOnly": "eligibleOnly",
  "filters.acceptsDuplicates": "acceptsDuplicates",
  "filters.lineTypes": "lineTypes",
  "filters.requireAreaCodeInState": "requireAreaCodeInState",
  "filters.maxLeadAgeMinutes": "maxLeadAgeMinutes",
  "caps.perDay": "perDay",
  "caps.perMonth": "perMonth",
  schedule: "schedule",
  "schedule.days": "scheduleDays",
  "schedule.from": "scheduleFrom",
  "schedule.to": "scheduleTo",
  priority: "priority",
  weight: "weight",
  deliveryDeadlineSeconds: "deliveryDeadlineSeconds",
  pauseAfterFailures: "pauseAfterFailures",
  price: "price",
};

const DELIVERY_FIELDS: Record<string, string> = {
  method: "delivery",
  format: "delivery",
  url: "url",
  credentialHeader: "credentialHeader",
  fields: "fields",
};

function formFieldOf(path: string, values: BuyerFormValues): string {
  const [head, ...rest] = path.split(".");
  if (head === "name" || head === "active" || head === "credentials")
    return head;
  if (head === "rules") {
    // A state's position (filters.states.2) or a day's is not a field of its own.
    for (let n = rest.length; n > 0; n--) {
      const field = RULE_FIELDS[rest.slice(0, n).join(".")];
      if (field) return field;
    }
  }
  if (head === "delivery") {
    const [part, key, ...more] = rest;
    if (part === "fields" && key !== undefined) {
      const row = values.fields.findIndex((f) => f.name === key);
      return row >= 0 ? `fields.${row}.template` : "fields";
    }
    if (part === "ping") return key === "bidField" ? "pingBidField" : "pingUrl";
    if (part === "revocation") return "revocationUrl";
    if (part === "acceptance" && key === "conditions" && more.length) {
      const [row, column] = more;
      return column ? `conditions.${row}.${column}` : `conditions.${row}.field`;
    }
    if (part && DELIVERY_FIELDS[part]) return DELIVERY_FIELDS[part];
    if (!part) return "delivery";
  }
  return "_form";
}

function isDeliveryChoice(value: string): value is DeliveryChoice {
  return value === "webhook" || value === "post-json" || value === "post-form";
}

/** Rows of columns posted side by side, `typed` first, then `others`; rows whose typed cells are all blank are dropped. */
function rowsOf(typed: string[][], others: string[][] = []): string[][] {
  const columns = [...typed, ...others];
  const count = Math.max(0, ...columns.map((column) => column.length));
  return Array.from({ length: count }, (_, i) =>
    columns.map((column) => column[i] ?? ""),
  ).filter((row) =>
    row.slice(0, typed.length).some((cell) => cell.trim() !== ""),
  );
}
