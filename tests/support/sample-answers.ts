import type { Page } from "playwright-core";
import { isoDay } from "#claims/engine/schema-builders";
import type { FormValues } from "#claims/engine/form-values";
import type { ClaimDefinition, FieldSpec } from "#claims/engine/types";

/** Valid answers for any claim, made from each field's kind and options; tests override what they exercise. */

const tenDaysAgo = isoDay(new Date(Date.now() - 10 * 86_400_000));

export function sampleValue(field: FieldSpec): string | string[] {
  const firstOption = field.options?.find((o) => o.value !== "")?.value ?? "";
  switch (field.kind) {
    case "email":
      return "jane.history@example.com";
    case "tel":
      return "(415) 555-2671";
    case "select":
    case "radio":
      return firstOption;
    case "checkboxes":
      return [firstOption];
    case "date":
      return tenDaysAgo;
    case "consent":
      return "on";
    case "number":
      return String(field.min ?? 3);
    case "textarea":
      return "Answer kept across history";
    default:
      return "Janeway";
  }
}

export function sampleAnswers(claim: ClaimDefinition, overrides: FormValues = {}): FormValues {
  const values: FormValues = {};
  for (const step of claim.steps) for (const field of step.fields) values[field.name] = sampleValue(field);
  return { ...values, ...overrides };
}

/** Fills one step of the claim's wizard with `values`, as a visitor would. */
export async function fillStep(page: Page, claim: ClaimDefinition, step: number, values: FormValues) {
  for (const field of claim.steps[step]!.fields) {
    const value = values[field.name]!;
    const input = page.locator(`[name="${field.name}"]:not([type=hidden])`);
    if (field.kind === "select") await input.selectOption(String(value));
    else if (field.kind === "radio" || field.kind === "checkboxes") {
      for (const v of [value].flat()) await page.locator(`input[name="${field.name}"][value="${v}"]`).check();
    } else if (field.kind === "consent") await input.check();
    else await input.fill(String(value));
  }
}

/** Fills every step and submits; resolves once the result shows (on the page or on a page of its own). */
export async function completeWizard(page: Page, claim: ClaimDefinition, values: FormValues) {
  for (let step = 0; step < claim.steps.length; step++) {
    await page.getByText(`Step ${step + 1} of ${claim.steps.length}`).waitFor();
    await fillStep(page, claim, step, values);
    const last = step === claim.steps.length - 1;
    await page.locator(`button[name=intent][value=${last ? "submit" : "next"}]:not([hidden])`).click();
  }
  await page.waitForFunction(
    (formPath) => document.querySelector("#result-title") || window.location.pathname !== formPath,
    claim.routes.form,
  );
}
