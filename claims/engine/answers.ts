import { allFields } from "./form-values";
import type { ClaimDefinition } from "./types";

import { answerText } from "./answer-text";

export { answerText, NOT_PROVIDED } from "./answer-text";

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
