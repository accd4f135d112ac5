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

const FORM = "/afff-firefoam-claim";
const startClicks = () =>
  server.query<{ n: number }>("select count(*) as n from page_events where name = 'afff-landing-start'")[0]!.n;

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
