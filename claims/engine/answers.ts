import { allFields } from "./form-values";
import type { ClaimDefinition, FieldSpec } from "./types";

export const NOT_PROVIDED = "Not provided";

/** An answer as the visitor chose it: option labels rather than values, consent as Agreed / Not agreed. */
export function answerText(field: Pick<FieldSpec, "kind" | "options">, value: unknown): string {
  if (value === null || value === undefined || value === "") return NOT_PROVIDED;
  if (typeof value === "boolean") return field.kind === "consent" ? (value ? "Agreed" : "Not agreed") : value ? "Yes" : "No";
  if (Array.isArray(value)) return value.length ? value.map((v) => answerText(field, v)).join(", ") : NOT_PROVIDED;
  const text = String(value);
  return field.options?.find((o) => o.value === text)?.label ?? text;
}

/** Every question of the claim's wizard, in the visitor's order, with the stored answer. */
export function answeredQuestions(definition: ClaimDefinition, answers: Record<string, unknown>) {
  return definition.steps.flatMap((step) =>
    step.fields.map((field) => ({ name: field.name, step: step.title, question: field.label, answer: answerText(field, answers[field.name]) })),
  );
}

/** The questions' names across claims, in registry order without repeats: the export's answer columns. */
export function questionNames(definitions: readonly ClaimDefinition[]): string[] {
  return [...new Set(definitions.flatMap((definition) => allFields(definition).map((field) => field.name)))];
}
