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

const FORM = "/depo-provera-claim";

describe("Depo-Provera landing page", () => {
  it("has the risk figures, the 7-item symptom list, the time-limits banner, and start buttons to the form", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/depo-provera`);
    for (const figure of ["5.6x", "$1M+"]) expect(await page.getByText(figure, { exact: true }).isVisible(), figure).toBe(true);
    expect(await page.getByRole("heading", { name: "2+ years of use may qualify" }).isVisible()).toBe(true);
    expect(await page.getByRole("region", { name: "Conditions linked to Depo-Provera" }).getByRole("listitem").count()).toBeGreaterThan(0);
    expect(await page.getByRole("region", { name: "Symptoms of a meningioma" }).getByRole("listitem").count()).toBe(7);
    expect(await page.getByRole("heading", { name: "Time limits apply to your claim" }).isVisible()).toBe(true);
    const hrefs = (await page.locator("header a, main a").evaluateAll((all) => all.map((a) => a.getAttribute("href")))).filter(
      (href) => href !== "/" && href !== "#main",
    );
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    expect(new Set(hrefs)).toEqual(new Set([FORM]));
    await page.getByRole("link", { name: "Start Your Free Depo-Provera Claim" }).click();
    await page.waitForURL(`${server.url}${FORM}`);
    await page.close();
  });
});
