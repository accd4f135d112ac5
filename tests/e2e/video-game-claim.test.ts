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

const SUBMIT = "Submit My Gaming Addiction Claim";

async function answerHistory(page: Page, hours = "6") {
  await page.getByLabel(/Which games/).fill("Battle royale shooters");
  await page.getByLabel(/When did the gaming happen/).fill("2019 to now");
  await page.getByLabel(/Average hours/).fill(hours);
  await page.getByLabel(/how much money/).fill("$3,000");
}

const lead = (id: string) => server.query<Record<string, unknown>>("select * from leads where id = ?", id)[0]!;

async function expectThankYou(page: Page) {
  await page.getByRole("heading", { name: "Thank You!" }).waitFor();
  expect(await page.getByText("Your Video Game Addiction claim has been submitted successfully!").isVisible()).toBe(true);
  expect(await page.getByText("within 24 hours").isVisible()).toBe(true);
  expect(await page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
}

describe("video game addiction claim", () => {
  it("landing page: potential recovery, impact areas and start buttons that lead to the form", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/video-game-addiction`);
    for (const text of ["$10K - $100K+", "Mental health", "Financial loss", "Relationships"]) {
      expect(await page.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);
    }
    const hrefs = await page
      .getByRole("link", { name: /Start/ })
      .evaluateAll((els) => els.map((el) => el.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    for (const href of hrefs) expect(href).toBe("/video-game-addiction-claim");
    await page.getByRole("link", { name: "Start My Claim" }).first().click();
    await page.getByText("Step 1 of 4").waitFor();
    expect(new URL(page.url()).pathname).toBe("/video-game-addiction-claim");
    await page.close();
  });

  it("shows the spec's messages on Next, then 'Thank You!' with cq1..cq10 stored", async () => {
    const page = await browser.newPage();
    await openWizard(page, `${server.url}/video-game-addiction-claim`);
    await page.getByRole("button", { name: "Next" }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    for (const message of ["First name is required", "Last name is required", "Email is required", "Phone number is required", "State is required"]) {
      expect(await alert.getByText(message).isVisible(), message).toBe(true);
    }
    await fillContact(page, "IL");
    await nextStep(page, "Step 2 of 4");

    await page.getByRole("button", { name: "Next" }).click();
    await alert.waitFor();
    for (const message of ["Please list the games you played", "Gaming period is required", "Hours per day is required", "Money spent is required"]) {
      expect(await alert.getByText(message).isVisible(), message).toBe(true);
    }
    await answerHistory(page, "30");
    await page.getByRole("button", { name: "Next" }).click();
    expect(await page.locator("#hoursPerDay-error").textContent()).toBe("Please enter a number of hours between 0 and 24");
    expect(await axeViolations(page), "step 2 with the number field in error").toEqual([]);
    await page.getByLabel(/Average hours/).fill("6");
    await nextStep(page, "Step 3 of 4");

    await page.getByRole("button", { name: "Next" }).click();
    expect(await page.locator("#healthImpacts-error").textContent()).toBe("Please describe health impacts");
    await page.getByLabel(/physical or mental health/).fill("Anxiety and insomnia");
    await page.getByLabel(/family and relationships/).fill("Fights at home");
    await nextStep(page, "Step 4 of 4");

    expect(await page.getByRole("heading", { name: "Next Steps" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: SUBMIT }).click();
    expect(await page.locator("#manipulativeFeatures-error").textContent()).toBe("Please describe manipulative features");
    expect(await page.locator("#tcpa-error").textContent()).toBe("You must agree to be contacted");
    expect(await axeViolations(page), "step 4 with its panel and errors").toEqual([]);
    await page.getByLabel(/Which game features/).fill("Loot boxes, daily rewards");
    await page.getByLabel("I agree to be contacted").check();
    await page.getByRole("button", { name: SUBMIT }).click();

    await expectThankYou(page);
    const row = lead(await savedLeadId(page));
    expect(row).toMatchObject({
      case_type: "Video Game Addiction",
      st: "IL",
      cq1: "Battle royale shooters",
      cq2: "2019 to now",
      cq3: "6",
      cq4: "$3,000",
      cq5: "Anxiety and insomnia",
      cq6: "Fights at home",
      cq7: null,
      cq8: null,
      cq9: "Loot boxes, daily rewards",
      cq10: null,
      tcpa: 1,
      is_eligible: null,
    });
    expect(row.certificate_id).toMatch(/^tfp_/);
    await page.close();
  });

  it("works without JavaScript: the server checks each step and stores the lead", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/video-game-addiction-claim`);
    await fillContact(page, "TX");
    await nextStep(page, "Step 2 of 4");
    await answerHistory(page, "");
    await page.getByRole("button", { name: "Next" }).click();
    await page.locator("#hoursPerDay-error").waitFor();
    expect(await page.locator("#hoursPerDay-error").textContent()).toBe("Hours per day is required");
    await page.getByLabel(/Average hours/).fill("4.5");
    await nextStep(page, "Step 3 of 4");
    await page.getByLabel(/physical or mental health/).fill("Depression");
    await nextStep(page, "Step 4 of 4");
    await page.getByLabel(/Which game features/).fill("Limited-time offers");
    await page.getByLabel(/Anything else/).fill("Parent filing for my son");
    await page.getByLabel("I agree to be contacted").check();
    await page.getByRole("button", { name: SUBMIT }).click();

    await expectThankYou(page);
    expect(lead(await savedLeadId(page))).toMatchObject({ st: "TX", cq3: "4.5", cq5: "Depression", cq9: "Limited-time offers", cq10: "Parent filing for my son" });
    await context.close();
  });
});
