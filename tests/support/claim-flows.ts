import type { Page } from "playwright-core";
import { isoDay } from "#claims/engine/schema-builders";
import { nextStep, pick } from "./wizard";

/** Claim forms filled the way a visitor does, shared by the claim tests and the delivery test. */

export const tenDaysAgo = isoDay(new Date(Date.now() - 10 * 86_400_000));

export interface MvaAnswers {
  state: string;
  atFault: "Yes, I was at fault" | "No, I was not at fault";
  attorney: "No attorney / Seeking change" | "I have an attorney";
  /** Jane Doe's unless given: a second MVA lead from one person is a duplicate that buyers do not get. */
  email?: string;
  phone?: string;
}

/** Steps 1-5 of the MVA wizard, up to (not including) Submit Claim. */
export async function fillMvaWizard(page: Page, answers: MvaAnswers) {
  await page.getByLabel("First Name").fill("Jane");
  await page.getByLabel("Last Name").fill("Doe");
  await page.getByLabel("Email Address").fill(answers.email ?? "jane.doe@example.com");
  await page.getByLabel("Phone Number").fill(answers.phone ?? "(415) 555-2671");
  await page.getByLabel("State").selectOption(answers.state);
  await page.getByRole("button", { name: "Next" }).click();

  await page.getByText("Step 2 of 5").waitFor();
  await page.getByLabel("Date of the accident").fill(tenDaysAgo);
  await page.getByLabel(answers.atFault).check();
  await page.getByRole("button", { name: "Next" }).click();

  await page.getByText("Step 3 of 5").waitFor();
  await page.getByRole("group", { name: /treatment within 14 days/ }).getByLabel("Yes").check();
  await page.getByLabel(answers.attorney).check();
  await page.getByLabel("No moving violations").check();
  await page.getByRole("button", { name: "Next" }).click();

  await page.getByText("Step 4 of 5").waitFor();
  await page.getByLabel("No prior settlements").check();
  await page.getByLabel("Defendant Insurance Coverage").check();
  await page.getByLabel("Driver UI or UIM Coverage").check();
  await page.getByRole("group", { name: /real injuries/ }).getByLabel("Yes", { exact: true }).check();
  await page.getByRole("button", { name: "Next" }).click();

  await page.getByText("Step 5 of 5").waitFor();
  await page.getByLabel("No, consistent care").check();
  await page.getByLabel("I agree to be contacted").check();
}

/** Steps 1-3 of the AFFF form, ending on step 4 (contact details). */
export async function answerAfffEligibility(page: Page) {
  await pick(page, /between 20 and 80/, "Yes");
  await pick(page, /exposed to AFFF/, "Yes");
  await nextStep(page, "Step 2 of 4", "Continue");
  await pick(page, /Where were you exposed/, "Fire department or fire training");
  await pick(page, /Where were you exposed/, "Navy or other ship");
  await nextStep(page, "Step 3 of 4", "Continue");
  await pick(page, /diagnosed with any/, "Kidney cancer");
  await pick(page, /diagnosed with any/, "Thyroid disease or thyroid cancer");
  await pick(page, /have an attorney/, "No");
  await nextStep(page, "Step 4 of 4", "Continue");
}

export async function fillAfffContact(page: Page) {
  await page.getByLabel("Full Name").fill("Mary Ann Smith");
  await page.getByLabel("Phone Number", { exact: true }).fill("(415) 555-2671");
  await page.getByLabel("Email Address").fill("mary.smith@example.com");
  await page.getByLabel("State").selectOption("CO");
  await page.getByLabel("I agree to be contacted").check();
}
