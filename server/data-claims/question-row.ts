import type { DataField } from "#claims/engine/data-claim/data-claim-schema";

/**
 * One question of the claim editor's form (./claim-form.ts, docs/decisions/063) as a row of text fields,
 * and back: every setting of the data claim schema's question (claims/engine/data-claim/data-claim-schema.ts)
 * has its field, so nothing of a question is kept from elsewhere but a key the schema may gain later.
 */

export const KINDS_WITH_OPTIONS: readonly DataField["kind"][] = ["select", "radio", "checkboxes", "yes-no"];
/** How the public certificate shows an answer (FieldSpec's privacy); blank: as the question's kind does. */
export const PRIVACY = ["name", "email", "phone", "free-text"] as const;

type Setting = "pastDays" | "min" | "max" | "shortMessage" | "rangeMessage" | "futureMessage";
const TEXT_KINDS: readonly DataField["kind"][] = ["text", "textarea", "name"];
/**
 * The question's settings that only some kinds use (claims/engine/data-claim/compile-data-claim.ts): the
 * form refuses one on another kind rather than keep a limit nothing checks.
 */
const SETTING_KINDS: Record<Setting, { kinds: readonly DataField["kind"][]; what: string }> = {
  pastDays: { kinds: ["date"], what: "a date question" },
  min: { kinds: [...TEXT_KINDS, "number"], what: "a text, long text, name or number question" },
  max: { kinds: [...TEXT_KINDS, "number"], what: "a text, long text, name or number question" },
  shortMessage: { kinds: TEXT_KINDS, what: "a text, long text or name question" },
  rangeMessage: { kinds: ["date", "number"], what: "a date or number question" },
  futureMessage: { kinds: ["date"], what: "a date question" },
};
/** The data claim schema's bound on a date question's days back. */
const MAX_PAST_DAYS = 36_500;

export interface FieldRow {
  step: string;
  label: string;
  name: string;
  kind: string;
  required: "required" | "optional";
  /** One option a line: `Label`, or `value | Label`, with `| exclusive` after a "none of these". */
  options: string;
  hint: string;
  placeholder: string;
  autoComplete: string;
  /** One of PRIVACY, or blank: as the kind shows it. */
  privacy: string;
  /** A date question's earliest day, as days before today (blank: 365); no date answer is ever in the future. */
  pastDays: string;
  /** A number question's smallest and largest answer; a text, long text or name question's shortest and longest. */
  min: string;
  max: string;
  requiredMessage: string;
  invalidMessage: string;
  shortMessage: string;
  rangeMessage: string;
  futureMessage: string;
}

export const EMPTY_FIELD_ROW: FieldRow = {
  step: "1",
  label: "",
  name: "",
  kind: "text",
  required: "required",
  options: "",
  hint: "",
  placeholder: "",
  autoComplete: "",
  privacy: "",
  pastDays: "",
  min: "",
  max: "",
  requiredMessage: "",
  invalidMessage: "",
  shortMessage: "",
  rangeMessage: "",
  futureMessage: "",
};

const optionsText = (field: DataField) =>
  (field.options ?? []).map((o) => [o.value === o.label ? o.label : `${o.value} | ${o.label}`, ...(o.exclusive ? ["exclusive"] : [])].join(" | ")).join("\n");

function optionsOf(text: string): DataField["options"] {
  return text
    .split(/\r?\n/)
    .map((line) => line.split("|").map((part) => part.trim()))
    .filter((parts) => parts.some(Boolean))
    .map((parts) => {
      const exclusive = parts.length > 1 && parts.at(-1)!.toLowerCase() === "exclusive";
      const [value, label = value] = exclusive ? parts.slice(0, -1) : parts;
      return { value: value!, label: label!, ...(exclusive ? { exclusive: true } : {}) };
    });
}

const numberText = (n: number | undefined) => (n === undefined ? "" : String(n));

