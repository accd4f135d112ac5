import type { DataClaim } from "#claims/engine/data-claim/data-claim-schema";
import type { Condition, EligibilityRules } from "#claims/engine/data-claim/eligibility-rules";
import type { LeadMapping, LeadSource } from "#claims/engine/data-claim/lead-mapping";
import { EMPTY_FIELD_ROW, fieldOf, questionRowOf, type FieldRow } from "./question-row";

export { KINDS_WITH_OPTIONS, PRIVACY, type FieldRow } from "./question-row";

/**
 * The structured form of /admin/claims/<slug> (docs/decisions/063): a data claim as flat rows an
 * operator fills without code, and back. Steps, questions, rules and their conditions are separate row
 * lists (a question names its step by number, a condition its rule), so each list works with the kit's
 * row editor without JavaScript. What the form does not show (landing sections, a lead column's map,
 * part or ifBlank...) is kept from the claim it edits; the JSON editor shows all.
 */

export const OUTCOMES = ["eligible", "partial", "ineligible"] as const;
export const RESULT_SCREENS = ["eligible", "partial", "ineligible", "none"] as const;
export type ResultScreen = (typeof RESULT_SCREENS)[number];
export const TESTS = ["is", "isNot", "in", "notIn", "includes", "answered", "notAnswered"] as const;
export type ConditionTest = (typeof TESTS)[number];

/** The landing's and form's words the form edits, each at its place in the claim. */
export const BASICS = [
  { key: "name", label: "Name (the home card's title)", path: ["landing", "card", "title"] },
  { key: "caseType", label: "Case type (what buyers and leads call it)", path: ["caseType"] },
  { key: "accent", label: "Theme colour", path: ["theme", "accent"] },
  { key: "badge", label: "Badge above the headline", path: ["landing", "hero", "badge"] },
  { key: "headline", label: "Headline", path: ["landing", "hero", "title"] },
  { key: "intro", label: "Introduction", path: ["landing", "hero", "intro"], long: true },
  { key: "cta", label: "Start button", path: ["landing", "hero", "cta"] },
  { key: "cardDescription", label: "Home card summary", path: ["landing", "card", "description"], long: true },
  { key: "cardFigureLabel", label: "Home card figure's label", path: ["landing", "card", "figureLabel"] },
  { key: "cardFigure", label: "Home card figure", path: ["landing", "card", "figure"] },
  { key: "cardCta", label: "Home card button", path: ["landing", "card", "cta"] },
  { key: "seoTitle", label: "Search title", path: ["landing", "seo", "title"] },
  { key: "seoDescription", label: "Search description", path: ["landing", "seo", "description"], long: true },
  { key: "disclaimer", label: "Disclaimer under the figures (optional)", path: ["landing", "disclaimer"], long: true, optional: true },
  { key: "formTitle", label: "Form title", path: ["copy", "formTitle"] },
  { key: "formIntro", label: "Form introduction", path: ["copy", "formIntro"], long: true },
  { key: "submit", label: "Submit button", path: ["copy", "submit"] },
] as const;
export type BasicKey = (typeof BASICS)[number]["key"];

const QUESTION_COLUMNS = Array.from({ length: 10 }, (_, i) => ({ key: `cq${i + 1}`, label: `Question column ${i + 1} (cq${i + 1})`, required: false }));
/** The lead's columns a claim fills; the consent column names the consent question. */
export const LEAD_COLUMNS = [
  { key: "fn", label: "First name (fn)", required: true },
  { key: "ln", label: "Last name (ln)", required: true },
  { key: "em", label: "E-mail (em)", required: true },
  { key: "ph", label: "Phone (ph)", required: true },
  { key: "st", label: "State (st)", required: true },
  { key: "tcpa", label: "Consent question (tcpa)", required: true },
  { key: "accident_date", label: "Incident date (accident_date)", required: false },
  { key: "notes", label: "Notes", required: false },
  ...QUESTION_COLUMNS,
] as const;

