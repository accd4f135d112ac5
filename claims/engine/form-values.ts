import * as z from "zod/mini";
import type { ClaimDefinition, FieldSpec } from "./types";

/** The raw answers as the form holds them: strings, and arrays for checkbox groups. */
export type FormValues = Record<string, string | string[]>;
export type FieldErrors = Record<string, string>;

/** Hidden fields every claim form carries besides its questions. */
export const SUBMISSION_KEY_FIELD = "submissionKey";
/** Honeypot: people never see or fill it; bots that fill every field do. */
export const HONEYPOT_FIELD = "website";

/** Any honeypot value but absent, null, blank text or an empty list is a bot's: numbers, arrays and objects too. */
export function isHoneypotFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

export function allFields(definition: ClaimDefinition): FieldSpec[] {
  return definition.steps.flatMap((step) => step.fields);
}

export function emptyValues(definition: ClaimDefinition, submissionKey: string): FormValues {
  const values: FormValues = { [SUBMISSION_KEY_FIELD]: submissionKey, [HONEYPOT_FIELD]: "" };
  for (const field of allFields(definition)) values[field.name] = field.kind === "checkboxes" ? [] : "";
  return values;
}

export function valuesFromFormData(definition: ClaimDefinition, formData: FormData): FormValues {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const values: FormValues = {
    [SUBMISSION_KEY_FIELD]: text(SUBMISSION_KEY_FIELD),
    [HONEYPOT_FIELD]: text(HONEYPOT_FIELD),
  };
  for (const field of allFields(definition)) {
    values[field.name] =
      field.kind === "checkboxes"
        ? formData.getAll(field.name).filter((v): v is string => typeof v === "string")
        : text(field.name);
  }
  return values;
}

const CHECKED = new Set(["on", "true", "yes", "1"]);

/** Turns raw form values into the shape the claim's schema (and the JSON API) expects. */
export function answersFromValues(definition: ClaimDefinition, values: FormValues): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const field of allFields(definition)) {
    const raw = values[field.name];
    if (field.kind === "checkboxes") answers[field.name] = Array.isArray(raw) ? raw : raw ? [raw] : [];
    else if (field.kind === "consent") answers[field.name] = typeof raw === "string" && CHECKED.has(raw);
    else answers[field.name] = typeof raw === "string" ? raw : "";
  }
  return answers;
}

/** The error summary when every field in error is unanswered (the spec's wording). */
export const MISSING_SUMMARY = "Missing required fields";
/** The error summary when some answers are given but not accepted (a bad e-mail, a short name). */
export const INVALID_SUMMARY = "Please correct the answers marked below";

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === "string") return value.trim() === "" || value === "false";
  return Array.isArray(value) && value.length === 0;
}

/**
 * The one line above the field messages, the same on every form: 'Missing required fields' only when
 * every field in error was left empty, otherwise a request to correct the answers.
 */
export function errorSummary(errors: FieldErrors, answers: Record<string, unknown>): string {
  const names = Object.keys(errors);
  return names.length > 0 && names.every((name) => isBlank(answers[name])) ? MISSING_SUMMARY : INVALID_SUMMARY;
}

/** The first message for each field, keyed by field name. */
export function fieldErrorsOf(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "_form");
    errors[key] ??= issue.message;
  }
  return errors;
}

function stepSchema(definition: ClaimDefinition, stepIndex: number) {
  const mask = Object.fromEntries(definition.steps[stepIndex]!.fields.map((f) => [f.name, true]));
  return z.pick(definition.schema, mask as Record<string, true> & Record<number, never>);
}

export function validateStep(definition: ClaimDefinition, stepIndex: number, values: FormValues): FieldErrors {
  const result = stepSchema(definition, stepIndex).safeParse(answersFromValues(definition, values));
  return result.success ? {} : translatedErrors(definition, fieldErrorsOf(result.error));
}

/** Messages in the definition's language: a Spanish definition translates the schema's English ones (docs/decisions/058). */
export function translatedErrors(definition: ClaimDefinition, errors: FieldErrors): FieldErrors {
  const translate = definition.translate;
  if (!translate) return errors;
  return Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, translate(message)]));
}

export function firstStepWithError(definition: ClaimDefinition, errors: FieldErrors): number {
  const index = definition.steps.findIndex((step) => step.fields.some((f) => errors[f.name]));
  return index === -1 ? definition.steps.length - 1 : index;
}

/** A step is complete when every required field has an answer (formats are checked on Next). */
export function isStepComplete(definition: ClaimDefinition, stepIndex: number, values: FormValues): boolean {
  return definition.steps[stepIndex]!.fields.every((field) => {
    if (field.optional) return true;
    const value = values[field.name];
    if (field.kind === "checkboxes") return Array.isArray(value) && value.length > 0;
    if (field.kind === "consent") return typeof value === "string" && CHECKED.has(value);
    return typeof value === "string" && value.trim() !== "";
  });
}
