import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isoDay } from "#claims/engine/schema-builders";
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

const FORM = "/rideshare-assault-claim";
const CONSENT_MESSAGE = "Please agree to be contacted to continue.";
const incidentDate = isoDay(new Date(Date.now() - 45 * 86_400_000));

interface Answers {
  incident: string;
  service: string;
  policeReport: string;
  attorney: "Yes" | "No";
  date?: string;
}

async function answerSteps1to3(page: Page, a: Answers) {
  await pick(page, /best describes what happened/, a.incident);
  await pick(page, /Which service/, a.service);
  await nextStep(page, "Step 2 of 4");
  await pick(page, /police report/, a.policeReport);
  await pick(page, /already have an attorney/, a.attorney);
  if (a.date) await page.getByLabel("Date of the incident").fill(a.date);
  await nextStep(page, "Step 3 of 4");
  await fillContact(page, "GA");
  await nextStep(page, "Step 4 of 4");
}

async function completeClaim(page: Page, a: Answers) {
  await answerSteps1to3(page, a);
  await page.getByLabel("I agree to be contacted").check();
  await page.getByRole("button", { name: "Submit Claim" }).click();
}

const lead = (id: string) => server.query<Record<string, unknown>>("select * from leads where id = ?", id)[0]!;

describe("rideshare landing page", () => {
  it("shows the typical settlement, and every start button leads to the form", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/ride-share-assault`);
    expect(await page.getByText("$100K - $1M+").isVisible()).toBe(true);
    const starts = page.getByRole("link", { name: /Start (My|Your Confidential) Claim/ });
    expect(await starts.count()).toBeGreaterThanOrEqual(3);
    for (const href of await starts.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) expect(href).toBe(FORM);
    expect(await page.locator("script:not([type=\"application/ld+json\"])").count()).toBe(0);

    await page.getByRole("link", { name: "Start Your Confidential Claim" }).click();
    await page.waitForURL(`${server.url}${FORM}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Rideshare Assault Claim Form");
    await page.close();
  });

  it("the legacy path redirects permanently", async () => {
    const response = await fetch(`${server.url}/claims/ride-share-assault?utm_source=tv`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/ride-share-assault?utm_source=tv");
  });
});

