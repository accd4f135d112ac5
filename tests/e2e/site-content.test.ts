import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../../tools/browser";
import { pageProblems } from "../support/page-checks";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, startServer, type RunningServer } from "../../tools/server";

/**
 * Issue 28's first journey (docs/decisions/055): an operator renames the brand on /admin/content, looks
 * at the preview, publishes, and rolls back; the visitor's home page follows without a restart. Then a
 * claim's landing copy: a question and a disclaimer published reach its landing page. The pages pass
 * axe and fit a 360 px phone.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function logIn(page: Page, next: string) {
  await page.goto(`${server.url}/admin/login?next=${next}`);
  await page.getByLabel("E-mail address").fill(ADMIN_TEST_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname === next);
}

const brandSection = (page: Page) => page.locator("section[data-entry=site]");

describe("site content", () => {
  it("an operator renames the brand, previews it, publishes it and rolls it back; the home page follows", async () => {
    const operator = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    operator.setDefaultTimeout(10_000);
    await logIn(operator, "/admin/content");
    expect(await pageProblems(operator)).toEqual([]);

    await brandSection(operator).getByLabel("Brand name").fill("Lone Star Claims");
    await brandSection(operator).getByLabel("Postal address").fill("100 Congress Ave\nAustin, TX 78701");
    await brandSection(operator).getByRole("button", { name: "Save draft" }).click();
    await operator.getByText("Brand and contact: the draft is saved.").waitFor();

    const previewLink = brandSection(operator).getByRole("link", { name: "Preview the page" });
    const preview = await browser.newPage();
    // The preview link opens in a new tab; the operator's session cookie goes with it.
    await operator.context().storageState().then((state) => preview.context().addCookies(state.cookies));
    await preview.goto(new URL((await previewLink.getAttribute("href"))!, server.url).toString());
    await preview.getByTestId("content-preview").waitFor();
    expect(await preview.locator("footer").textContent()).toContain("Lone Star Claims");
    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/`);
    expect(await visitor.locator("footer").textContent()).not.toContain("Lone Star Claims");

    await brandSection(operator).getByRole("button", { name: "Publish" }).click();
    await operator.getByText("Brand and contact: version 1 is published.").waitFor();
    await visitor.goto(`${server.url}/`);
    expect(await visitor.locator("footer").textContent()).toContain("Lone Star Claims");
    expect(await visitor.getByTestId("site-address").textContent()).toContain("Austin, TX 78701");

    await brandSection(operator).getByLabel("Brand name").fill("Lone Star Claims Group");
    await brandSection(operator).getByRole("button", { name: "Save draft" }).click();
    await brandSection(operator).getByRole("button", { name: "Publish" }).click();
    await operator.getByText("Brand and contact: version 2 is published.").waitFor();
    await brandSection(operator).getByText("History (2)").click();
    await brandSection(operator).getByRole("button", { name: "Roll back Brand and contact to version 1" }).click();
    await operator.getByText("Brand and contact: version 3 is published, a copy of version 1.").waitFor();
    await visitor.goto(`${server.url}/`);
    expect(await visitor.locator("footer").textContent()).toContain("© " + new Date().getFullYear() + " Lone Star Claims. All rights reserved.");

    await operator.setViewportSize({ width: 360, height: 800 });
    await operator.goto(`${server.url}/admin/content`);
    expect(await pageProblems(operator)).toEqual([]);
    await Promise.all([operator.close(), preview.close(), visitor.close()]);
  });

  it("an operator adds a question and a disclaimer to a claim's landing page; the visitor's page shows them with no script, at 360 px", async () => {
    const operator = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    operator.setDefaultTimeout(10_000);
    await logIn(operator, "/admin/content");
    const mva = operator.locator("section[data-entry='landing:mva']");
    await mva.getByText("Edit the words").click();
    await mva.getByLabel("Question 1").fill("How long do I have to file?");
    await mva.getByLabel("Answer 1").fill("It depends on your state; an attorney checks the deadline for you.");
    await mva.getByLabel("Disclaimer under the figures").fill("Past results do not guarantee a similar outcome.");
    await mva.getByRole("button", { name: "Save draft" }).click();
    await mva.getByRole("button", { name: "Publish" }).click();
    await operator.getByText("version 1 is published.").waitFor();

    const visitor = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await visitor.goto(`${server.url}/mva-claim-landing`);
    await visitor.getByText("How long do I have to file?").waitFor();
    expect(await visitor.getByTestId("figures-disclaimer").textContent()).toBe("Past results do not guarantee a similar outcome.");
    expect(await visitor.locator("script:not([type='application/ld+json'])").count()).toBe(0);
    expect(await visitor.locator("script[type='application/ld+json']").allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining("FAQPage")]));
    expect(await pageProblems(visitor)).toEqual([]);
    await Promise.all([operator.close(), visitor.close()]);
  });

  it("an operator makes a claim from the blank template, adds a step with a question, publishes it, and the landing is live", async () => {
    const operator = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    operator.setDefaultTimeout(10_000);
    await logIn(operator, "/admin/claims");
    expect(await pageProblems(operator)).toEqual([]);
    await operator.getByLabel("Name", { exact: true }).fill("Hair Relaxer");
    await operator.getByLabel("Slug", { exact: true }).fill("hair-relaxer");
    await operator.getByRole("button", { name: "Make the draft" }).click();
    await operator.waitForURL((url) => url.pathname === "/admin/claims/hair-relaxer");
    await operator.getByText("The claim is made, as a draft.").waitFor();

    // The new step goes first; the contact questions move to step 2.
    await operator.getByLabel("Step 1: title").fill("Your use");
    await operator.getByLabel("Step 2: title").fill("Your contact details");
    for (let i = 0; i < 6; i++) await operator.locator(`#field-step-${i}`).fill("2");
    await operator.locator("#field-step-6").fill("1");
    await operator.locator("#field-label-6").fill("Did you use a chemical hair relaxer?");
    await operator.locator("#field-name-6").fill("usedRelaxer");
    await operator.locator("#field-kind-6").selectOption("yes-no");
    await operator.getByLabel("Headline", { exact: true }).fill("Hair relaxer lawsuits");
    await operator.getByRole("button", { name: "Save draft" }).first().click();
    await operator.getByText("The draft is saved.").waitFor();
    expect(await operator.locator("#field-label-0").inputValue()).toBe("Did you use a chemical hair relaxer?");
    expect(await pageProblems(operator)).toEqual([]);

    await operator.getByRole("button", { name: "Publish the draft" }).click();
    await operator.getByText("Version 1 is published").waitFor();
    const visitor = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await visitor.goto(`${server.url}/claims/hair-relaxer`);
    await visitor.getByRole("heading", { name: "Hair relaxer lawsuits" }).waitFor();
    await visitor.goto(`${server.url}/claims/hair-relaxer/form`);
    await visitor.getByText("Did you use a chemical hair relaxer?").waitFor();
    await operator.setViewportSize({ width: 360, height: 800 });
    expect(await pageProblems(operator)).toEqual([]);
    await Promise.all([operator.close(), visitor.close()]);
  });
});
