import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../../tools/browser";
import { consoleErrorCollector } from "../support/browser";
import { fillMvaWizard } from "../support/claim-flows";
import { layoutProblems, screenshotFor } from "../support/page-checks";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, startServer, type RunningServer } from "../../tools/server";
import { openWizard } from "../support/wizard";

/**
 * Issue 12's consent proof as an operator sees it: a visitor sends an MVA claim with JavaScript on
 * (typing one contact box, pasting another) and one with it off; the lead page's Consent proof section
 * tells how each form was filled in, and the consent page as shown opens, styled, with no script.
 */

const EMAIL = "jane.doe@example.com";

let server: RunningServer;
let browser: Browser;
/** Console errors (CSP violations among them) and uncaught exceptions of every page the journeys open. */
const consoleErrors = consoleErrorCollector();

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ LEAD_RATE_LIMIT_PER_HOUR: "0" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const watchErrors = (page: Page, name: string) => consoleErrors.watch(page, name);

async function sendMvaClaim(page: Page, javaScript: boolean): Promise<string> {
  if (javaScript) {
    await openWizard(page, `${server.url}/mva-claim`);
    await fillMvaWizard(page, { state: "CA", atFault: "No, I was not at fault", attorney: "No attorney / Seeking change" });
    // Back to the first step to type one box and paste another, as a visitor might.
    for (let step = 5; step > 1; step--) await page.getByRole("button", { name: "Previous" }).click();
    await page.getByText("Step 1 of 5").waitFor();
    await page.getByLabel("First Name").fill("");
    await page.getByLabel("First Name").pressSequentially("Jane");
    await page.getByLabel("Email Address").fill("");
    await page.evaluate((text) => navigator.clipboard.writeText(text), EMAIL);
    await page.getByLabel("Email Address").focus();
    await page.keyboard.press("Control+V");
    expect(await page.getByLabel("Email Address").inputValue()).toBe(EMAIL);
    for (let step = 2; step <= 5; step++) {
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByText(`Step ${step} of 5`).waitFor();
    }
  } else {
    await page.goto(`${server.url}/mva-claim`);
    await fillMvaWizard(page, { state: "CA", atFault: "No, I was not at fault", attorney: "No attorney / Seeking change" });
  }
  await page.getByRole("button", { name: "Submit Claim" }).click();
  await page.waitForURL(/\/mva-claim\/success\?lead=/);
  return new URL(page.url()).searchParams.get("lead")!;
}

async function logIn(page: Page, path: string) {
  await page.goto(server.url + path);
  await page.waitForURL(/\/admin\/login\?next=/);
  await page.getByLabel("E-mail address").fill(ADMIN_TEST_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname === path);
}

/** The Consent proof section's rows, term to words. */
async function proofRows(page: Page): Promise<Record<string, string>> {
  const section = page.getByTestId("consent-proof");
  await section.waitFor();
  const terms = await section.locator("dt").allTextContents();
  const details = await section.locator("dd").allTextContents();
  return Object.fromEntries(terms.map((term, i) => [term, details[i]!]));
}

