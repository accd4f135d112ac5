import * as z from "zod/mini";
import { ATTRIBUTION_FIELDS, COMMON_WEBHOOK_FIELDS } from "../deliveries";
import { HONEYPOT_FIELD, SUBMISSION_KEY_FIELD } from "../form-values";
import { YES_NO } from "../options";
import { tcpaConsentText } from "../personal-fields";
import { untranslatedTexts } from "../localize";
import { FILL_FACTS_FIELD, FORM_TIMING_FIELD } from "../proof-fields";
import {
  choice,
  choices,
  consent,
  emailAddress,
  numberBetween,
  optionalChoice,
  optionalRecentDate,
  optionalText,
  personName,
  recentDate,
  requiredText,
  usPhone,
} from "../schema-builders";
import type { ClaimDefinition, DataClaimFacts, FieldSpec, Option, ResultCopy } from "../types";
import { US_STATES } from "../us-states";
import { dataClaimSchema, type DataClaim, type DataField } from "./data-claim-schema";
import { answersReadBy, evaluateEligibility } from "./eligibility-rules";
import { answersReadByMapping, answersReadByWebhook, columnValue, leadColumnsOf, type WebhookMapping } from "./lead-mapping";

const DEFAULT_MESSAGES = {
  required: "Please answer this question",
  select: "Please select an option",
  checkboxes: "Please select at least one option",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  date: "Please enter a valid date",
  range: "Please enter a value in the allowed range",
  future: "The date cannot be in the future",
  consent: "You must agree to be contacted",
};
const DEFAULT_PAST_DAYS = 365;

/** Fields every form carries besides its questions: a question may not take their names. */
export const RESERVED_FIELD_NAMES = [SUBMISSION_KEY_FIELD, HONEYPOT_FIELD, FORM_TIMING_FIELD, FILL_FACTS_FIELD, "consentEvidence"];

const KINDS_WITH_OPTIONS = new Set<DataField["kind"]>(["select", "radio", "checkboxes"]);
const ALWAYS_REQUIRED = new Set<DataField["kind"]>(["name", "email", "phone", "consent"]);

function optionsOf(field: DataField): readonly Option[] {
  if (field.kind === "state") return US_STATES;
  if (field.kind === "yes-no") return field.options ?? YES_NO;
  return field.options ?? [];
}

/** The number field left blank is null; anything else must be a number in range. */
function optionalNumber(min: number, max: number, messages: { required: string; range: string }) {
  return z.pipe(
    z.transform((v: unknown) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v)),
    z.union([z.null(), numberBetween(min, max, messages)]),
  );
}

function optionalChoices(options: readonly Option[], message: string) {
  return z.pipe(
    z.optional(z.array(choice(options, message))),
    z.transform((v) => v ?? []),
  );
}

