import type { BuyerErrors } from "../../server/distribution";
import type { BuyerFormErrors, BuyerFormValues } from "./buyer-form-values";

// The store's errors, keyed by its paths, turned back into the buyer form's fields.

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
