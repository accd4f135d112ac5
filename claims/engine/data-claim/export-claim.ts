import type * as z from "zod/mini";
import { isoDay } from "../schema-builders";
import type { ClaimDefinition, FieldSpec, Outcome, ResultCopy } from "../types";
import { US_STATES } from "../us-states";
import type { DataClaim, DataField } from "./data-claim-schema";
import type { EligibilityRules } from "./eligibility-rules";
import type { LeadMapping, WebhookMapping } from "./lead-mapping";

/**
 * A claim definition in the data form, for "Copy as a new claim" (docs/decisions/059). Questions,
 * landing and copy are read from the definition; each question's messages are read from its own
 * schema by trying the answers that produce them (blank, malformed, too short, out of range), so the
 * copy says what the original says. Eligibility, the lead's columns and the webhook's extra fields are
 * code in a built-in claim: they come written in the rule language (claims/built-in-rules.ts).
 */

function firstMessage(schema: z.ZodMiniType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The shortest and longest accepted text ("a", "aa", ...), and the message below the shortest. */
function lengthLimits(schema: z.ZodMiniType): { min: number; max: number; short?: string } {
  let min = 1;
  while (min < 20 && firstMessage(schema, "a".repeat(min))) min++;
  let low = min;
  let high = 20_000;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (firstMessage(schema, "a".repeat(mid))) high = mid - 1;
    else low = mid;
  }
  return { min, max: low, ...(min > 1 ? { short: firstMessage(schema, "a".repeat(min - 1)) } : {}) };
}

const daysFromToday = (days: number) => isoDay(new Date(Date.now() + days * 86_400_000));
const sameOptions = (a: FieldSpec["options"], b: FieldSpec["options"]) =>
  a?.length === b?.length && (a ?? []).every((o, i) => o.value === b![i]!.value && o.label === b![i]!.label);

function kindOf(field: FieldSpec): DataField["kind"] {
  switch (field.kind) {
    case "text":
      return field.privacy === "name" ? "name" : "text";
    case "tel":
      return "phone";
    case "select":
      return sameOptions(field.options, US_STATES) ? "state" : "select";
    default:
      return field.kind;
  }
}

function dataFieldOf(field: FieldSpec, schema: z.ZodMiniType): DataField {
  const kind = kindOf(field);
  const data: DataField = { name: field.name, label: field.label, kind };
  if (field.optional) data.optional = true;
  for (const key of ["hint", "placeholder", "autoComplete", "privacy", "pastDays"] as const) {
    if (field[key] !== undefined) (data as Record<string, unknown>)[key] = field[key];
  }
  if (field.options && kind !== "state") data.options = field.options.map((o) => ({ ...o }));
  const messages: NonNullable<DataField["messages"]> = {};
  if (!field.optional) messages.required = firstMessage(schema, kind === "checkboxes" ? [] : kind === "consent" ? false : undefined);
  switch (kind) {
    case "text":
    case "textarea":
    case "name": {
      const probe = lengthLimits(schema);
      data.max = probe.max;
      if (probe.min > 1) data.min = probe.min;
      if (probe.short && probe.short !== messages.required) messages.short = probe.short;
      break;
    }
    case "email":
      messages.invalid = firstMessage(schema, "not-an-address");
      break;
    case "phone":
      messages.invalid = firstMessage(schema, "123");
      break;
    case "number":
      data.min = field.min;
      data.max = field.max;
      messages.range = firstMessage(schema, (field.max ?? 0) + 1);
      break;
    case "date":
      messages.range = firstMessage(schema, daysFromToday(-(field.pastDays ?? 365) - 5));
      messages.future = firstMessage(schema, daysFromToday(10));
      if (field.optional) messages.invalid = firstMessage(schema, "not a date");
      break;
    default:
      if (field.optional && field.options) messages.invalid = firstMessage(schema, ["__not-an-option__"]) ?? firstMessage(schema, "__not-an-option__");
  }
  const given = Object.fromEntries(Object.entries(messages).filter(([, m]) => m !== undefined));
  if (Object.keys(given).length) data.messages = given;
  return data;
}

/** One result screen per outcome: the claim's own, or the heading and lead of its result page's variant. */
function resultsOf(definition: ClaimDefinition): DataClaim["results"] {
  if (definition.results) return structuredClone(definition.results) as DataClaim["results"];
  const results: Partial<Record<Outcome, ResultCopy>> = {};
  for (const page of definition.resultPages ?? []) {
    for (const [outcome, variant] of Object.entries(page.variants) as [Outcome, NonNullable<(typeof page.variants)[Outcome]>][]) {
      const message = [variant.lead, variant.explanation, `${variant.estimate.label} ${variant.estimate.value}`].filter(Boolean).join(" ");
      results[outcome] = { heading: variant.heading, message };
    }
  }
  return results;
}

export function dataClaimOf(definition: ClaimDefinition, rules: { eligibility?: EligibilityRules; lead: LeadMapping; webhook?: WebhookMapping }): DataClaim {
  const shape = (definition.schema as unknown as { shape: Record<string, z.ZodMiniType> }).shape;
  // A data claim has no start counter: its start buttons lead to its form (data-claim-schema.ts).
  const { theme, countStarts: _counted, ...landing } = structuredClone(definition.landing) as ClaimDefinition["landing"];
  return {
    slug: definition.slug,
    caseType: definition.caseType,
    routes: structuredClone(definition.routes) as DataClaim["routes"],
    theme: { ...theme },
    landing: landing as DataClaim["landing"],
    steps: definition.steps.map((step) => ({
      title: step.title,
      fields: step.fields.map((field) => dataFieldOf(field, shape[field.name]!)),
      ...(step.panel ? { panel: { title: step.panel.title, points: [...step.panel.points] } } : {}),
    })),
    gating: definition.gating,
    minBusyMs: definition.minBusyMs,
    copy: { ...definition.copy },
    ...(rules.eligibility ? { eligibility: structuredClone(rules.eligibility) } : {}),
    results: resultsOf(definition),
    ...(definition.formPage ? { formPage: { ...definition.formPage } } : {}),
    ...(definition.resultAction ? { resultAction: definition.resultAction } : {}),
    lead: structuredClone(rules.lead),
    ...(rules.webhook ? { webhook: structuredClone(rules.webhook) } : {}),
  };
}