/** One question: what the wizard shows, and the zod schema the browser and the server check its answer with. */
function compileField(field: DataField): { spec: FieldSpec; schema: z.ZodMiniType } {
  const m = field.messages ?? {};
  const required = m.required ?? (KINDS_WITH_OPTIONS.has(field.kind) || field.kind === "state" || field.kind === "yes-no" ? DEFAULT_MESSAGES.select : DEFAULT_MESSAGES.required);
  const optional = field.optional === true;
  const options = optionsOf(field);
  const base = {
    name: field.name,
    label: field.label,
    ...(field.hint ? { hint: field.hint } : {}),
    ...(field.placeholder ? { placeholder: field.placeholder } : {}),
    ...(field.autoComplete ? { autoComplete: field.autoComplete } : {}),
    ...(optional ? { optional: true } : {}),
    ...(field.privacy ? { privacy: field.privacy } : {}),
  };
  const between = { min: field.min ?? 1, minMessage: m.short ?? required };
  switch (field.kind) {
    case "text":
    case "textarea": {
      const max = field.max ?? (field.kind === "text" ? 200 : 4000);
      return { spec: { ...base, kind: field.kind }, schema: optional ? optionalText({ max }) : requiredText(required, { ...between, max }) };
    }
    case "name":
      return { spec: { ...base, kind: "text", privacy: field.privacy ?? "name" }, schema: personName(required, { ...between, max: field.max ?? 100 }) };
    case "email":
      return {
        spec: { autoComplete: "email", ...base, kind: "email", privacy: field.privacy ?? "email" },
        schema: emailAddress(m.invalid ?? DEFAULT_MESSAGES.email, m.required ?? DEFAULT_MESSAGES.email),
      };
    case "phone":
      return {
        spec: { autoComplete: "tel-national", placeholder: "(555) 555-5555", ...base, kind: "tel", privacy: field.privacy ?? "phone" },
        schema: usPhone(m.invalid ?? DEFAULT_MESSAGES.phone, m.required ?? DEFAULT_MESSAGES.phone),
      };
    case "state":
      return {
        spec: { placeholder: "Select your state", autoComplete: "address-level1", ...base, kind: "select", options },
        schema: optional ? optionalChoice(options, m.invalid ?? required) : choice(options, required),
      };
    case "select":
    case "radio":
    case "yes-no": {
      const kind = field.kind === "select" ? "select" : "radio";
      return { spec: { ...base, kind, options }, schema: optional ? optionalChoice(options, m.invalid ?? required) : choice(options, required) };
    }
    case "checkboxes": {
      const message = m.required ?? DEFAULT_MESSAGES.checkboxes;
      return { spec: { ...base, kind: "checkboxes", options }, schema: optional ? optionalChoices(options, m.invalid ?? message) : choices(options, message) };
    }
    case "date": {
      const pastDays = field.pastDays ?? DEFAULT_PAST_DAYS;
      const range = m.range ?? `Please choose a date within the last ${pastDays} days`;
      const future = m.future ?? DEFAULT_MESSAGES.future;
      return {
        spec: { ...base, kind: "date", pastDays },
        schema: optional
          ? optionalRecentDate(pastDays, { invalid: m.invalid ?? DEFAULT_MESSAGES.date, range, future })
          : recentDate(pastDays, { required, range, future }),
      };
    }
    case "number": {
      const min = field.min ?? 0;
      const max = field.max ?? 1_000_000;
      const messages = { required, range: m.range ?? `Please enter a number between ${min} and ${max}` };
      return { spec: { ...base, kind: "number", min, max }, schema: optional ? optionalNumber(min, max, messages) : numberBetween(min, max, messages) };
    }
    case "consent":
      return { spec: { ...base, kind: "consent" }, schema: consent(m.required ?? DEFAULT_MESSAGES.consent) };
  }
}

/** The problems zod cannot see: names that clash or are missing, options, and rules naming unknown answers. */
function meaningErrors(claim: DataClaim): string[] {
  const errors: string[] = [];
  const fields = claim.steps.flatMap((s) => s.fields);
  const byName = new Map<string, DataField>();
  for (const field of fields) {
    if (byName.has(field.name)) errors.push(`Two questions are named '${field.name}'`);
    byName.set(field.name, field);
    if (RESERVED_FIELD_NAMES.includes(field.name)) errors.push(`'${field.name}' is a name the form uses itself: choose another`);
    if (KINDS_WITH_OPTIONS.has(field.kind) && !field.options?.length) errors.push(`'${field.name}' (${field.kind}) needs its options`);
    if (field.optional && ALWAYS_REQUIRED.has(field.kind)) errors.push(`'${field.name}' (${field.kind}) is always required`);
    const values = (field.options ?? []).map((o) => o.value);
    if (new Set(values).size !== values.length) errors.push(`'${field.name}' has two options with the same value`);
  }
  const consents = fields.filter((f) => f.kind === "consent");
  if (consents.length !== 1) errors.push("A claim asks for consent once: exactly one 'consent' question");
  if (byName.get(claim.lead.tcpa)?.kind !== "consent") errors.push(`The lead's consent (tcpa) must be the 'consent' question, not '${claim.lead.tcpa}'`);
  for (const name of answersReadByMapping(claim.lead)) {
    if (!byName.has(name)) errors.push(`The lead mapping reads '${name}', which no question asks`);
  }
  for (const name of Object.keys(claim.webhook ?? {})) {
    if ([...COMMON_WEBHOOK_FIELDS, ...ATTRIBUTION_FIELDS].includes(name)) errors.push(`The webhook field '${name}' is one every lead's payload has: choose another name`);
  }
  for (const name of claim.webhook ? answersReadByWebhook(claim.webhook) : []) {
    if (!byName.has(name)) errors.push(`The webhook field reads '${name}', which no question asks`);
  }
  for (const name of claim.eligibility ? answersReadBy(claim.eligibility) : []) {
    if (!byName.has(name)) errors.push(`An eligibility rule reads '${name}', which no question asks`);
  }
  const needed = claim.eligibility ? [...new Set([...claim.eligibility.rules.map((r) => r.outcome), claim.eligibility.otherwise.outcome])] : ["none" as const];
  for (const outcome of needed) if (!claim.results[outcome]) errors.push(`The result screen for '${outcome}' is missing`);
  const paths = [claim.routes.landing, ...(claim.routes.landingAliases ?? []), claim.routes.form];
  if (new Set(paths).size !== paths.length) errors.push("The landing and form paths must differ");
  return errors;
}

