import type { ClaimFormValues } from "../../server/data-claims/claim-form";

/** The editor's form as the browser posts it: every value under its posted name. */
export function formOf(values: ClaimFormValues, intent = "save"): FormData {
  const form = new FormData();
  const add = (fields: Record<string, string>) => Object.entries(fields).forEach(([name, value]) => form.append(name, value));
  add({ intent, ...values.basics, otherwiseOutcome: values.otherwiseOutcome, otherwiseReason: values.otherwiseReason });
  values.faq.forEach((row) => add({ faqQuestion: row.question, faqAnswer: row.answer }));
  values.steps.forEach((row) => add({ stepTitle: row.title, stepPanelTitle: row.panelTitle, stepPanelPoints: row.panelPoints }));
  values.fields.forEach((row) =>
    add({
      fieldStep: row.step,
      fieldLabel: row.label,
      fieldName: row.name,
      fieldKind: row.kind,
      fieldRequired: row.required,
      fieldOptions: row.options,
      fieldHint: row.hint,
      fieldPlaceholder: row.placeholder,
      fieldAutoComplete: row.autoComplete,
      fieldPrivacy: row.privacy,
      fieldPastDays: row.pastDays,
      fieldMin: row.min,
      fieldMax: row.max,
      fieldRequiredMessage: row.requiredMessage,
      fieldInvalidMessage: row.invalidMessage,
      fieldShortMessage: row.shortMessage,
      fieldRangeMessage: row.rangeMessage,
      fieldFutureMessage: row.futureMessage,
    }),
  );
  values.rules.forEach((row) => add({ ruleMatch: row.match, ruleOutcome: row.outcome, ruleReason: row.reason }));
  values.conditions.forEach((row) => add({ conditionRule: row.rule, conditionAnswer: row.answer, conditionTest: row.test, conditionValue: row.value }));
  Object.entries(values.results).forEach(([screen, copy]) => add({ [`result.${screen}.heading`]: copy.heading, [`result.${screen}.message`]: copy.message }));
  Object.entries(values.lead).forEach(([column, source]) => add({ [`lead.${column}.answer`]: source.answer, [`lead.${column}.value`]: source.value, [`lead.${column}.join`]: source.join }));
  return form;
}