export interface StepRow {
  title: string;
  /** The information panel at the top of the step (its title; blank: none) and its points, one a line. */
  panelTitle: string;
  panelPoints: string;
}
export interface RuleRow {
  match: "all" | "any";
  outcome: string;
  reason: string;
}
export interface ConditionRow {
  rule: string;
  answer: string;
  test: string;
  /** One value a line for `in` and `notIn`. */
  value: string;
}
export interface LeadRow {
  answer: string;
  value: string;
  join: string;
}
export interface FaqRow {
  question: string;
  answer: string;
}

export interface ClaimFormValues {
  basics: Record<BasicKey, string>;
  faq: FaqRow[];
  steps: StepRow[];
  fields: FieldRow[];
  /** False when a rule nests conditions deeper than all/any of answers: the rules are then edited as JSON only. */
  rulesInForm: boolean;
  rules: RuleRow[];
  conditions: ConditionRow[];
  /** Empty: the claim has no eligibility rules. */
  otherwiseOutcome: string;
  otherwiseReason: string;
  results: Record<ResultScreen, { heading: string; message: string }>;
  /** Each lead column: the question it reads, else a fixed value; `join`, a checkbox list's separator (empty: ", "). */
  lead: Record<string, LeadRow>;
}

export const EMPTY_ROWS = {
  step: { title: "", panelTitle: "", panelPoints: "" } satisfies StepRow,
  field: EMPTY_FIELD_ROW,
  rule: { match: "all", outcome: "eligible", reason: "" } satisfies RuleRow,
  condition: { rule: "1", answer: "", test: "is", value: "" } satisfies ConditionRow,
  faq: { question: "", answer: "" } satisfies FaqRow,
};

type Json = Record<string, unknown>;

function getAt(claim: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Json)[key] : undefined), claim);
}

function setAt(claim: Json, path: readonly string[], value: unknown): void {
  const parent = path.slice(0, -1).reduce<Json>((node, key) => {
    if (!node[key] || typeof node[key] !== "object") node[key] = {};
    return node[key] as Json;
  }, claim);
  if (value === undefined) delete parent[path.at(-1)!];
  else parent[path.at(-1)!] = value;
}

/** A condition as a row, or null when it is not one answer's test. */
function conditionRow(condition: Condition, rule: number): ConditionRow | null {
  if ("all" in condition || "any" in condition || "not" in condition) return null;
  const row = { rule: String(rule), answer: condition.answer };
  if ("is" in condition) return { ...row, test: "is", value: condition.is };
  if ("isNot" in condition) return { ...row, test: "isNot", value: condition.isNot };
  if ("in" in condition) return { ...row, test: "in", value: condition.in.join("\n") };
  if ("notIn" in condition) return { ...row, test: "notIn", value: condition.notIn.join("\n") };
  if ("includes" in condition) return { ...row, test: "includes", value: condition.includes };
  return { ...row, test: condition.answered ? "answered" : "notAnswered", value: "" };
}

function conditionOf(row: ConditionRow): Condition {
  const answer = row.answer.trim();
  const value = row.value.trim();
  const list = row.value.split(/\r?\n/).map((v) => v.trim()).filter(Boolean);
  switch (row.test as ConditionTest) {
    case "isNot":
      return { answer, isNot: value };
    case "in":
      return { answer, in: list };
    case "notIn":
      return { answer, notIn: list };
    case "includes":
      return { answer, includes: value };
    case "answered":
      return { answer, answered: true };
    case "notAnswered":
      return { answer, answered: false };
    default:
      return { answer, is: value };
  }
}

/** The rules as rows, or null when one nests deeper than the form shows. */
function ruleRowsOf(eligibility: EligibilityRules | undefined): { rules: RuleRow[]; conditions: ConditionRow[] } | null {
  const rules: RuleRow[] = [];
  const conditions: ConditionRow[] = [];
  for (const [i, rule] of (eligibility?.rules ?? []).entries()) {
    const match = "any" in rule.when ? "any" : "all";
    const parts = "any" in rule.when ? rule.when.any : "all" in rule.when ? rule.when.all : [rule.when];
    const rows = parts.map((part) => conditionRow(part, i + 1));
    if (rows.some((row) => row === null)) return null;
    rules.push({ match, outcome: rule.outcome, reason: rule.reason });
    conditions.push(...(rows as ConditionRow[]));
  }
  return { rules, conditions };
}

