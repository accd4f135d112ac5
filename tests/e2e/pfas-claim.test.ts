import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { startServer, type RunningServer } from "../support/server";
import { fillContact, nextStep, openWizard, savedLeadId } from "../support/wizard";

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ LEAD_RATE_LIMIT_PER_HOUR: "0" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const EXPOSURE = "Well water next to the Wurtsmith base, Oscoda MI, 1995-2010";

async function answerExposure(page: Page, healthConditions?: string) {
  await page.getByLabel("Where were you exposed to PFAS?").fill(EXPOSURE);
  if (healthConditions) await page.getByLabel(/Health conditions/).fill(healthConditions);
}

const lead = (id: string) => server.query<Record<string, unknown>>("select * from leads where id = ?", id)[0]!;

async function expectThankYou(page: Page) {
  await page.getByRole("heading", { name: "Thank You!" }).waitFor();
  expect(await page.getByText("Your PFAS claim has been submitted successfully!").isVisible()).toBe(true);
  expect(await page.getByText("within 24 hours").isVisible()).toBe(true);
  expect(await page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
}

describe("PFAS claim", () => {
  it("landing page: the PFAS Health Alert, figures and start buttons that lead to the form", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/pfas-claim`);
    for (const text of ["PFAS Health Alert", "$50K - $1M+", "All 50 states covered", "Contaminated drinking water", "Stain-resistant fabrics", "Thyroid issues"]) {
      expect(await page.getByText(text).first().isVisible(), text).toBe(true);
    }
    for (const name of ["Start Your Free PFAS Claim Today", "Start My Claim"]) {
      const links = page.getByRole("link", { name });
      expect(await links.count()).toBeGreaterThan(0);
      for (const href of await links.evaluateAll((els) => els.map((el) => el.getAttribute("href")))) expect(href).toBe("/pfas-claim-form");
    }
    await page.getByRole("link", { name: "Start Your Free PFAS Claim Today" }).first().click();
    await page.getByText("Step 1 of 3").waitFor();
    expect(new URL(page.url()).pathname).toBe("/pfas-claim-form");
    await page.close();
  });

  it("shows the spec's messages on Continue and at submit, then 'Thank You!' with the lead stored", async () => {
    const page = await browser.newPage();
    await openWizard(page, `${server.url}/pfas-claim-form`);
    await page.getByRole("button", { name: "Continue" }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    for (const message of [
      "First name must be at least 2 characters",
      "Last name must be at least 2 characters",
      "Please enter a valid email address",
      "Please enter a valid phone number",
      "Please select your state",
    ]) {
      expect(await alert.getByText(message).isVisible(), message).toBe(true);
    }

    await fillContact(page, "MI");
    await nextStep(page, "Step 2 of 3", "Continue");
    await page.getByRole("button", { name: "Continue" }).click();
    expect(await page.locator("#exposureLocation-error").textContent()).toBe("Please describe where you were exposed");
    await answerExposure(page, "Kidney cancer");
    await nextStep(page, "Step 3 of 3", "Continue");

    expect(await page.getByRole("heading", { name: "What happens next?" }).isVisible()).toBe(true);
    await page.getByLabel(/Anything else/).fill("Diagnosed in 2021");
    await page.getByRole("button", { name: "Get My Free Case Review" }).click();
    expect(await page.locator("#tcpa-error").textContent()).toBe("You must agree to be contacted");
    expect(await axeViolations(page), "step 3 with its panel and an error").toEqual([]);
    await page.getByLabel("I agree to be contacted").check();
    await page.getByRole("button", { name: "Get My Free Case Review" }).click();

    await expectThankYou(page);
    expect(await axeViolations(page), "result screen").toEqual([]);
    const row = lead(await savedLeadId(page));
    expect(row).toMatchObject({
      case_type: "PFAS",
      fn: "Jane",
      st: "MI",
      ph: "4155552671",
      cq1: EXPOSURE,
      cq2: "Kidney cancer",
      cq3: "Diagnosed in 2021",
      tcpa: 1,
      is_eligible: null,
      eligibility_reason: null,
    });
    expect(row.certificate_id).toMatch(/^tfp_/);
    expect(JSON.parse(String(row.form_data)).submittedAt).toEqual(expect.any(String));
    await page.close();
  });

  it("works without JavaScript: the server checks each step and stores the lead", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/pfas-claim-form`);
    await fillContact(page, "NJ");
    await nextStep(page, "Step 2 of 3", "Continue");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.locator("#exposureLocation-error").waitFor();
    expect(await page.locator("#exposureLocation-error").textContent()).toBe("Please describe where you were exposed");
    await answerExposure(page);
    await nextStep(page, "Step 3 of 3", "Continue");
    await page.getByLabel("I agree to be contacted").check();
    await page.getByRole("button", { name: "Get My Free Case Review" }).click();

    await expectThankYou(page);
    expect(lead(await savedLeadId(page))).toMatchObject({ case_type: "PFAS", st: "NJ", cq1: EXPOSURE, cq2: null, cq3: null, tcpa: 1 });
    await context.close();
  });
});
