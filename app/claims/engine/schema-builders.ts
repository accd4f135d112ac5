import { z } from "zod";
import type { Option } from "./types";

/** Shared zod building blocks. Each takes the exact message the spec gives for its form. */

const MAX_TEXT = 200;
const MAX_LONG_TEXT = 4000;

const tooLong = (max: number) => `Please keep this under ${max} characters`;

export function requiredText(message: string, { min = 1, minMessage = message, max = MAX_TEXT } = {}) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .min(min, minMessage)
    .max(max, tooLong(max));
}

export function optionalText({ max = MAX_LONG_TEXT } = {}) {
  return z
    .string()
    .trim()
    .max(max, tooLong(max))
    .optional()
    .transform((v) => (v ? v : null));
}

export function emailAddress(message: string, requiredMessage = message) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, message)
    .pipe(z.email({ error: message }));
}

/** A US number with 10 digits (area code and exchange not starting with 0 or 1); stored as 10 digits. */
export function usPhone(message: string, requiredMessage = message) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(30, message)
    .transform((v) => v.replace(/\D/g, ""))
    .pipe(z.string().regex(/^1?[2-9]\d{2}[2-9]\d{6}$/, message))
    .transform((digits) => digits.slice(-10));
}

export function choice(options: readonly Option[], message: string) {
  const values = options.map((o) => o.value) as [string, ...string[]];
  return z.enum(values, { error: message });
}

export function choices(options: readonly Option[], message: string) {
  return z.array(choice(options, message), { error: message }).min(1, message);
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

/**
 * A YYYY-MM-DD date no older than `pastDays` and not in the future. The server allows one extra day
 * ahead because a visitor east of UTC can already be on tomorrow's date.
 */
export function recentDate(pastDays: number, messages: { required: string; range: string; future: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, messages.required)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && isoDay(new Date(`${v}T00:00:00Z`)) === v, messages.required)
    .superRefine((value, ctx) => {
      const now = new Date();
      const { min } = pastDateWindow(pastDays, now);
      const latest = isoDay(new Date(now.getTime() + 86_400_000));
      if (value > latest) ctx.addIssue({ code: "custom", message: messages.future });
      else if (value < min) ctx.addIssue({ code: "custom", message: messages.range });
    });
}