const sourceRow = (source: LeadSource | string | undefined): LeadRow =>
  typeof source === "string"
    ? { answer: source, value: "", join: "" }
    : source && "value" in source
      ? { answer: "", value: source.value, join: "" }
      : { answer: source?.answer ?? "", value: "", join: source?.join ?? "" };

function leadSourceOf(key: string, mapping: LeadMapping): LeadSource | string | undefined {
  if (key === "tcpa") return mapping.tcpa;
  if (key.startsWith("cq")) return mapping.cq?.[key.slice(2) as keyof NonNullable<LeadMapping["cq"]>];
  return mapping[key as "fn"];
}

/** What the form shows of a claim. */
export function claimFormValues(claim: DataClaim): ClaimFormValues {
  const asRows = ruleRowsOf(claim.eligibility);
  return {
    basics: Object.fromEntries(BASICS.map((b) => [b.key, String(getAt(claim, b.path) ?? "")])) as Record<BasicKey, string>,
    faq: (claim.landing.faq ?? []).map((f) => ({ ...f })),
    steps: claim.steps.map((s) => ({ title: s.title, panelTitle: s.panel?.title ?? "", panelPoints: s.panel?.points.join("\n") ?? "" })),
    fields: claim.steps.flatMap((step, i) =>
      step.fields.map((f) => questionRowOf(f, i + 1)),
    ),
    rulesInForm: asRows !== null,
    rules: asRows?.rules ?? [],
    conditions: asRows?.conditions ?? [],
    otherwiseOutcome: claim.eligibility?.otherwise.outcome ?? "",
    otherwiseReason: claim.eligibility?.otherwise.reason ?? "",
    results: Object.fromEntries(RESULT_SCREENS.map((s) => [s, { heading: claim.results[s]?.heading ?? "", message: claim.results[s]?.message ?? "" }])) as ClaimFormValues["results"],
    lead: Object.fromEntries(LEAD_COLUMNS.map((c) => [c.key, sourceRow(leadSourceOf(c.key, claim.lead))])),
  };
}

const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

const text = (form: FormData, name: string) => String(form.get(name) ?? "");
const texts = (form: FormData, name: string) => form.getAll(name).map(String);

/** Rows of like named lists (`fieldLabel`, `fieldName`, ...), as many as the longest list. */
function rowsOf<K extends string>(form: FormData, names: Record<K, string>): Record<K, string>[] {
  const lists = Object.entries<string>(names).map(([key, name]) => [key, texts(form, name)] as const);
  const count = Math.max(0, ...lists.map(([, list]) => list.length));
  return Array.from({ length: count }, (_, i) => Object.fromEntries(lists.map(([key, list]) => [key, list[i] ?? ""])) as Record<K, string>);
}

const blank = <R extends object>(row: R, ...keys: (keyof R & string)[]) => keys.every((k) => !String(row[k] ?? "").trim());

/** Rows up to the last one filled or named by number from another list (a step by its questions). */
function withoutTrailingBlanks<T>(rows: T[], empty: (row: T) => boolean, referenced: readonly string[]): T[] {
  let end = rows.length;
  while (end > 0 && empty(rows[end - 1]!) && !referenced.includes(String(end))) end--;
  return rows.slice(0, end);
}

