import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { startServer, type RunningServer } from "../support/server";
import { fillMvaWizard as fillWizard, tenDaysAgo } from "../support/claim-flows";
import { openWizard } from "../support/wizard";

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ LEAD_RATE_LIMIT_PER_HOUR: "0" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const openMva = (page: Page) => openWizard(page, `${server.url}/mva-claim`);

interface LeadRow {
  id: string;
  case_type: string;
  st: string;
  is_eligible: number;
  is_not_eligible: number;
  eligibility_reason: string;
  cq1: string;
  cq2: string;
  cq4: string;
  cq9: string;
  accident_date: string;
  certificate_id: string;
  user_agent: string;
  attribution: string | null;
}

const leadById = (id: string) => server.query<LeadRow>("select * from leads where id = ?", id)[0]!;
const certificateOf = (lead: LeadRow) =>
  server.query<{ lead_id: string; page_url: string; consent_text: string }>(
    "select * from submission_certificates where certificate_id = ?",
    lead.certificate_id,
  )[0];

describe("MVA claim in a browser with JavaScript", () => {
  it("eligible: five steps, 'Processing...' while saving, then the Congratulations page", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/mva-claim-landing?utm_source=e2e&gclid=click-1`);
    await page.getByRole("link", { name: "Start Your Free Claim Today" }).click();
    await page.waitForURL("**/mva-claim");
    await page.locator("form[data-hydrated]").waitFor();
    expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    expect(await page.getByText("20% complete").isVisible()).toBe(true);

    await fillWizard(page, { state: "CA", atFault: "No, I was not at fault", attorney: "No attorney / Seeking change" });
    const started = Date.now();
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await page.getByRole("button", { name: "Processing..." }).waitFor();
    await page.waitForURL(/\/mva-claim\/success\?lead=/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    // The URL changes before React renders the page it leads to: wait for the content.
    await page.getByRole("heading", { name: "Congratulations!" }).waitFor();
    expect(await page.getByText("$15,000 - $150,000+").isVisible()).toBe(true);

    const leadId = new URL(page.url()).searchParams.get("lead")!;
    const lead = leadById(leadId);
    expect(lead).toMatchObject({ case_type: "MVA", st: "CA", is_eligible: 1, is_not_eligible: 0, eligibility_reason: "Eligible" });
    expect(lead).toMatchObject({ cq1: "No", cq2: "Yes", cq4: tenDaysAgo, accident_date: tenDaysAgo });
    expect(lead.cq9).toBe("Defendant Insurance Coverage, Driver UI or UIM Coverage");
    expect(lead.user_agent).toContain("Chrome");
    expect(JSON.parse(lead.attribution!)).toMatchObject({ utm_source: "e2e", gclid: "click-1", landing_page: "/mva-claim-landing?utm_source=e2e&gclid=click-1" });
    const certificate = certificateOf(lead);
    expect(certificate).toMatchObject({ lead_id: leadId, page_url: `${server.url}/mva-claim` });
    await page.close();
  });

  it("limited: a state our attorneys do not serve gives the limited variant", async () => {
    const page = await browser.newPage();
    await openMva(page);
    await fillWizard(page, { state: "OR", atFault: "No, I was not at fault", attorney: "No attorney / Seeking change" });
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await page.waitForURL(/\/mva-claim\/success\?lead=/);
    await page.getByText("$2,500 - $15,000").waitFor();
    const lead = leadById(new URL(page.url()).searchParams.get("lead")!);
    expect(lead).toMatchObject({ is_eligible: 0, is_not_eligible: 0, eligibility_reason: "Partial" });
    expect(certificateOf(lead)).toBeDefined();
    await page.close();
  });

  it("not eligible: having an attorney leads to the sorry page, and the lead is still saved", async () => {
    const page = await browser.newPage();
    await openMva(page);
    await fillWizard(page, { state: "TX", atFault: "No, I was not at fault", attorney: "I have an attorney" });
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await page.waitForURL(/\/mva-claim\/sorry\?lead=/);
    await page.getByRole("heading", { name: "We're Sorry" }).waitFor();
    expect(await page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
    const lead = leadById(new URL(page.url()).searchParams.get("lead")!);
    expect(lead).toMatchObject({ is_eligible: 0, is_not_eligible: 1, eligibility_reason: "Ineligible", cq1: "Yes" });
    await page.close();
  });

  it("shows the step's messages next to their fields and keeps the visitor on the step", async () => {
    const page = await browser.newPage();
    await openMva(page);
    await page.getByLabel("First Name").fill("J");
    await page.getByLabel("Last Name").fill("Doe");
    await page.getByLabel("Email Address").fill("jane@");
    await page.getByLabel("Phone Number").fill("12345");
    await page.getByLabel("State").selectOption("CA");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("alert").waitFor();
    const firstName = page.getByLabel("First Name");
    expect(await firstName.getAttribute("aria-invalid")).toBe("true");
    const describedBy = await firstName.getAttribute("aria-describedby");
    expect(await page.locator(`#${describedBy}`).textContent()).toBe("First name must be at least 2 characters");
    expect(await page.getByText("Please enter a valid email address").count()).toBeGreaterThan(0);
    expect(await page.getByText("Please enter a valid phone number").count()).toBeGreaterThan(0);
    expect(await page.getByText("Step 1 of 5").isVisible()).toBe(true);
    await page.close();
  });

  it("Previous keeps the answers already given", async () => {
    const page = await browser.newPage();
    await openMva(page);
    await page.getByLabel("First Name").fill("Jane");
    await page.getByLabel("Last Name").fill("Doe");
    await page.getByLabel("Email Address").fill("jane@example.com");
    await page.getByLabel("Phone Number").fill("4155552671");
    await page.getByLabel("State").selectOption("NY");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Step 2 of 5").waitFor();
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByText("Step 1 of 5").waitFor();
    expect(await page.getByLabel("Email Address").inputValue()).toBe("jane@example.com");
    expect(await page.getByLabel("State").inputValue()).toBe("NY");
    await page.close();
  });
});

