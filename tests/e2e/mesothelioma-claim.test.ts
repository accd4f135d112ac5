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

describe("mesothelioma landing page", () => {
  it("landing page buttons lead to the form", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/mesothelioma-claim-landing`);
    for (const name of ["Start Your Free Mesothelioma Claim Today", "Start My Claim"]) {
      expect(await page.getByRole("link", { name }).first().getAttribute("href")).toBe("/mesothelioma-claim");
    }
    expect(await page.getByText("$1M - $2.4M+").isVisible()).toBe(true);
    await page.close();
  });
});
