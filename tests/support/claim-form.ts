import type { Page } from "playwright-core";
import { SUBMISSION_KEY_FIELD } from "#claims/engine/form-values";
import type { ClaimDefinition, FieldSpec } from "#claims/engine/types";
import { wizardMessages } from "../../app/i18n/wizard-messages";

/** A claim form driven from its definition: any registered claim, answered with its examples, in the definition's language. */

const css = (value: string) => JSON.stringify(value);
const control = (page: Page, field: FieldSpec) => page.locator(`#${field.name}`);

/** Answers one step as a visitor would; answers left out (or blank) are skipped. */
export async function answerStep(page: Page, definition: ClaimDefinition, stepIndex: number, answers: Record<string, unknown>) {
  for (const field of definition.steps[stepIndex]!.fields) {
    const value = answers[field.name];
    if (value === undefined || value === null || value === "") continue;
    if (field.kind === "radio" || field.kind === "checkboxes") {
      for (const option of [value].flat()) await page.locator(`input[name=${css(field.name)}][value=${css(String(option))}]`).check();
    } else if (field.kind === "consent") {
      if (value === true) await control(page, field).check();
    } else if (field.kind === "select") {
      await control(page, field).selectOption(String(value));
    } else {
      await control(page, field).fill(String(value));
    }
  }
}

/** Waits until the form shows the step (its heading, and its progress line when there are steps). */
export async function waitForStep(page: Page, definition: ClaimDefinition, stepIndex: number) {
  const title = definition.steps[stepIndex]!.title;
  await page.locator("#wizard-step-title").filter({ hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }).waitFor();
  if (definition.steps.length > 1) await page.getByText(wizardMessages(definition.locale).step(stepIndex + 1, definition.steps.length), { exact: true }).waitFor();
}

export const nextButton = (page: Page, definition: ClaimDefinition) =>
  page.getByRole("button", { name: definition.copy.next ?? wizardMessages(definition.locale).next, exact: true });
export const submitButton = (page: Page, definition: ClaimDefinition) =>
  page.getByRole("button", { name: definition.copy.submit, exact: true });

/** The key this form will submit with, to find its lead afterwards. */
export const submissionKeyOf = (page: Page) => page.locator(`input[name=${css(SUBMISSION_KEY_FIELD)}]`).inputValue();

/** Each message shown under its field, if the field is marked invalid and its aria-describedby names the message. */
export async function shownErrors(page: Page, fields: readonly FieldSpec[]): Promise<Record<string, string>> {
  // Without JavaScript the answer is a new document: wait until all of it is there.
  await page.waitForLoadState("load");
  const shown: Record<string, string> = {};
  for (const field of fields) {
    const error = page.locator(`#${field.name}-error`);
    if (!(await error.count())) continue;
    const described = field.kind === "radio" || field.kind === "checkboxes"
      ? page.locator("fieldset").filter({ has: page.locator(`input[name=${css(field.name)}]`) })
      : control(page, field);
    const ids = ((await described.getAttribute("aria-describedby")) ?? "").split(" ");
    if (!ids.includes(`${field.name}-error`)) shown[field.name] = "(not tied to its field)";
    else if ((await described.getAttribute("aria-invalid")) !== "true") shown[field.name] = "(field not marked invalid)";
    else shown[field.name] = (await error.textContent()) ?? "";
  }
  return shown;
}
