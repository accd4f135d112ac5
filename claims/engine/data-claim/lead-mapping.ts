import * as z from "zod/mini";
import type { LeadColumns } from "../types";

/**
 * Where each lead column of a data claim comes from (docs/decisions/059):
 * - `{ "answer": "diagnosis" }`: the answer as given (a checkbox group joined by `join`, default ", ";
 *   a number as its digits; a blank optional answer stays empty, or `ifBlank` when given);
 * - `{ "answer": "driverNotAtFault", "map": { "Yes": "No", "No": "Yes" } }`: the answer translated;
 * - `{ "answer": "fullName", "part": "first-word" | "rest" }`: a full name split at its first space;
 * - `{ "value": "web" }`: a constant.
 */
export type LeadSource =
  | { value: string }
  | { answer: string; join?: string; map?: Record<string, string>; part?: "first-word" | "rest"; ifBlank?: string };

const answerSource = z.strictObject({
  answer: z.string().check(z.minLength(1, "Name the answer")),
  join: z.optional(z.string().check(z.maxLength(10, "A separator of at most 10 characters"))),
  map: z.optional(z.record(z.string(), z.string())),
  part: z.optional(z.enum(["first-word", "rest"])),
  ifBlank: z.optional(z.string().check(z.maxLength(200))),
});
export const leadSourceSchema = z.union([z.strictObject({ value: z.string().check(z.maxLength(200)) }), answerSource], {
  error: "A lead column comes from {answer: <field>} (with join, map, part or ifBlank) or {value: <text>}",
});

const CQ_NUMBERS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"] as const;

export const leadMappingSchema = z.object({
  fn: leadSourceSchema,
  ln: leadSourceSchema,
  em: leadSourceSchema,
  ph: leadSourceSchema,
  st: leadSourceSchema,
  /** The consent checkbox's field. */
  tcpa: z.string().check(z.minLength(1, "Name the consent field")),
  accident_date: z.optional(leadSourceSchema),
  notes: z.optional(leadSourceSchema),
  /** The claim's question columns cq1..cq10, keyed "1".."10". */
  cq: z.optional(z.partialRecord(z.enum(CQ_NUMBERS, { error: "Question columns are numbered 1 to 10" }), leadSourceSchema)),
});
export type LeadMapping = z.infer<typeof leadMappingSchema>;

/** A webhook field's name: what the receiver reads, as an answer's name is written. */
const WEBHOOK_FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,40}$/;

/** The fields a data claim adds to the webhook payload, each from a source as a lead column is: `{ "accidentDate": { "answer": "accidentDate" } }`. */
export const webhookMappingSchema = z.record(
  z.string().check(z.regex(WEBHOOK_FIELD_NAME, "A webhook field name: a letter, then letters, digits or '_'")),
  leadSourceSchema,
);
export type WebhookMapping = z.infer<typeof webhookMappingSchema>;

function asText(value: unknown, join: string): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(String).join(join);
  return String(value);
}

function splitAtFirstSpace(name: string): { first: string; rest: string } {
  const trimmed = name.trim();
  const space = trimmed.indexOf(" ");
  return space === -1 ? { first: trimmed, rest: "" } : { first: trimmed.slice(0, space), rest: trimmed.slice(space + 1).trim() };
}

export function columnValue(source: LeadSource, answers: Readonly<Record<string, unknown>>): string | null {
  if ("value" in source) return source.value;
  let text = asText(answers[source.answer], source.join ?? ", ");
  if (text !== null && source.part) text = source.part === "first-word" ? splitAtFirstSpace(text).first : splitAtFirstSpace(text).rest;
  if (text !== null && source.map && Object.hasOwn(source.map, text)) text = source.map[text]!;
  return text === null || text === "" ? (source.ifBlank ?? text) : text;
}

/** The lead's columns from validated answers. */
export function leadColumnsOf(mapping: LeadMapping, answers: Readonly<Record<string, unknown>>): LeadColumns {
  const columns: LeadColumns = {
    fn: columnValue(mapping.fn, answers),
    ln: columnValue(mapping.ln, answers),
    em: columnValue(mapping.em, answers),
    ph: columnValue(mapping.ph, answers),
    st: columnValue(mapping.st, answers),
    tcpa: answers[mapping.tcpa] === true,
  };
  if (mapping.accident_date) columns.accident_date = columnValue(mapping.accident_date, answers);
  if (mapping.notes) columns.notes = columnValue(mapping.notes, answers);
  if (mapping.cq) {
    const cq: NonNullable<LeadColumns["cq"]> = {};
    for (const [number, source] of Object.entries(mapping.cq)) {
      if (source) cq[Number(number) as keyof typeof cq] = columnValue(source, answers);
    }
    columns.cq = cq;
  }
  return columns;
}

const answersRead = (sources: readonly (LeadSource | undefined)[]) => sources.flatMap((s) => (s && "answer" in s ? [s.answer] : []));

/** Every answer name a mapping reads. */
export function answersReadByMapping(mapping: LeadMapping): string[] {
  return [mapping.tcpa, ...answersRead([mapping.fn, mapping.ln, mapping.em, mapping.ph, mapping.st, mapping.accident_date, mapping.notes, ...Object.values(mapping.cq ?? {})])];
}

/** Every answer name the webhook fields read. */
export const answersReadByWebhook = (mapping: WebhookMapping): string[] => answersRead(Object.values(mapping));
