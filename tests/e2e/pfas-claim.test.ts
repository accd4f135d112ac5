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

describe("PFAS landing page", () => {
  it("the PFAS Health Alert, figures and start buttons that lead to the form", async () => {
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
});
