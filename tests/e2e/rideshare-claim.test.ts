import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isoDay } from "#claims/engine/schema-builders";
import { launchBrowser } from "../../tools/browser";
import { failLeadSaves } from "../support/lead-save-failure";
import { startServer, type RunningServer } from "../../tools/server";
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

const lead = (id: string) => server.query<Record<string, unknown>>("select * from leads where id = ?", id)[0]!;

// The landing page, which runs no JavaScript, is read over HTTP: tests/integration/claim-landing-pages.test.ts.
describe("rideshare claim form", () => {
  it("a failed save says 'There was an error submitting your claim. Please try again.', without internal details, and keeps the answers for a retry", async () => {
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
