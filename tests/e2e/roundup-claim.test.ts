import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { startServer, type RunningServer } from "../support/server";

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const FORM = "/roundup-claim";
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

  it("a start button opens the form", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/roundup-cancer`);
    await page.getByRole("link", { name: "Start Your Free RoundUp Claim" }).click();
    await page.waitForURL(server.url + FORM);
    await page.getByText("Step 1 of 4").waitFor();
    await page.close();
  });
});
