import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { startServer, type RunningServer } from "../support/server";
import { fillContact, nextStep, openWizard, pick, savedLeadId } from "../support/wizard";

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ LEAD_RATE_LIMIT_PER_HOUR: "0" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function completeClaim(page: Page, answers: { diagnosis: string; attorney: "Yes" | "No" }) {
  await fillContact(page, "WY");
  await nextStep(page, "Step 2 of 4");
  await pick(page, /diagnosed with/, answers.diagnosis);
  await pick(page, /Age of the person/, "70-79");
  await nextStep(page, "Step 3 of 4");
  await pick(page, /exposed to asbestos/, "Occupational (Workplace)");
  await pick(page, /have an attorney/, answers.attorney);
  await nextStep(page, "Step 4 of 4");
  await page.getByLabel("I agree to be contacted").check();
  await page.getByRole("button", { name: "Submit Claim" }).click();
}

const lead = (id: string) =>
  server.query<Record<string, unknown>>("select * from leads where id = ?", id)[0]!;

describe("mesothelioma claim", () => {
  it("landing page buttons lead to the form", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/mesothelioma-claim-landing`);
    for (const name of ["Start Your Free Mesothelioma Claim Today", "Start My Claim"]) {
      expect(await page.getByRole("link", { name }).first().getAttribute("href")).toBe("/mesothelioma-claim");
    }
    expect(await page.getByText("$1M - $2.4M+").isVisible()).toBe(true);
    await page.close();
  });

  it("eligible: 'You May Be Eligible', stored with its flags and certificate", async () => {
    const page = await browser.newPage();
    await openWizard(page, `${server.url}/mesothelioma-claim`);
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await completeClaim(page, { diagnosis: "Mesothelioma", attorney: "No" });
    await page.getByRole("button", { name: "Processing..." }).waitFor();
    await page.getByRole("heading", { name: "You May Be Eligible" }).waitFor();
    expect(await page.getByText("within 24-48 hours").isVisible()).toBe(true);
    const row = lead(await savedLeadId(page));
    expect(row).toMatchObject({ case_type: "Mesothelioma", st: "WY", cq1: "Mesothelioma", cq2: "Occupational (Workplace)", cq3: "No", cq4: "70-79" });
    expect(row).toMatchObject({ is_eligible: 1, is_not_eligible: 0, eligibility_reason: "Eligible" });
    expect(row.certificate_id).toMatch(/^tfp_/);
    expect(await page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
    await page.close();
  });

  it("not eligible: 'We're Sorry' for 'No Diagnosis'", async () => {
    const page = await browser.newPage();
    await openWizard(page, `${server.url}/mesothelioma-claim`);
    await completeClaim(page, { diagnosis: "No Diagnosis", attorney: "No" });
    await page.getByRole("heading", { name: "We're Sorry" }).waitFor();
    expect(lead(await savedLeadId(page))).toMatchObject({ is_eligible: 0, is_not_eligible: 1, eligibility_reason: "Ineligible" });
    await page.close();
  });

  it("works without JavaScript, ending on the result screen", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/mesothelioma-claim`);
    await completeClaim(page, { diagnosis: "Lung Cancer", attorney: "Yes" });
    await page.getByRole("heading", { name: "We're Sorry" }).waitFor();
    expect(lead(await savedLeadId(page))).toMatchObject({ cq1: "Lung Cancer", cq3: "Yes", is_not_eligible: 1 });
    await context.close();
  });

  it("the legacy path redirects permanently, keeping the campaign parameters", async () => {
    const response = await fetch(`${server.url}/claims/mesothelioma-or-lung?utm_source=tv`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/mesothelioma-claim-landing?utm_source=tv");
  });
});
