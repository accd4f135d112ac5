import type { Page } from "playwright-core";

/** Opens a claim form and waits until React has hydrated it (gating and client checks are live). */
export async function openWizard(page: Page, url: string) {
  await page.goto(url);
  await page.locator("form[data-hydrated]").waitFor();
}

/** Fills the contact step most claims start with. */
export async function fillContact(page: Page, state = "CA") {
  await page.getByLabel("First Name").fill("Jane");
  await page.getByLabel("Last Name").fill("Doe");
  await page.getByLabel("Email Address").fill("jane.doe@example.com");
  await page.getByLabel("Phone Number").fill("(415) 555-2671");
  await page.getByLabel("State").selectOption(state);
}

/** Presses the forward button and waits for the named step. */
export async function nextStep(page: Page, expected: string, button = "Next") {
  await page.getByRole("button", { name: button, exact: true }).click();
  await page.getByText(expected).waitFor();
}

/** Picks the option labelled `option` in the radio or checkbox group labelled `group`. */
export async function pick(page: Page, group: string | RegExp, option: string) {
  await page.getByRole("group", { name: group }).getByLabel(option, { exact: true }).check();
}

/** The lead id the result screen shows in its saved notice. */
export async function savedLeadId(page: Page): Promise<string> {
  const status = (await page.getByRole("status").textContent()) ?? "";
  const match = status.match(/Lead ID: ([0-9a-f-]{36})/);
  if (!match) throw new Error(`no lead id in: ${status}`);
  return match[1]!;
}