describe("rideshare claim form with JavaScript", () => {
  it("Next stays disabled until the step's required fields are filled; the incident date is optional", async () => {
    const page = await browser.newPage();
    await openWizard(page, server.url + FORM);
    const next = page.getByRole("button", { name: "Next" });
    expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(true);
    await pick(page, /best describes what happened/, "Harassment");
    expect(await next.isDisabled()).toBe(true);
    await pick(page, /Which service/, "Lyft");
    expect(await next.isEnabled()).toBe(true);
    await nextStep(page, "Step 2 of 4");
    expect(await next.isDisabled()).toBe(true);
    await pick(page, /police report/, "No");
    await pick(page, /already have an attorney/, "No");
    expect(await next.isEnabled()).toBe(true);
    await nextStep(page, "Step 3 of 4");
    expect(await next.isDisabled()).toBe(true);
    await page.close();
  });

  it("eligible: 'We Can Help', stored with the cq columns, flags, date and certificate", async () => {
    const page = await browser.newPage();
    await openWizard(page, server.url + FORM);
    await completeClaim(page, { incident: "Sexual assault", service: "Uber", policeReport: "Not yet, but I plan to", attorney: "No", date: incidentDate });
    await page.getByRole("heading", { name: "We Can Help" }).waitFor();
    expect(await page.getByText("within 24-48 hours").isVisible()).toBe(true);
    const row = lead(await savedLeadId(page));
    expect(row).toMatchObject({
      case_type: "Rideshare",
      st: "GA",
      ph: "4155552671",
      cq1: "sexual_assault",
      cq2: "uber",
      cq3: "planning_to",
      cq4: "no",
      cq5: incidentDate,
      tcpa: 1,
      is_eligible: 1,
      is_not_eligible: 0,
      eligibility_reason: "Meets basic criteria",
    });
    expect(row.certificate_id).toMatch(/^tfp_/);
    expect(JSON.parse(String(row.form_data)).submittedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
    await page.close();
  });

  it("every step, the consent error and the 'We Can Help' screen are accessible and fit a 360 px phone", async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await openWizard(page, server.url + FORM);
    const problems: string[] = [];
    const check = async (state: string) => problems.push(...(await pageProblems(page)).map((p) => `${state}: ${p}`));
    await check("step 1");
    await pick(page, /best describes what happened/, "Physical assault");
    await pick(page, /Which service/, "Uber");
    await nextStep(page, "Step 2 of 4");
    await check("step 2");
    await pick(page, /police report/, "Yes");
    await pick(page, /already have an attorney/, "No");
    await nextStep(page, "Step 3 of 4");
    await check("step 3");
    await fillContact(page, "GA");
    await nextStep(page, "Step 4 of 4");
    await check("step 4");
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await page.getByRole("alert").waitFor();
    await check("consent error");
    await page.getByLabel("I agree to be contacted").check();
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await page.getByRole("heading", { name: "We Can Help" }).waitFor();
    await check("result");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("not eligible, no incident: 'We're Sorry', reason 'No incident reported', no date stored as empty", async () => {
    const page = await browser.newPage();
    await openWizard(page, server.url + FORM);
    await completeClaim(page, { incident: "No incident occurred", service: "Taxi", policeReport: "No", attorney: "No" });
    await page.getByRole("heading", { name: "We're Sorry" }).waitFor();
    expect(await pageProblems(page)).toEqual([]);
    expect(await page.getByText("800-656-4673").isVisible()).toBe(true);
    expect(lead(await savedLeadId(page))).toMatchObject({
      cq1: "no_incident",
      cq2: "taxi",
      cq5: "",
      is_eligible: 0,
      is_not_eligible: 1,
      eligibility_reason: "No incident reported",
    });
    await page.close();
  });

  it("not eligible, already represented: 'We're Sorry', reason 'Already has attorney'", async () => {
    const page = await browser.newPage();
    await openWizard(page, server.url + FORM);
    await completeClaim(page, { incident: "Physical assault", service: "Another rideshare app", policeReport: "Yes", attorney: "Yes" });
    await page.getByRole("heading", { name: "We're Sorry" }).waitFor();
    expect(lead(await savedLeadId(page))).toMatchObject({
      cq1: "physical_assault",
      cq2: "other_rideshare",
      cq3: "yes",
      cq4: "yes",
      is_not_eligible: 1,
      eligibility_reason: "Already has attorney",
    });
    await page.close();
  });

  it("submitting without consent shows 'Please agree to be contacted to continue.'", async () => {
    const page = await browser.newPage();
    await openWizard(page, server.url + FORM);
    await answerSteps1to3(page, { incident: "Kidnapping or being held against my will", service: "Uber", policeReport: "Yes", attorney: "No" });
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await page.getByRole("alert").waitFor();
    const consent = page.getByLabel("I agree to be contacted");
    expect(await consent.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`#${await consent.getAttribute("aria-describedby")}`).textContent()).toBe(CONSENT_MESSAGE);
    expect(await page.getByText("Step 4 of 4").isVisible()).toBe(true);

    await consent.check();
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await page.getByRole("heading", { name: "We Can Help" }).waitFor();
    expect(lead(await savedLeadId(page))).toMatchObject({ cq1: "kidnapping", tcpa: 1 });
    await page.close();
  });

  it("an incident date in the future is refused on Next", async () => {
    const page = await browser.newPage();
    await openWizard(page, server.url + FORM);
    await pick(page, /best describes what happened/, "Harassment");
    await pick(page, /Which service/, "Uber");
    await nextStep(page, "Step 2 of 4");
    await pick(page, /police report/, "No");
    await pick(page, /already have an attorney/, "No");
    await page.getByLabel("Date of the incident").evaluate((input: HTMLInputElement) => input.removeAttribute("max"));
    await page.getByLabel("Date of the incident").fill(isoDay(new Date(Date.now() + 10 * 86_400_000)));
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("alert").waitFor();
    expect(await page.getByText("The incident date cannot be in the future").count()).toBeGreaterThan(0);
    expect(await page.getByText("Step 2 of 4").isVisible()).toBe(true);
    await page.close();
  });

  it("a failed save says 'There was an error submitting your claim. Please try again.' and keeps the answers", async () => {
    const page = await browser.newPage();
    await openWizard(page, server.url + FORM);
    await answerSteps1to3(page, { incident: "Harassment", service: "Lyft", policeReport: "Yes", attorney: "No", date: incidentDate });
    await page.getByLabel("I agree to be contacted").check();
    const restore = failLeadSaves(server.dbFile);
    try {
      await page.getByRole("button", { name: "Submit Claim" }).click();
      await page.getByText("There was an error submitting your claim. Please try again.").waitFor();
    } finally {
      restore();
    }
    expect(await page.getByText(/RAISE|disk I\/O|SQLITE/i).count()).toBe(0);
    expect(await page.getByLabel("I agree to be contacted").isChecked()).toBe(true);
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByText("Step 3 of 4").waitFor();
    expect(await page.getByLabel("Email Address").inputValue()).toBe("jane.doe@example.com");

    await nextStep(page, "Step 4 of 4");
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await page.getByRole("heading", { name: "We Can Help" }).waitFor();
    expect(lead(await savedLeadId(page))).toMatchObject({ cq1: "harassment", cq2: "lyft", cq5: incidentDate });
    await page.close();
  });
});

describe("rideshare claim form without JavaScript", () => {
  it("each step posts to the server, which gives the consent message, and the lead is saved", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(server.url + FORM);

    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Please select an option").first().waitFor();
    expect(await page.getByText("Step 1 of 4").isVisible()).toBe(true);

    await answerSteps1to3(page, { incident: "Something else happened", service: "Taxi", policeReport: "No", attorney: "No", date: incidentDate });
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await page.getByText(CONSENT_MESSAGE).first().waitFor();

    await page.getByLabel("I agree to be contacted").check();
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await page.getByRole("heading", { name: "We Can Help" }).waitFor();
    expect(lead(await savedLeadId(page))).toMatchObject({ cq1: "other", cq2: "taxi", cq3: "no", cq5: incidentDate, is_eligible: 1 });
    await context.close();
  });
});
