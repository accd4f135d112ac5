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

describe("video game addiction landing page", () => {
  it("potential recovery, impact areas and start buttons that lead to the form", async () => {
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
});
