import { allFields, emptyValues, validateStep } from "#claims/engine/form-values";
import type { ClaimDefinition, FieldSpec, Outcome } from "#claims/engine/types";
import { wizardMessages } from "../../app/i18n/wizard-messages";

/** What a claim's own schema, toLead() and eligibility() make of an example: the stored lead must match. */
export function expectedLead(definition: ClaimDefinition, answers: Record<string, unknown>) {
  const parsed = definition.schema.parse(answers) as Record<string, unknown>;
  const columns = definition.toLead(parsed);
  const eligibility = definition.eligibility?.(parsed) ?? null;
  const cq = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`cq${i + 1}`, columns.cq?.[(i + 1) as 1] ?? null]));
  return {
    parsed,
    eligibility,
    outcome: (eligibility?.outcome ?? null) as Outcome | null,
    row: {
      case_type: definition.caseType,
      fn: columns.fn,
      ln: columns.ln,
      em: columns.em,
      ph: columns.ph,
      st: columns.st,
      accident_date: columns.accident_date ?? null,
      notes: columns.notes ?? null,
      ...cq,
      tcpa: columns.tcpa ? 1 : 0,
      is_eligible: eligibility ? Number(eligibility.outcome === "eligible") : null,
      is_not_eligible: eligibility ? Number(eligibility.outcome === "ineligible") : null,
      eligibility_reason: eligibility?.reason ?? null,
      source: "web_form",
    },
  };
}

export const requiredFields = (definition: ClaimDefinition) => allFields(definition).filter((f) => !f.optional);
export const optionalFields = (definition: ClaimDefinition) => allFields(definition).filter((f) => f.optional);
export const consentField = (definition: ClaimDefinition) => allFields(definition).find((f) => f.kind === "consent")!;
export const stepOf = (definition: ClaimDefinition, field: FieldSpec) => definition.steps.findIndex((s) => s.fields.includes(field));

/**
 * The message the form shows for each field of a step left blank: the claim's schema decides it, and
 * the API must give the same one for a missing answer.
 */
export function blankStepMessages(definition: ClaimDefinition, stepIndex: number): Record<string, string> {
  return validateStep(definition, stepIndex, emptyValues(definition, "blank-form-0001"));
}

export function blankMessage(definition: ClaimDefinition, field: FieldSpec): string {
  const message = blankStepMessages(definition, stepOf(definition, field))[field.name];
  if (!message) throw new Error(`${definition.slug}: no message for a blank ${field.name}`);
  return message;
}

/** The result a claim shows for an outcome: its own result page, or a heading on the form page. */
export function resultHeading(definition: ClaimDefinition, outcome: Outcome | null): string | null {
  if (definition.resultPages) return null;
  return (definition.results?.[outcome ?? "none"] ?? definition.results?.none)?.heading ?? wizardMessages(definition.locale).thankYou;
}