describe("MVA claim with the keyboard alone", () => {
  /** Presses Tab until the focused element matches the selector. */
  async function tabTo(page: Page, selector: string) {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    }
    throw new Error(`Tab never reached ${selector}`);
  }
  const choose = async (page: Page, name: string) => {
    await tabTo(page, `input[name="${name}"]`);
    await page.keyboard.press("Space");
  };

  it("reaches the result page using only Tab, typing, Space and Enter", async () => {
    const page = await browser.newPage();
    await openMva(page);
    for (const [id, text] of [["fn", "Kim"], ["ln", "Lee"], ["em", "kim.lee@example.com"], ["ph", "2125550188"]]) {
      await tabTo(page, `#${id}`);
      await page.keyboard.type(text!);
    }
    await tabTo(page, "#st");
    await page.keyboard.type("New York");
    await tabTo(page, 'button[value="next"]:not([hidden])');
    await page.keyboard.press("Enter");

    await page.getByText("Step 2 of 5").waitFor();
    await tabTo(page, "#accidentDate");
    const [year, month, day] = tenDaysAgo.split("-");
    await page.keyboard.type(`${month}${day}${year}`);
    await choose(page, "driverNotAtFault");
    await tabTo(page, 'button[value="next"]:not([hidden])');
    await page.keyboard.press("Enter");

    await page.getByText("Step 3 of 5").waitFor();
    for (const name of ["treatmentWithin14Days", "noAttorney", "noMovingViolation"]) await choose(page, name);
    await tabTo(page, 'button[value="next"]:not([hidden])');
    await page.keyboard.press("Enter");

    await page.getByText("Step 4 of 5").waitFor();
    for (const name of ["noPriorSettlement", "insuranceCoverage", "realInjuries"]) await choose(page, name);
    await tabTo(page, 'button[value="next"]:not([hidden])');
    await page.keyboard.press("Enter");

    await page.getByText("Step 5 of 5").waitFor();
    await choose(page, "noTreatmentLapse");
    await choose(page, "tcpa");
    await tabTo(page, 'button[value="submit"]:not([hidden])');
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/mva-claim\/success\?lead=/);
    const lead = leadById(new URL(page.url()).searchParams.get("lead")!);
    expect(lead).toMatchObject({ st: "NY", accident_date: tenDaysAgo, is_eligible: 1 });
    await page.close();
  });
});

describe("MVA claim with JavaScript disabled", () => {
  it("every step posts to the server, errors come back from it, and the lead is saved", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/mva-claim`);

    // An empty step comes back from the server with the spec's messages.
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("First name is required").first().waitFor();
    expect(await page.getByText("Step 1 of 5").isVisible()).toBe(true);

    await fillWizard(page, { state: "FL", atFault: "No, I was not at fault", attorney: "No attorney / Seeking change" });
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await page.waitForURL(/\/mva-claim\/success\?lead=/);
    expect(await page.getByRole("heading", { name: "Congratulations!" }).isVisible()).toBe(true);
    const lead = leadById(new URL(page.url()).searchParams.get("lead")!);
    expect(lead).toMatchObject({ st: "FL", is_eligible: 1, cq9: "Defendant Insurance Coverage, Driver UI or UIM Coverage" });
    await context.close();
  });
});
