import type { BuyerInput, SystemBuyerInput } from "../../server/distribution";
import type { LineType } from "../../server/contacts/line-types";
import {
  dollarsOf,
  LINE_TYPE_CHOICES,
  parseEquals,
  type BuyerFormErrors,
  type BuyerFormValues,
  type ConditionRow,
  type DeliveryChoice,
} from "./buyer-form-values";

// The buyer form's posted fields turned into the buyer store's input. The store validates; this
// module only reads the form, and refuses only what the store's input cannot express (text in a
// number field, a mapped field name given twice, a template without a name).

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
