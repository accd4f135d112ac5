import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { startServer, type RunningServer } from "../support/server";
import { answerAfffEligibility, fillAfffContact } from "../support/claim-flows";
import { nextStep, openWizard, pick, savedLeadId } from "../support/wizard";

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ LEAD_RATE_LIMIT_PER_HOUR: "0" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const FORM = "/afff-firefoam-claim";
const lead = (id: string) => server.query<Record<string, unknown>>("select * from leads where id = ?", id)[0]!;
const startClicks = () =>
  server.query<{ n: number }>("select count(*) as n from page_events where name = 'afff-landing-start'")[0]!.n;
const afffLeadCount = () => server.query<{ n: number }>("select count(*) as n from leads where case_type = 'AFFF'")[0]!.n;
const errorOf = (page: Page, field: string) => page.locator(`#${field}-error`).textContent();

function expectStoredLead(row: Record<string, unknown>) {
  expect(row).toMatchObject({
    case_type: "AFFF",
    fn: "Mary",
    ln: "Ann Smith",
    em: "mary.smith@example.com",
    ph: "4155552671",
    st: "CO",
    cq1: "yes",
    cq2: "yes",
    cq3: "fire-department,ship",
    cq4: "kidney-cancer,thyroid-disease",
    tcpa: 1,
    is_eligible: null,
    eligibility_reason: null,
  });
  expect(row.certificate_id).toMatch(/^tfp_/);
  const formData = JSON.parse(String(row.form_data));
  expect(formData).toMatchObject({ fullName: "Mary Ann Smith", TYPE: "75", TCPA: "Yes", Already_Represented: "No", IP_Address: "127.0.0.1" });
  expect(formData.xxTrustedFormCerturl).toBe(`${server.url}/verify-trustedforms-pro?cert=${row.certificate_id}`);
  expect(formData.Landing_Page).toBe(`${server.url}${FORM}`);
}