/** The form's values as posted, blank rows dropped. */
export function postedValues(form: FormData, rulesInForm: boolean): ClaimFormValues {
  const fields = rowsOf(form, {
    step: "fieldStep",
    label: "fieldLabel",
    name: "fieldName",
    kind: "fieldKind",
    required: "fieldRequired",
    options: "fieldOptions",
    hint: "fieldHint",
    placeholder: "fieldPlaceholder",
    autoComplete: "fieldAutoComplete",
    privacy: "fieldPrivacy",
    pastDays: "fieldPastDays",
    min: "fieldMin",
    max: "fieldMax",
    requiredMessage: "fieldRequiredMessage",
    invalidMessage: "fieldInvalidMessage",
    shortMessage: "fieldShortMessage",
    rangeMessage: "fieldRangeMessage",
    futureMessage: "fieldFutureMessage",
  });
  const filled = fields.filter((r) => !blank(r, "label", "name", "options", "hint", "placeholder", "autoComplete", "pastDays", "min", "max"));
  const conditions = rowsOf(form, { rule: "conditionRule", answer: "conditionAnswer", test: "conditionTest", value: "conditionValue" }).filter((r) => !blank(r, "answer", "value"));
  const rules = rowsOf(form, { match: "ruleMatch", outcome: "ruleOutcome", reason: "ruleReason" });
  return {
    basics: Object.fromEntries(BASICS.map((b) => [b.key, text(form, b.key)])) as Record<BasicKey, string>,
    faq: rowsOf(form, { question: "faqQuestion", answer: "faqAnswer" }).filter((r) => !blank(r, "question", "answer")),
    steps: withoutTrailingBlanks(
      rowsOf(form, { title: "stepTitle", panelTitle: "stepPanelTitle", panelPoints: "stepPanelPoints" }),
      (r) => blank(r, "title", "panelTitle", "panelPoints"),
      filled.map((f) => f.step.trim()),
    ),
    fields: filled.map((r) => ({ ...r, required: r.required === "optional" ? "optional" : "required" })),
    rulesInForm,
    rules: withoutTrailingBlanks(rules, (r) => blank(r, "reason"), conditions.map((c) => c.rule.trim())).map((r) => ({ ...r, match: r.match === "any" ? "any" : "all" })),
    conditions,
    otherwiseOutcome: text(form, "otherwiseOutcome"),
    otherwiseReason: text(form, "otherwiseReason"),
    results: Object.fromEntries(RESULT_SCREENS.map((s) => [s, { heading: text(form, `result.${s}.heading`), message: text(form, `result.${s}.message`) }])) as ClaimFormValues["results"],
    // The separator as typed: ", " and "," are different lists.
    lead: Object.fromEntries(
      LEAD_COLUMNS.map((c) => [c.key, { answer: text(form, `lead.${c.key}.answer`).trim(), value: text(form, `lead.${c.key}.value`), join: text(form, `lead.${c.key}.join`) }]),
    ),
  };
}

/** Where a problem the claim's check names (by its path in the claim) is shown in the form. */
export type FormKeyOf = (path: string) => string | null;

export interface ClaimFromForm {
  claim: DataClaim;
  /** Problems the form itself sees (a question in a step that does not exist), by form key. */
  errors: Record<string, string>;
  keyOf: FormKeyOf;
}

const FIELD_KEYS: Record<string, string> = {
  label: "label",
  name: "name",
  kind: "kind",
  optional: "required",
  options: "options",
  hint: "hint",
  placeholder: "placeholder",
  autoComplete: "autoComplete",
  privacy: "privacy",
  pastDays: "pastDays",
  min: "min",
  max: "max",
  "messages.required": "requiredMessage",
  "messages.invalid": "invalidMessage",
  "messages.short": "shortMessage",
  "messages.range": "rangeMessage",
  "messages.future": "futureMessage",
};

