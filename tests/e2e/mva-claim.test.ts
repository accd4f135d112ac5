import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../../tools/browser";
import { startServer, type RunningServer } from "../../tools/server";
import { fillMvaWizard as fillWizard, tenDaysAgo } from "../support/claim-flows";
import { mvaAnswers } from "#claims/mva/examples";
import { openWizard } from "../support/wizard";
import { supplierHeadersFor } from "../../tools/suppliers";

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

describe("MVA claim from its landing page", () => {
  it("from the landing page with campaign parameters: five steps, the Congratulations page, the lead with its attribution and certificate", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/mva-claim-landing?utm_source=e2e&gclid=click-1`);
    await page.getByRole("link", { name: "Start Your Free Claim Today" }).click();
    await page.waitForURL("**/mva-claim");
    await page.locator("form[data-hydrated]").waitFor();
    expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    expect(await page.getByText("20% complete").isVisible()).toBe(true);

    await fillWizard(page, { state: "CA", atFault: "No, I was not at fault", attorney: "No attorney / Seeking change" });
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await page.waitForURL(/\/mva-claim\/success\?lead=/);
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
});

describe("MVA result pages", () => {
  const leadFor = async (overrides: Record<string, unknown>) => {
    const response = await fetch(`${server.url}/api/leads/mva`, {
      method: "POST",
      headers: { ...(await supplierHeadersFor(server)), "content-type": "application/json" },
      body: JSON.stringify(mvaAnswers(overrides)),
    });
    return (await response.json()).leadId as string;
  };
  const html = async (path: string) => (await fetch(server.url + path)).text();

  it("success shows the eligible range, or the limited range for a partial lead", async () => {
    const eligible = await html(`/mva-claim/success?lead=${await leadFor({})}`);
    expect(eligible).toContain("Congratulations!");
    expect(eligible).toContain("$15,000 - $150,000+");
    const limited = await html(`/mva-claim/success?lead=${await leadFor({ st: "OR" })}`);
    expect(limited).toContain("$2,500 - $15,000");
    expect(limited).not.toContain("$15,000 - $150,000+");
  });

  it("sorry says 'We're Sorry' with a way back home", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/mva-claim/sorry?lead=${await leadFor({ noAttorney: "Yes" })}`);
    await page.getByRole("heading", { name: "We're Sorry" }).waitFor();
    expect(await page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
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