describe("consent proof on the operator's lead page", () => {
  it("shows how a form was filled in with JavaScript, and opens the consent page as shown at the visitor's width, styled and without scripts", async () => {
    // A phone's viewport: the page as shown must be laid out at it, not at the operator's window.
    const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"], viewport: { width: 390, height: 844 } });
    const visitor = watchErrors(await context.newPage(), "visitor");
    const leadId = await sendMvaClaim(visitor, true);
    await context.close();

    const operatorContext = await browser.newContext();
    const page = watchErrors(await operatorContext.newPage(), "operator");
    await logIn(page, `/admin/leads/${leadId}`);
    const rows = await proofRows(page);
    expect(rows["Consent text version"]).toMatch(/^ct-[0-9a-f]{16}$/);
    expect(rows["Consent text SHA-256"]).toMatch(/^[0-9a-f]{64}$/);
    expect(rows["Sent through"]).toBe("The claim form, with JavaScript on");
    expect(rows["Time to submit"]).toMatch(/^[\d.]+ (ms|s)|^\d+ min/);
    expect(rows["Time per step"]).toMatch(/^Personal Information: .* · Final Steps: .* \(measured in the browser\)$/);
    expect(rows["Viewport"]).toBe("390 × 844 px");
    expect(rows["Contact details"]).toContain("First Name typed");
    // The form was filled once before (Playwright's fill types); then the e-mail box was cleared and pasted into.
    expect(rows["Contact details"]).toMatch(/Email Address (typed and )?pasted/);
    const [certificate] = server.query<{ consent_text_version: string }>(
      "select c.consent_text_version from submission_certificates c join leads l on l.certificate_id = c.certificate_id where l.id = ?",
      leadId,
    );
    expect(rows["Consent text version"]).toBe(certificate!.consent_text_version);

    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 900 });
    expect(await layoutProblems(page)).toEqual([]);
    await screenshotFor(page.getByTestId("consent-proof"), "consent-proof-360");
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshotFor(page.getByTestId("consent-proof"), "consent-proof-1280");

    await page.getByRole("link", { name: "Open the consent page as shown" }).click();
    await page.waitForURL(`**/admin/leads/${leadId}/page-as-shown`);
    const shown = page.frameLocator("iframe[title='The consent page as the visitor saw it']");
    await shown.getByRole("heading", { name: "Final Steps" }).waitFor();
    expect(await page.title()).toBe("Car Accident Claim Evaluation | Free Case Review");
    expect(await page.getByTestId("page-as-shown-caption").textContent()).toContain("390 × 844 px");
    // Laid out at the visitor's 390 px in the operator's 1280 px window: the frame's own viewport is 390 px wide.
    expect(await shown.locator("body").evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([390, 844]);
    expect(await shown.locator("body").evaluate((body) => body.getBoundingClientRect().width)).toBeLessThanOrEqual(390);
    expect(await shown.getByText("Step 5 of 5").isVisible()).toBe(true);
    expect(await shown.getByLabel("I agree to be contacted").isChecked()).toBe(true);
    expect(await shown.getByLabel("No, consistent care").isChecked()).toBe(true);
    expect(await page.locator("script").count()).toBe(0);
    expect(await shown.locator("script").count()).toBe(0);
    // The stored stylesheet is applied: the brand heading and the claim's accent button are coloured.
    expect(await shown.getByRole("heading", { level: 1 }).evaluate((h) => getComputedStyle(h).color)).toBe("rgb(15, 42, 74)");
    expect(await shown.getByRole("button", { name: "Submit Claim" }).evaluate((b) => getComputedStyle(b).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
    await screenshotFor(page, "page-as-shown", { fullPage: true });

    // A script would not run there, even one someone slipped into the stored page.
    const csp = (await page.context().request.get(page.url())).headers()["content-security-policy"]!;
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("sandbox");

    // The stored stylesheet is the one the site served (the build's text, without the file's last newline).
    const [stylesheet] = server.query<{ href: string; css: string }>("select href, css from consent_stylesheets");
    const served = await (await fetch(server.url + stylesheet!.href)).text();
    expect(stylesheet!.css).toBe(served.trimEnd());
    await operatorContext.close();
  });

  it("without JavaScript: says so, with each step's time from the server's clock and no viewport", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const leadId = await sendMvaClaim(watchErrors(await context.newPage(), "visitor without JS"), false);
    await context.close();

    const operatorContext = await browser.newContext();
    const page = watchErrors(await operatorContext.newPage(), "operator");
    await logIn(page, `/admin/leads/${leadId}`);
    const rows = await proofRows(page);
    expect(rows["Sent through"]).toBe("The claim form, with JavaScript off");
    expect(rows["Time per step"]).toMatch(/^Personal Information: .* · Final Steps: .* \(from the step posts, server clock\)$/);
    expect(rows["Viewport"]).toBe("Not known: JavaScript was off");
    expect(rows["Contact details"]).toBe("Not known: JavaScript was off");
    await screenshotFor(page.getByTestId("consent-proof"), "consent-proof-no-js");
    await page.goto(`${server.url}/admin/leads/${leadId}/page-as-shown`);
    // No viewport was recorded: the frame takes the window's width.
    expect(await page.getByTestId("page-as-shown-caption").textContent()).toContain("not recorded");
    const shown = page.frameLocator("iframe[title='The consent page as the visitor saw it']");
    expect(await shown.getByLabel("I agree to be contacted").isChecked()).toBe(true);
    expect(await shown.locator("body").evaluate(() => window.innerWidth)).toBeGreaterThan(1000);
    await operatorContext.close();
  });

  it("leaves no errors in any browser console (CSP violations among them)", () => {
    // Collected over the two journeys above: run alone, this test must fail rather than pass on nothing.
    expect(consoleErrors.watched, "the journeys above did not run: this test checks their pages").toEqual(
      expect.arrayContaining(["visitor", "visitor without JS", "operator"]),
    );
    expect(consoleErrors.errors).toEqual([]);
  });

  it("would see an error: the collector above records what the CSP refuses, a console error and an uncaught exception", async () => {
    // The check above is only as good as what its collector hears: here, on a page it watches, a
    // collector of its own hears each kind of error once.
    const heard = consoleErrorCollector();
    const context = await browser.newContext();
    try {
      const page = heard.watch(await context.newPage(), "probe");
      await page.goto(`${server.url}/mva-claim`);
      await page.evaluate(() => {
        new Image().src = "https://images.elsewhere.example/pixel.png";
        console.error("probe: logged");
        setTimeout(() => {
          throw new Error("probe: thrown");
        });
      });
      await expect.poll(() => heard.errors.length, { timeout: 10_000 }).toBe(3);
      expect(heard.errors).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^probe: .*'https:\/\/images\.elsewhere\.example\/pixel\.png' violates .*Content Security Policy directive: "img-src /),
          expect.stringMatching(/^probe: probe: logged/),
          "probe: uncaught probe: thrown",
        ]),
      );
    } finally {
      await context.close();
    }
  });
});