/** The claim the posted values make, over `base` (what the form does not show is kept from it). */
export function claimFromValues(values: ClaimFormValues, base: DataClaim): ClaimFromForm {
  const claim = structuredClone(base) as DataClaim & Json;
  const errors: Record<string, string> = {};
  const places = new Map<string, string>();

  for (const b of BASICS) {
    const value = values.basics[b.key];
    setAt(claim, b.path, "optional" in b && !value.trim() ? undefined : value);
    places.set(b.path.join("."), b.key);
  }
  if (values.faq.length) claim.landing.faq = values.faq.map((f) => ({ ...f }));
  else delete claim.landing.faq;
  values.faq.forEach((_, i) => places.set(`landing.faq.${i}`, `faq.${i}.question`));

  // Steps: each step row in order; a row left blank with no question in it is dropped.
  const baseFields = new Map(base.steps.flatMap((s) => s.fields).map((f) => [f.name, f]));
  const stepOfRow = values.fields.map((row) => Number.parseInt(row.step, 10));
  values.fields.forEach((row, i) => {
    const n = stepOfRow[i]!;
    if (!(n >= 1 && n <= values.steps.length)) errors[`fields.${i}.step`] = `Choose a step from 1 to ${values.steps.length}: step ${row.step || "(none)"} does not exist`;
  });
  claim.steps = [];
  values.steps.forEach((stepRow, s) => {
    const rows = values.fields.map((row, i) => ({ row, i })).filter(({ i }) => stepOfRow[i] === s + 1);
    if (blank(stepRow, "title", "panelTitle", "panelPoints") && !rows.length) return;
    const k = claim.steps.length;
    places.set(`steps.${k}`, `steps.${s}.title`);
    places.set(`steps.${k}.panel`, `steps.${s}.panelTitle`);
    places.set(`steps.${k}.panel.points`, `steps.${s}.panelPoints`);
    const points = linesOf(stepRow.panelPoints);
    if (points.length && !stepRow.panelTitle.trim()) errors[`steps.${s}.panelTitle`] = "Give the panel a title, or clear its points";
    claim.steps.push({
      title: stepRow.title,
      ...(stepRow.panelTitle.trim() ? { panel: { title: stepRow.panelTitle, points } } : {}),
      fields: rows.map(({ row, i }, m) => {
        const at = `steps.${k}.fields.${m}`;
        places.set(at, `fields.${i}.label`);
        for (const [leaf, key] of Object.entries(FIELD_KEYS)) places.set(`${at}.${leaf}`, `fields.${i}.${key}`);
        return fieldOf(row, baseFields.get(row.name.trim()), (key, message) => (errors[`fields.${i}.${key}`] ??= message));
      }),
    });
  });

  if (values.rulesInForm) {
    const rules: EligibilityRules["rules"] = [];
    values.rules.forEach((row, r) => {
      const conditions = values.conditions.map((c, i) => ({ c, i })).filter(({ c }) => Number.parseInt(c.rule, 10) === r + 1);
      if (!row.reason.trim() && !conditions.length) return;
      const k = rules.length;
      places.set(`eligibility.rules.${k}`, `rules.${r}.reason`);
      places.set(`eligibility.rules.${k}.outcome`, `rules.${r}.outcome`);
      conditions.forEach(({ i }, m) => places.set(`eligibility.rules.${k}.when.${row.match}.${m}`, `conditions.${i}.answer`));
      rules.push({ when: { [row.match]: conditions.map(({ c }) => conditionOf(c)) } as Condition, outcome: row.outcome as "eligible", reason: row.reason });
    });
    values.conditions.forEach((c, i) => {
      const n = Number.parseInt(c.rule, 10);
      if (!(n >= 1 && n <= values.rules.length)) errors[`conditions.${i}.rule`] = `Choose a rule from 1 to ${values.rules.length}: rule ${c.rule || "(none)"} does not exist`;
    });
    places.set("eligibility.otherwise", "otherwiseOutcome");
    places.set("eligibility.otherwise.reason", "otherwiseReason");
    if (!values.otherwiseOutcome) {
      if (rules.length) errors.otherwiseOutcome = "Choose the outcome when no rule holds, or remove the rules";
      delete claim.eligibility;
    } else {
      claim.eligibility = { rules, otherwise: { outcome: values.otherwiseOutcome as "eligible", reason: values.otherwiseReason } };
    }
  }

  for (const screen of RESULT_SCREENS) {
    const { heading, message } = values.results[screen];
    places.set(`results.${screen}`, `result.${screen}.heading`);
    places.set(`results.${screen}.message`, `result.${screen}.message`);
    if (!heading.trim() && !message.trim()) delete claim.results[screen];
    else claim.results[screen] = { ...base.results[screen], heading, message };
  }

  claim.lead = leadMappingOf(values.lead, base.lead, (key, message) => (errors[`lead.${key}.join`] ??= message));
  for (const column of LEAD_COLUMNS) {
    const at = column.key.startsWith("cq") ? `lead.cq.${column.key.slice(2)}` : `lead.${column.key}`;
    places.set(at, `lead.${column.key}`);
    places.set(`${at}.join`, `lead.${column.key}.join`);
  }

  return { claim, errors, keyOf: keyFinder(places) };
}

