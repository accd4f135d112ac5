import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { startServer, type RunningServer } from "../support/server";
import { openWizard, savedLeadId } from "../support/wizard";

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ LEAD_RATE_LIMIT_PER_HOUR: "0", SITE_PHONE: "(888) 555-0199", SITE_EMAIL: "help@claims.example" }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const FORM = "/depo-provera-claim";
const lead = (id: string) => server.query<Record<string, unknown>>("select * from leads where id = ?", id)[0]!;
const errorOf = (page: Page, field: string) => page.locator(`#${field}-error`).textContent();

async function fillClaim(page: Page, options: { symptoms?: string; notes?: string } = {}) {
  await page.getByLabel("First Name").fill("Jane");
  await page.getByLabel("Last Name").fill("Doe");
  await page.getByLabel("Email Address").fill("jane.doe@example.com");
  await page.getByLabel("Phone Number", { exact: true }).fill("(415) 555-2671");
  await page.getByLabel("State", { exact: true }).selectOption("TX");
  await page.getByLabel("Did you receive Depo-Provera injections?").selectOption("yes");
  await page.getByLabel("How long did you use Depo-Provera?").selectOption("2_5_years");
  await page.getByLabel("Have you been diagnosed with a brain tumor or meningioma?").selectOption("yes_meningioma");
  await page.getByLabel("When were you diagnosed?").selectOption("1_3_years");
  if (options.symptoms) await page.getByLabel("Which symptoms have you experienced?").selectOption(options.symptoms);
  if (options.notes) await page.getByLabel("Anything else you would like us to know?").fill(options.notes);
  await page.getByLabel("I agree to be contacted").check();
}

const required = { case_type: "Depo-Provera", fn: "Jane", ln: "Doe", em: "jane.doe@example.com", ph: "4155552671", st: "TX", cq1: "yes", cq2: "2_5_years", cq3: "yes_meningioma", cq4: "1_3_years", tcpa: 1 };

describe("Depo-Provera landing page", () => {
  it("has the risk figures, the 7-item symptom list, the time-limits banner, and start buttons to the form", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/depo-provera`);
    for (const figure of ["5.6x", "$1M+"]) expect(await page.getByText(figure, { exact: true }).isVisible(), figure).toBe(true);
    expect(await page.getByRole("heading", { name: "2+ years of use may qualify" }).isVisible()).toBe(true);
    expect(await page.getByRole("region", { name: "Conditions linked to Depo-Provera" }).getByRole("listitem").count()).toBeGreaterThan(0);
    expect(await page.getByRole("region", { name: "Symptoms of a meningioma" }).getByRole("listitem").count()).toBe(7);
    expect(await page.getByRole("heading", { name: "Time limits apply to your claim" }).isVisible()).toBe(true);
    const hrefs = (await page.locator("header a, main a").evaluateAll((all) => all.map((a) => a.getAttribute("href")))).filter(
      (href) => href !== "/" && href !== "#main",
    );
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    expect(new Set(hrefs)).toEqual(new Set([FORM]));
    await page.getByRole("link", { name: "Start Your Free Depo-Provera Claim" }).click();
    await page.waitForURL(`${server.url}${FORM}`);
    await page.close();
  });
});

describe("Depo-Provera claim form", () => {
  it("is one page without steps; an empty submit shows the spec's message for every required field", async () => {
    const page = await browser.newPage();
    await openWizard(page, `${server.url}${FORM}`);
    expect(await page.getByText(/Step \d of/).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Previous" }).count()).toBe(0);
    await page.getByRole("button", { name: "Submit My Claim" }).click();
    await page.getByRole("alert").waitFor();
    const expected: Record<string, string> = {
      fn: "First name must be at least 2 characters",
      ln: "Last name must be at least 2 characters",
      em: "Please enter a valid email address",
      ph: "Please enter a valid phone number",
      st: "Please select your state",
      cq1: "Please select an option",
      cq2: "Please select an option",
      cq3: "Please select an option",
      cq4: "Please select an option",
      tcpa: "You must agree to be contacted",
    };
    for (const [field, message] of Object.entries(expected)) expect(await errorOf(page, field), field).toBe(message);
    expect(await page.locator("#cq5-error, #notes-error").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("saves the lead, reads 'Submitting Your Claim...' meanwhile, and 'Submit Another Claim' returns to an empty form", async () => {
    const page = await browser.newPage();
    await openWizard(page, `${server.url}${FORM}`);
    await fillClaim(page, { symptoms: "vision_problems", notes: "Surgery in 2023." });
    const started = Date.now();
    await page.getByRole("button", { name: "Submit My Claim" }).click();
    await page.getByRole("button", { name: "Submitting Your Claim..." }).waitFor();
    await page.getByRole("heading", { name: "Thank You!" }).waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(await page.getByText("within 24 hours").isVisible()).toBe(true);
    const result = page.getByRole("region", { name: "Thank You!" });
    expect(await result.getByRole("link", { name: "(888) 555-0199" }).getAttribute("href")).toBe("tel:8885550199");
    expect(await result.getByRole("link", { name: "help@claims.example" }).getAttribute("href")).toBe("mailto:help@claims.example");
    expect(lead(await savedLeadId(page))).toMatchObject({ ...required, cq5: "vision_problems", notes: "Surgery in 2023." });
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Submit Another Claim" }).click();
    await page.locator("form[data-hydrated]").waitFor();
    expect(await page.getByLabel("First Name").inputValue()).toBe("");
    expect(await page.getByLabel("Did you receive Depo-Provera injections?").inputValue()).toBe("");
    expect(await page.getByLabel("I agree to be contacted").isChecked()).toBe(false);
    await page.close();
  });

  it("works without JavaScript, storing blank optional answers as null", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}${FORM}`);
    await fillClaim(page);
    await page.getByLabel("First Name").fill("J");
    await page.getByRole("button", { name: "Submit My Claim" }).click();
    await page.locator("#fn-error").waitFor();
    expect(await errorOf(page, "fn")).toBe("First name must be at least 2 characters");
    expect(await page.getByLabel("Email Address").inputValue()).toBe("jane.doe@example.com");

    await page.getByLabel("First Name").fill("Jane");
    await page.getByLabel("I agree to be contacted").check();
    await page.getByRole("button", { name: "Submit My Claim" }).click();
    await page.getByRole("heading", { name: "Thank You!" }).waitFor();
    expect(lead(await savedLeadId(page))).toMatchObject({ ...required, cq5: null, notes: null });
    await context.close();
  });
});
