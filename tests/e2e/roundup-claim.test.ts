import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { failLeadSaves } from "../support/lead-save-failure";
import { pageProblems } from "../support/page-checks";
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

const FORM = "/roundup-claim";
const CONTACT_PROMISE = "contact you within 24-48 hours";

interface Answers {
  used: "Yes" | "No";
  years: string;
  diagnosis: string;
  attorney: "Yes" | "No";
}

async function answerSteps1to3(page: Page, a: Answers) {
  await fillContact(page, "IA");
  await nextStep(page, "Step 2 of 4");
  await pick(page, /used RoundUp/, a.used);
  await pick(page, /how many years/, a.years);
  await nextStep(page, "Step 3 of 4");
  await pick(page, /diagnosed with/, a.diagnosis);
  await pick(page, /have an attorney/, a.attorney);
  await nextStep(page, "Step 4 of 4");
}

async function completeClaim(page: Page, a: Answers) {
  await answerSteps1to3(page, a);
  await page.getByLabel("I agree to be contacted").check();
  await page.getByRole("button", { name: "Submit Claim" }).click();
}

const lead = (id: string) => server.query<Record<string, unknown>>("select * from leads where id = ?", id)[0]!;

describe("RoundUp landing page", () => {
  it.each(["/roundup-claim-landing", "/roundup-cancer"])("%s: the same page, every start button leads to the form", async (path) => {
    const page = await browser.newPage();
    await page.goto(server.url + path);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("RoundUp Weed Killer Cancer Claims");
    for (const text of ["$125K to $2M+", "Over $10 billion", "Home gardening", "Professional landscaping", "Agriculture", "Golf courses", "Municipal grounds"]) {
      expect(await page.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }
    for (const cancer of ["Non-Hodgkin's lymphoma", "Leukemia", "B-cell lymphoma", "Other cancers"]) {
      expect(await page.getByRole("heading", { name: cancer, exact: true }).count(), cancer).toBe(1);
    }
    expect(await page.locator("#benefits-title + ul > li").count()).toBe(4);
    const starts = page.getByRole("link", { name: /^Start (My|Your Free RoundUp) Claim/ });
    expect(await starts.count()).toBeGreaterThanOrEqual(4);
    for (const href of await starts.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) expect(href).toBe(FORM);
    expect(await page.locator("script:not([type=\"application/ld+json\"])").count()).toBe(0);
    await page.close();
  });

  it("both addresses name /roundup-claim-landing as the canonical page, absolute on the site's origin", async () => {
    for (const path of ["/roundup-cancer", "/roundup-claim-landing"]) {
      const html = await (await fetch(server.url + path)).text();
      expect(html).toContain(`<link rel="canonical" href="${server.url}/roundup-claim-landing"/>`);
    }
  });

  it("a start button opens the form; the legacy path redirects permanently", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/roundup-cancer`);
    await page.getByRole("link", { name: "Start Your Free RoundUp Claim" }).click();
    await page.waitForURL(server.url + FORM);
    await page.getByText("Step 1 of 4").waitFor();
    await page.close();
    const response = await fetch(`${server.url}/claims/roundup-claim?utm_source=tv`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/roundup-claim-landing?utm_source=tv");
  });
});

describe("RoundUp claim form with JavaScript", () => {
  it("Previous is disabled at step 1 and Next until the step's fields are filled", async () => {
    const page = await browser.newPage();
    await openWizard(page, server.url + FORM);
    expect(await page.getByText("25% complete").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
    const next = page.getByRole("button", { name: "Next" });
    expect(await next.isDisabled()).toBe(true);
    await fillContact(page, "IA");
    await nextStep(page, "Step 2 of 4");
    expect(await page.getByText("50% complete").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Previous" }).isEnabled()).toBe(true);
    expect(await next.isDisabled()).toBe(true);
    await pick(page, /used RoundUp/, "Yes");
    expect(await next.isDisabled()).toBe(true);
    await pick(page, /how many years/, "3-5 years");
    await nextStep(page, "Step 3 of 4");
    expect(await next.isDisabled()).toBe(true);
    await pick(page, /diagnosed with/, "Multiple Myeloma");
    expect(await next.isDisabled()).toBe(true);
    await page.close();
  });

  it("eligible: 'Processing...' (disabled) for at least 1.5 s, then 'Congratulations!', stored with flags and certificate", async () => {
    const page = await browser.newPage();
    await openWizard(page, server.url + FORM);
    await answerSteps1to3(page, { used: "Yes", years: "More than 10 years", diagnosis: "Non-Hodgkin's Lymphoma", attorney: "No" });
    await page.getByLabel("I agree to be contacted").check();
    const started = Date.now();
    await page.getByRole("button", { name: "Submit Claim" }).click();
    const busy = page.getByRole("button", { name: "Processing..." });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await page.getByRole("heading", { name: "Congratulations!" }).waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1450);

    expect(await page.getByText(CONTACT_PROMISE).isVisible()).toBe(true);
    expect(await page.getByText("Your RoundUp claim information has been saved successfully. Lead ID:").isVisible()).toBe(true);
    const row = lead(await savedLeadId(page));
    expect(row).toMatchObject({
      case_type: "RoundUp",
      st: "IA",
      cq1: "Yes",
      cq2: "More than 10 years",
      cq3: "Non-Hodgkin's Lymphoma",
      cq4: "No",
      tcpa: 1,
      is_eligible: 1,
      is_not_eligible: 0,
      eligibility_reason: "Eligible",
    });
    expect(row.certificate_id).toMatch(/^tfp_/);
    expect(JSON.parse(String(row.form_data))).toMatchObject({ isEligible: true, isNotEligible: false });
    expect(await page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
    await page.close();
  });

  it("every step, the missing-consent summary and the 'Congratulations!' screen are accessible and fit a 360 px phone", async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await openWizard(page, server.url + FORM);
    const problems: string[] = [];
    const check = async (state: string) => problems.push(...(await pageProblems(page)).map((p) => `${state}: ${p}`));
    await check("step 1");
    await fillContact(page, "IA");
    await nextStep(page, "Step 2 of 4");
    await check("step 2");
    await pick(page, /used RoundUp/, "Yes");
    await pick(page, /how many years/, "6-10 years");
    await nextStep(page, "Step 3 of 4");
    await check("step 3");
    await pick(page, /diagnosed with/, "Other Cancer");
    await pick(page, /have an attorney/, "No");
    await nextStep(page, "Step 4 of 4");
    await check("step 4");
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await page.getByRole("alert").waitFor();
    await check("missing consent");
    await page.getByLabel("I agree to be contacted").check();
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await page.getByRole("heading", { name: "Congratulations!" }).waitFor();
    await check("result");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("not eligible ('No Diagnosis'): 'We're Sorry', still promising contact within 24-48 hours", async () => {
    const page = await browser.newPage();
    await openWizard(page, server.url + FORM);
    await completeClaim(page, { used: "Yes", years: "1-2 years", diagnosis: "No Diagnosis", attorney: "No" });
    await page.getByRole("heading", { name: "We're Sorry" }).waitFor();
    expect(await pageProblems(page)).toEqual([]);
    expect(await page.getByText(CONTACT_PROMISE).isVisible()).toBe(true);
    expect(lead(await savedLeadId(page))).toMatchObject({ cq3: "No Diagnosis", is_eligible: 0, is_not_eligible: 1, eligibility_reason: "Ineligible" });
    expect(await page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
    await page.close();
  });

  it("not eligible (did not use RoundUp): 'We're Sorry'", async () => {
    const page = await browser.newPage();
    await openWizard(page, server.url + FORM);
    await completeClaim(page, { used: "No", years: "Less than 1 year", diagnosis: "Hairy Cell Leukemia", attorney: "No" });
    await page.getByRole("heading", { name: "We're Sorry" }).waitFor();
    expect(lead(await savedLeadId(page))).toMatchObject({ cq1: "No", cq2: "Less than 1 year", is_not_eligible: 1 });
    await page.close();
  });

  it("submitting without consent shows 'Missing required fields' and the consent message", async () => {
    const page = await browser.newPage();
    await openWizard(page, server.url + FORM);
    await answerSteps1to3(page, { used: "Yes", years: "6-10 years", diagnosis: "B-Cell Lymphoma", attorney: "No" });
    await page.getByRole("button", { name: "Submit Claim" }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("Missing required fields");
    expect(await alert.textContent()).toContain("You must agree to be contacted");
    expect(await page.getByLabel("I agree to be contacted").getAttribute("aria-invalid")).toBe("true");
    await page.close();
  });

  it("a failed save shows 'Error: Database save failed', without internal details, and keeps the answers", async () => {
    const page = await browser.newPage();
    await openWizard(page, server.url + FORM);
    await answerSteps1to3(page, { used: "Yes", years: "3-5 years", diagnosis: "T-Cell Lymphoma", attorney: "Yes" });
    await page.getByLabel("I agree to be contacted").check();
    const restore = failLeadSaves(server.dbFile);
    try {
      await page.getByRole("button", { name: "Submit Claim" }).click();
      await page.getByText("Error: Database save failed.").waitFor();
    } finally {
      restore();
    }
    expect(await page.getByText(/RAISE|disk I\/O|SQLITE/i).count()).toBe(0);
    expect(await page.getByText("Step 4 of 4").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByText("Step 3 of 4").waitFor();
    expect(await page.getByLabel("T-Cell Lymphoma").isChecked()).toBe(true);

    await nextStep(page, "Step 4 of 4");
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await page.getByRole("heading", { name: "We're Sorry" }).waitFor();
    expect(lead(await savedLeadId(page))).toMatchObject({ cq3: "T-Cell Lymphoma", cq4: "Yes", eligibility_reason: "Ineligible" });
    await page.close();
  });
});

describe("RoundUp claim form without JavaScript", () => {
  it("an empty step comes back with 'Missing required fields'; the completed form saves the lead", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(server.url + FORM);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Missing required fields").waitFor();
    expect(await page.getByText("First name is required").count()).toBeGreaterThan(0);
    expect(await page.getByText("Step 1 of 4").isVisible()).toBe(true);

    await completeClaim(page, { used: "Yes", years: "1-2 years", diagnosis: "Chronic Lymphocytic Leukemia", attorney: "No" });
    await page.getByRole("heading", { name: "Congratulations!" }).waitFor();
    expect(lead(await savedLeadId(page))).toMatchObject({ cq3: "Chronic Lymphocytic Leukemia", is_eligible: 1 });
    await context.close();
  });
});
