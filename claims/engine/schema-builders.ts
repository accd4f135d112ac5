import * as z from "zod/mini";
import type { Option } from "./types";

/**
 * Shared zod building blocks. Each takes the exact message the spec gives for its form. They use
 * zod/mini because these schemas also run in the visitor's browser (docs/decisions/005).
 */

const MAX_TEXT = 200;
const MAX_LONG_TEXT = 4000;

const tooLong = (max: number) => `Please keep this under ${max} characters`;

export const CONTROL_CHARACTERS_MESSAGE = "Please remove control characters and hidden text-direction marks";
export const NAME_START_MESSAGE = "Please start with a letter";
export const FORMAT_CHARACTERS_MESSAGE = "Please remove invisible characters (such as zero-width spaces) from the name";
/** Unicode format characters (category Cf: zero-width spaces and joiners, soft hyphens, tags): invisible in a name. */
const FORMAT_CHARACTERS = /\p{Cf}/u;

/**
 * C0 and C1 controls (line breaks and tabs allowed in free text only) and the bidi controls that
 * reorder what people see (U+202A-202E, U+2066-2069, U+200E/200F, U+061C): they never belong in an
 * answer, and they hide or disguise text in the lead console, e-mails and spreadsheets.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS_IN_FREE_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROLS_IN_ONE_LINE = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

const cleanText = (pattern: RegExp) => [
  z.trim(),
  z.normalize("NFC"),
  z.refine<string>((v) => !pattern.test(v), CONTROL_CHARACTERS_MESSAGE),
];

export function requiredText(message: string, { min = 1, minMessage = message, max = MAX_TEXT } = {}) {
  return z
    .string({ error: message })
    .check(...cleanText(CONTROLS_IN_FREE_TEXT), z.minLength(1, message), z.minLength(min, minMessage), z.maxLength(max, tooLong(max)));
}

export function optionalText({ max = MAX_LONG_TEXT } = {}) {
  return z.pipe(
    z.optional(z.string().check(...cleanText(CONTROLS_IN_FREE_TEXT), z.maxLength(max, tooLong(max)))),
    z.transform((v) => (v ? v : null)),
  );
}

/**
 * A person's name: one line, starting with a letter of any script. That also refuses '=', '+', '-'
 * and '@', which a spreadsheet would run as a formula (CSV injection), and any format character
 * (issue 25: 'Ana\u200BReyes' would look like a name it is not).
 */
export function personName(message: string, { min = 1, minMessage = message, max = MAX_TEXT } = {}) {
  return z
    .string({ error: message })
    .check(
      ...cleanText(CONTROLS_IN_ONE_LINE),
      z.refine<string>((v) => !FORMAT_CHARACTERS.test(v), FORMAT_CHARACTERS_MESSAGE),
      z.minLength(1, message),
      z.refine<string>((v) => v === "" || /^\p{L}/u.test(v), NAME_START_MESSAGE),
      z.minLength(min, minMessage),
      z.maxLength(max, tooLong(max)),
    );
}

export function emailAddress(message: string, requiredMessage = message) {
  return z.pipe(
    z.string({ error: requiredMessage }).check(z.trim(), z.minLength(1, requiredMessage), z.maxLength(254, message)),
    z.email({ error: message }),
  );
}

/** A US number with 10 digits (area code and exchange not starting with 0 or 1); stored as 10 digits. */
export function usPhone(message: string, requiredMessage = message) {
  return z.pipe(
    z.pipe(
      z.string({ error: requiredMessage }).check(z.trim(), z.minLength(1, requiredMessage), z.maxLength(30, message)),
      z.transform((v) => v.replace(/\D/g, "")),
    ),
    z.pipe(
      z.string().check(z.regex(/^1?[2-9]\d{2}[2-9]\d{6}$/, message)),
      z.transform((digits) => digits.slice(-10)),
    ),
  );
}

export function choice(options: readonly Option[], message: string) {
  const values = options.map((o) => o.value) as [string, ...string[]];
  return z.enum(values, { error: message });
}