/** A question as its row, in the step numbered `step` (from 1). */
export function questionRowOf(f: DataField, step: number): FieldRow {
  return {
    step: String(step),
    label: f.label,
    name: f.name,
    kind: f.kind,
    required: f.optional ? "optional" : "required",
    options: optionsText(f),
    hint: f.hint ?? "",
    placeholder: f.placeholder ?? "",
    autoComplete: f.autoComplete ?? "",
    privacy: f.privacy ?? "",
    pastDays: numberText(f.pastDays),
    min: numberText(f.min),
    max: numberText(f.max),
    requiredMessage: f.messages?.required ?? "",
    invalidMessage: f.messages?.invalid ?? "",
    shortMessage: f.messages?.short ?? "",
    rangeMessage: f.messages?.range ?? "",
    futureMessage: f.messages?.future ?? "",
  };
}

/**
 * A question from its row. Every setting of the schema's question is a field of the row, so only a key
 * the schema may gain later is kept from the question of the same name; `problem` records what the row
 * cannot mean (a limit its kind does not use, days that are not a number) under the row's key.
 */
export function fieldOf(row: FieldRow, base: DataField | undefined, problem: (key: keyof FieldRow, message: string) => void): DataField {
  const kind = row.kind as DataField["kind"];
  const {
    label: _label,
    kind: _kind,
    optional: _optional,
    hint: _hint,
    options: _options,
    messages: _messages,
    placeholder: _placeholder,
    autoComplete: _autoComplete,
    privacy: _privacy,
    pastDays: _pastDays,
    min: _min,
    max: _max,
    ...kept
  } = base ?? ({} as Partial<DataField>);
  for (const [setting, { kinds, what }] of Object.entries(SETTING_KINDS) as [Setting, (typeof SETTING_KINDS)[Setting]][]) {
    if (row[setting].trim() && !kinds.includes(kind)) problem(setting, `Only ${what} uses this: clear it, or change the question's kind`);
  }
  const pastDays = limitOf(row, "pastDays", problem);
  if (pastDays !== undefined && !(Number.isInteger(pastDays) && pastDays >= 1 && pastDays <= MAX_PAST_DAYS)) {
    problem("pastDays", `A whole number of days from 1 to ${MAX_PAST_DAYS}, such as 180`);
  }
  const min = limitOf(row, "min", problem);
  const max = limitOf(row, "max", problem);
  if (TEXT_KINDS.includes(kind)) {
    for (const [key, n] of [["min", min], ["max", max]] as const) if (n !== undefined && !(Number.isInteger(n) && n >= 1)) problem(key, "A whole number of characters, 1 or more");
  }
  if (min !== undefined && max !== undefined && min > max) problem("max", `The largest (${max}) is less than the smallest (${min})`);
  const privacy = row.privacy.trim();
  if (privacy && !(PRIVACY as readonly string[]).includes(privacy)) problem("privacy", "Choose how the certificate shows the answer");
  const options = optionsOf(row.options);
  const messages = {
    required: row.requiredMessage.trim() || undefined,
    invalid: row.invalidMessage.trim() || undefined,
    short: row.shortMessage.trim() || undefined,
    range: row.rangeMessage.trim() || undefined,
    future: row.futureMessage.trim() || undefined,
  };
  const given = Object.fromEntries(Object.entries(messages).filter(([, m]) => m));
  const optionalText = (key: "placeholder" | "autoComplete") => (row[key].trim() ? { [key]: row[key].trim() } : {});
  return {
    ...kept,
    name: row.name.trim(),
    label: row.label,
    kind,
    ...(row.required === "optional" ? { optional: true } : {}),
    ...(row.hint.trim() ? { hint: row.hint } : {}),
    ...optionalText("placeholder"),
    ...optionalText("autoComplete"),
    ...(KINDS_WITH_OPTIONS.includes(kind) && options?.length ? { options } : {}),
    ...(pastDays !== undefined ? { pastDays } : {}),
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
    ...(Object.keys(given).length ? { messages: given } : {}),
    ...(privacy ? { privacy: privacy as DataField["privacy"] } : {}),
  };
}

/** A limit as typed: blank is none; anything but a number is a problem (and no limit). */
function limitOf(row: FieldRow, key: "pastDays" | "min" | "max", problem: (key: keyof FieldRow, message: string) => void): number | undefined {
  const typed = row[key].trim();
  if (!typed) return undefined;
  const n = Number(typed);
  if (/^-?\d+(\.\d+)?$/.test(typed) && Number.isFinite(n)) return n;
  problem(key, `A number, such as ${key === "pastDays" ? 180 : 2}: not '${typed}'`);
  return undefined;
}