/** `warnings`: what the claim can run without but an operator should know (texts left in English on its Spanish pages). */
export type DataClaimCheck = { ok: true; claim: DataClaim; warnings: string[] } | { ok: false; errors: string[] };

/** Whether JSON is a data claim the engine can run; each error names where it is. */
export function checkDataClaim(input: unknown): DataClaimCheck {
  const parsed = dataClaimSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, errors: parsed.error.issues.map((issue) => `${issue.path.join(".") || "(the claim)"}: ${issue.message}`) };
  }
  const errors = meaningErrors(parsed.data);
  return errors.length ? { ok: false, errors } : { ok: true, claim: parsed.data, warnings: spanishWarnings(parsed.data) };
}

/** Its Spanish pages show these texts in English (docs/decisions/064): not an error, the claim runs without them. */
function spanishWarnings(claim: DataClaim): string[] {
  if (!claim.es) return ["es: no Spanish table; the claim's pages under /es show its own texts in English"];
  return untranslatedTexts(compileDataClaim(claim, { version: 0, paused: false }), claim.es).map((text) => `es: no Spanish for '${text}'`);
}

/**
 * Every text of its own a visitor reads on the claim's pages, each with its Spanish if the claim has it:
 * what a translator fills in (the engine's shared texts, figures and state names are Spanish already).
 */
export function textsToTranslate(claim: DataClaim): { english: string; spanish: string }[] {
  const es = claim.es ?? {};
  return untranslatedTexts(compileDataClaim(claim, { version: 0, paused: false }), {}).map((english) => ({ english, spanish: es[english] ?? "" }));
}

/** A colour between `hex` and `toward` (#000000 darker, #ffffff lighter), `share` of the way. */
function mix(hex: string, toward: string, share: number): string {
  const channel = (h: string, i: number) => parseInt(h.slice(1 + i * 2, 3 + i * 2), 16);
  const parts = [0, 1, 2].map((i) => Math.round(channel(hex, i) + (channel(toward, i) - channel(hex, i)) * share));
  return `#${parts.map((p) => p.toString(16).padStart(2, "0")).join("")}`;
}

/** Each webhook field as a function of the stored answers, as a built-in claim's `webhook.extraFields` are. */
const webhookExtrasOf = (mapping: WebhookMapping) =>
  Object.fromEntries(Object.entries(mapping).map(([name, source]) => [name, (answers: Record<string, unknown>) => columnValue(source, answers)]));

/** The engine's claim definition of a checked data claim: landing, wizard, API, certificate and routing run it as any other. */
export function compileDataClaim(claim: DataClaim, facts: DataClaimFacts): ClaimDefinition {
  const compiled = claim.steps.map((step) => step.fields.map(compileField));
  const shape = Object.fromEntries(compiled.flat().map(({ spec, schema }) => [spec.name, schema]));
  const schema = z.object(shape);
  const results = Object.fromEntries(Object.entries(claim.results).filter(([, copy]) => copy)) as Partial<Record<string, ResultCopy>>;
  const rules = claim.eligibility;
  const webhook = claim.webhook;
  return {
    slug: claim.slug,
    caseType: claim.caseType,
    routes: { landing: claim.routes.landing, form: claim.routes.form, ...(claim.routes.landingAliases ? { landingAliases: claim.routes.landingAliases } : {}) },
    landing: {
      ...claim.landing,
      theme: { accent: claim.theme.accent, strong: claim.theme.strong ?? mix(claim.theme.accent, "#000000", 0.25), soft: claim.theme.soft ?? mix(claim.theme.accent, "#ffffff", 0.9) },
    },
    steps: claim.steps.map((step, i) => ({ title: step.title, fields: compiled[i]!.map((c) => c.spec), ...(step.panel ? { panel: step.panel } : {}) })),
    schema,
    gating: claim.gating ?? "validate-on-next",
    minBusyMs: claim.minBusyMs ?? 1000,
    consentText: tcpaConsentText,
    copy: claim.copy,
    results,
    ...(claim.formPage ? { formPage: claim.formPage } : {}),
    ...(claim.resultAction ? { resultAction: claim.resultAction } : {}),
    ...(rules ? { eligibility: (answers: Record<string, unknown>) => evaluateEligibility(rules, answers) } : {}),
    toLead: (answers: Record<string, unknown>) => leadColumnsOf(claim.lead, answers),
    ...(webhook ? { webhook: { extraFields: webhookExtrasOf(webhook) } } : {}),
    data: { ...facts, source: claim },
  };
}