/** The message when an exclusive answer ('None of these') is chosen together with others. */
export const exclusiveMessage = (option: Option) => `'${option.label}' cannot be combined with other answers`;

/** At least one of `options`; an exclusive option ('None of these') only on its own. */
export function choices(options: readonly Option[], message: string) {
  const exclusive = options.filter((o) => o.exclusive);
  const schema = z.array(choice(options, message), { error: message }).check(z.minLength(1, message));
  if (!exclusive.length) return schema;
  return schema.check(
    z.refine((list: string[]) => list.length <= 1 || !exclusive.some((o) => list.includes(o.value)), {
      error: (issue) => {
        const list = issue.input as string[];
        return exclusiveMessage(exclusive.find((o) => list.includes(o.value))!);
      },
    }),
  );
}

export function consent(message: string) {
  return z.literal(true, { error: message });
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The calendar's range: `pastDays` back from today (UTC) to today. */
export function pastDateWindow(pastDays: number, now = new Date()) {
  const min = new Date(now.getTime() - pastDays * 86_400_000);
  return { min: isoDay(min), max: isoDay(now) };
}

/** A YYYY-MM-DD that names a day of the calendar (not 2024-13-01, 2024-02-30 or 0000-00-00). */
function isRealDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const date = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && isoDay(date) === v;
}

/**
 * A YYYY-MM-DD date no older than `pastDays` and not in the future. The server allows one extra day
 * ahead because a visitor east of UTC can already be on tomorrow's date.
 */
export function recentDate(pastDays: number, messages: { required: string; range: string; future: string }) {
  return z.string({ error: messages.required }).check(
    z.trim(),
    z.superRefine((value, ctx) => {
      if (!isRealDay(value)) return void ctx.addIssue({ code: "custom", message: messages.required });
      const now = new Date();
      const latest = isoDay(new Date(now.getTime() + 86_400_000));
      if (value > latest) ctx.addIssue({ code: "custom", message: messages.future });
      else if (value < pastDateWindow(pastDays, now).min) ctx.addIssue({ code: "custom", message: messages.range });
    }),
  );
}

/**
 * Like `recentDate`, for a date the visitor may leave blank: blank (or absent) becomes null, anything
 * else must be a real YYYY-MM-DD day in the window.
 */
export function optionalRecentDate(pastDays: number, messages: { invalid: string; range: string; future: string }) {
  const blankAsNull = z.pipe(
    z.optional(z.nullable(z.string({ error: messages.invalid }))),
    z.transform((value) => value?.trim() || null),
  );
  return z.pipe(blankAsNull, z.nullable(recentDate(pastDays, { required: messages.invalid, range: messages.range, future: messages.future })));
}

/** A select that may be left on its placeholder: '' (or absent) becomes null, anything else must be an option. */
export function optionalChoice(options: readonly Option[], message: string) {
  const values = options.map((o) => o.value) as [string, ...string[]];
  return z.pipe(
    z.optional(z.union([z.literal(""), z.enum(values, { error: message })], { error: message })),
    z.transform((v) => (v ? v : null)),
  );
}

const PLAIN_NUMBER = /^\d+(\.\d+)?$/;

/**
 * A number between `min` and `max` (inclusive), typed into a form as text or sent as a JSON number.
 * Blank gives `required`; anything else that is not a plain number in range gives `range`.
 */
export function numberBetween(min: number, max: number, messages: { required: string; range: string }) {
  return z.pipe(
    z.union([z.number(), z.string()], { error: messages.required }),
    z.pipe(
      z.transform((v: number | string) => {
        if (typeof v === "number") return v;
        const text = v.trim();
        if (text === "") return undefined;
        return PLAIN_NUMBER.test(text) ? Number(text) : Number.NaN;
      }),
      z
        .number({ error: (issue) => (issue.input === undefined ? messages.required : messages.range) })
        .check(z.gte(min, messages.range), z.lte(max, messages.range)),
    ),
  );
}