describe("AFFF landing page", () => {
  it("shows the spec's figures and linked cancers, and every start button goes through the click counter", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/afff-firefoam`);
    for (const figure of ["$200K - $600K+", "1000+", "95%", "$500K+"]) {
      expect(await page.getByText(figure, { exact: true }).first().isVisible(), figure).toBe(true);
    }
    for (const cancer of ["Kidney cancer", "Testicular cancer", "Liver cancer", "Thyroid disease", "Ulcerative colitis"]) {
      expect(await page.getByRole("heading", { name: cancer }).isVisible(), cancer).toBe(true);
    }
    // The start buttons post to the click counter (a GET there only redirects); there are no other links.
    const links = page.locator("header a, main a");
    const hrefs = (await links.evaluateAll((all) => all.map((a) => a.getAttribute("href")))).filter((href) => href !== "/" && href !== "#main");
    expect(hrefs).toEqual([]);
    const forms = page.locator("header form, main form");
    const actions = await forms.evaluateAll((all) => all.map((f) => `${f.getAttribute("method")} ${f.getAttribute("action")}`));
    expect(actions.length).toBeGreaterThanOrEqual(4);
    expect(new Set(actions)).toEqual(new Set(["post /start/afff"]));
    await page.close();
  });

  it("records a start click first-party, then opens the form", async () => {
    const before = startClicks();
    const page = await browser.newPage();
    await page.goto(`${server.url}/afff-firefoam`);
    await page.getByRole("button", { name: "Start Your Free AFFF Claim" }).click();
    await page.waitForURL(`${server.url}${FORM}`);
    expect(await page.getByRole("heading", { name: "Basic Eligibility" }).isVisible()).toBe(true);
    expect(startClicks()).toBe(before + 1);
    const [event] = server.query<{ path: string }>("select path from page_events where name = 'afff-landing-start' order by created_at desc limit 1");
    expect(event!.path).toBe("/afff-firefoam");
    await page.close();
  });
});

describe("AFFF claim form", () => {
  it("checks each step on Continue with the spec's messages, then ends on 'Thank You!' with the lead saved", async () => {
    const page = await browser.newPage();
    await openWizard(page, `${server.url}${FORM}`);
    expect(await page.getByText("Step 1 of 4").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);

    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("alert").waitFor();
    expect(await errorOf(page, "age")).toBe("Please select an option");
    expect(await errorOf(page, "exposedToAFFF")).toBe("Please select an option");
    expect(await page.getByText("Step 1 of 4").isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await pick(page, /between 20 and 80/, "Yes");
    await pick(page, /exposed to AFFF/, "Yes");
    await nextStep(page, "Step 2 of 4", "Continue");

    await page.getByRole("button", { name: "Continue" }).click();
    expect(await errorOf(page, "exposureLocation")).toBe("Please select at least one location");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByText("Step 1 of 4").waitFor();
    expect(await page.getByRole("group", { name: /between 20 and 80/ }).getByLabel("Yes").isChecked()).toBe(true);
    await nextStep(page, "Step 2 of 4", "Continue");
    await pick(page, /Where were you exposed/, "Fire department or fire training");
    await pick(page, /Where were you exposed/, "Navy or other ship");
    await nextStep(page, "Step 3 of 4", "Continue");

    await page.getByRole("button", { name: "Continue" }).click();
    expect(await errorOf(page, "diagnosis")).toBe("Please select at least one option");
    expect(await errorOf(page, "hasAttorney")).toBe("Please select an option");
    expect(await axeViolations(page)).toEqual([]);
    await pick(page, /diagnosed with any/, "Kidney cancer");
    await pick(page, /diagnosed with any/, "Thyroid disease or thyroid cancer");
    await pick(page, /have an attorney/, "No");
    await nextStep(page, "Step 4 of 4", "Continue");

    await page.getByLabel("Full Name").fill("M");
    await page.getByLabel("Phone Number", { exact: true }).fill("555-0100");
    await page.getByLabel("Email Address").fill("mary@");
    await page.getByRole("button", { name: "Get My Free Case Review" }).click();
    await page.getByRole("alert").waitFor();
    expect(await errorOf(page, "fullName")).toBe("Full name is required");
    expect(await errorOf(page, "ph")).toBe("Please enter a valid phone number");
    expect(await errorOf(page, "em")).toBe("Please enter a valid email address");
    expect(await errorOf(page, "st")).toBe("Please enter your state");
    expect(await errorOf(page, "tcpa")).toBe("You must agree to be contacted");
    expect(await axeViolations(page)).toEqual([]);

    await fillAfffContact(page);
    await page.getByRole("button", { name: "Get My Free Case Review" }).click();
    await page.getByRole("button", { name: "Submitting..." }).waitFor();
    await page.getByRole("heading", { name: "Thank You!" }).waitFor();
    expect(await page.getByText("within 24 hours").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
    expect(await axeViolations(page)).toEqual([]);
    expectStoredLead(lead(await savedLeadId(page)));
    await page.close();
  });

  it("a failed save shows an honest error and keeps the answers; a retry then saves the lead", async () => {
    const page = await browser.newPage();
    await openWizard(page, `${server.url}${FORM}`);
    await answerAfffEligibility(page);
    await fillAfffContact(page);

    const leadsBefore = afffLeadCount();
    const db = new Database(server.dbFile);
    db.exec("create trigger fail_lead_insert before insert on leads begin select raise(abort, 'disk full'); end");
    try {
      await page.getByRole("button", { name: "Get My Free Case Review" }).click();
      await page.getByText("we could not save your claim").waitFor();
      expect(await page.getByRole("heading", { name: "Thank You!" }).count()).toBe(0);
      expect(await page.getByText("Step 4 of 4").isVisible()).toBe(true);
      expect(await page.getByLabel("Full Name").inputValue()).toBe("Mary Ann Smith");
      expect(await page.getByLabel("I agree to be contacted").isChecked()).toBe(true);
      expect(afffLeadCount()).toBe(leadsBefore);
    } finally {
      db.exec("drop trigger fail_lead_insert");
      db.close();
    }

    await page.getByRole("button", { name: "Get My Free Case Review" }).click();
    await page.getByRole("heading", { name: "Thank You!" }).waitFor();
    expectStoredLead(lead(await savedLeadId(page)));
    await page.close();
  });

  it("works without JavaScript, ending on 'Thank You!' with the lead saved", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}${FORM}`);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.locator("#age-error").waitFor();
    expect(await errorOf(page, "age")).toBe("Please select an option");
    await answerAfffEligibility(page);
    await fillAfffContact(page);
    await page.getByRole("button", { name: "Get My Free Case Review" }).click();
    await page.getByRole("heading", { name: "Thank You!" }).waitFor();
    expectStoredLead(lead(await savedLeadId(page)));
    await context.close();
  });
});