function leadMappingOf(rows: ClaimFormValues["lead"], base: LeadMapping, problem: (key: string, message: string) => void): LeadMapping {
  const sourceOf = (key: string): LeadSource | undefined => {
    const row = rows[key] ?? { answer: "", value: "", join: "" };
    const before = leadSourceOf(key, base);
    if (row.join && !row.answer) problem(key, "A separator joins the answers of a question: name the question, or clear the separator");
    if (row.answer) {
      // A column that reads the same answer keeps how else it reads it (map, part, ifBlank); the separator is the form's.
      const { join: _join, ...kept } = typeof before === "object" && "answer" in before && before.answer === row.answer ? before : { answer: row.answer };
      return row.join ? { ...kept, join: row.join } : kept;
    }
    if (row.value) return { value: row.value };
    return undefined;
  };
  const required = (key: string) => sourceOf(key) ?? { answer: "" };
  const cq = Object.fromEntries(QUESTION_COLUMNS.flatMap((c) => (sourceOf(c.key) ? [[c.key.slice(2), sourceOf(c.key)]] : [])));
  const optional = (key: "accident_date" | "notes") => (sourceOf(key) ? { [key]: sourceOf(key) } : {});
  return {
    fn: required("fn"),
    ln: required("ln"),
    em: required("em"),
    ph: required("ph"),
    st: required("st"),
    tcpa: rows.tcpa?.answer ?? "",
    ...optional("accident_date"),
    ...optional("notes"),
    ...(Object.keys(cq).length ? { cq } : {}),
  };
}

/** A claim path's form key: the path itself when the form has it, else its nearest parent's. */
function keyFinder(places: Map<string, string>): FormKeyOf {
  return (path) => {
    const parts = path.split(".");
    for (let n = parts.length; n > 0; n--) {
      const key = places.get(parts.slice(0, n).join("."));
      if (key) return key;
    }
    return null;
  };
}

/**
 * Each problem of the claim's check beside the field it is about: a problem with a path ("steps.0.title:
 * Required") by the path, the meaning problems ("'diagnosis' (checkboxes) needs its options") by the
 * question, rule or screen they name.
 */
export function problemsByKey(problems: readonly string[], values: ClaimFormValues, keyOf: FormKeyOf): Record<string, string> {
  const errors: Record<string, string> = {};
  const put = (key: string | null | undefined, message: string) => {
    if (key && !errors[key]) errors[key] = message;
  };
  const fieldRow = (name: string) => values.fields.findIndex((f) => f.name.trim() === name);
  for (const problem of problems) {
    const withPath = /^([A-Za-z0-9_.]+): (.*)$/.exec(problem);
    if (withPath) {
      put(keyOf(withPath[1]!), withPath[2]!);
      continue;
    }
    const named = /^'([^']+)'/.exec(problem) ?? /reads '([^']+)'/.exec(problem) ?? /named '([^']+)'/.exec(problem);
    if (/^The result screen for '(\w+)'/.test(problem)) put(`result.${/'(\w+)'/.exec(problem)![1]}.heading`, problem);
    else if (/^The lead mapping reads/.test(problem) && named) put(leadKeyReading(values, named[1]!), problem);
    else if (/^An eligibility rule reads/.test(problem) && named) put(`conditions.${values.conditions.findIndex((c) => c.answer.trim() === named[1])}.answer`, problem);
    else if (/consent \(tcpa\)/.test(problem)) put("lead.tcpa", problem);
    else if (named && fieldRow(named[1]!) >= 0) {
      const i = fieldRow(named[1]!);
      put(/options/.test(problem) ? `fields.${i}.options` : /always required/.test(problem) ? `fields.${i}.required` : `fields.${i}.name`, problem);
    }
  }
  return errors;
}

function leadKeyReading(values: ClaimFormValues, answer: string): string | null {
  const column = Object.entries(values.lead).find(([, row]) => row.answer === answer);
  return column ? `lead.${column[0]}` : null;
}
