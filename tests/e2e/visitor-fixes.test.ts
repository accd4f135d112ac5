import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimBySlug, claims } from "#claims/registry";
import { launchBrowser } from "../../tools/browser";
import { startFakeReceiver } from "../support/fake-receiver";
import { mvaAnswers } from "#claims/mva/examples";
import { completeWizard, fillStep, sampleAnswers } from "../support/sample-answers";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, startServer, type RunningServer } from "../../tools/server";
import { supplierHeadersFor } from "../../tools/suppliers";

/** Issue 9, the visitor-facing items 7-18: each test names its item. */

let server: RunningServer;
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startFakeReceiver>>;
beforeAll(async () => {
  [server, browser, receiver] = await Promise.all([startServer({ LEAD_RATE_LIMIT_PER_HOUR: "0" }), launchBrowser(), startFakeReceiver("ok")]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

async function open(path: string, width = 1280, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(server.url + path);
  return page;
}

const apiLead = async (slug: string, body: Record<string, unknown>) => {
  const response = await fetch(`${server.url}/api/leads/${slug}`, {
    method: "POST",
    headers: { ...(await supplierHeadersFor(server)), "content-type": "application/json", origin: server.url },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { leadId: string }).leadId;
};

describe("claim forms", () => {
  it("7: the PFAS form has 'Back to Home' and a contact panel with phone and e-mail links", async () => {
    const page = await open(claimBySlug("pfas")!.routes.form);
    expect(await page.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    expect(await page.locator('main a[href^="tel:"]').count()).toBe(1);
    expect(await page.locator('main a[href^="mailto:"]').count()).toBe(1);
    await page.context().close();
  });

  it("8: filled but invalid answers are not called 'missing'", async () => {
    const page = await open("/mva-claim");
    await page.locator("form[data-hydrated]").waitFor();
    await page.getByLabel("First Name").fill("Jane");
    await page.getByLabel("Last Name").fill("Doe");
    await page.getByLabel("Email Address").fill("jane@");
    await page.getByLabel("Phone Number").fill("(415) 555-2671");
    await page.getByLabel("State").selectOption("CA");
    await page.getByRole("button", { name: "Next" }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).not.toContain("Missing required fields");
    expect(await alert.textContent()).toContain("Please correct the answers marked below");
    await page.context().close();
  });

  it("9: at 360 px the sticky header does not cover the focused error summary, and stays one row with the brand whole", async () => {
    const page = await open("/mesothelioma-claim", 360);
    await page.locator("form[data-hydrated]").waitFor();
    // The step's title scrolled just under the header: the summary then appears where the header covers it.
    await page.getByLabel("First Name").fill("Jane");
    await page.getByLabel("Last Name").fill("Doe");
    await page.getByLabel("Email Address").fill("jane@");
    await page.getByLabel("Phone Number").fill("(415) 555-2671");
    await page.getByLabel("State").selectOption("CA");
    await page.evaluate(() => window.scrollBy(0, document.querySelector("#wizard-step-title")!.getBoundingClientRect().top - 10));
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("alert").waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute("role") === "alert");
    const header = (await page.locator("header").boundingBox())!;
    const summary = (await page.getByRole("alert").boundingBox())!;
    expect(summary.y).toBeGreaterThanOrEqual(header.y + header.height);
    const lines = (selector: string) =>
      page.locator(selector).evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
    // The brand keeps to one line, not cut short (layoutProblems checks that on every page). Beside the
    // language link (docs/decisions/058) 'Secure Form - SSL Encrypted' no longer fits one line at 360 px:
    // it takes two inside the header's one row, which stays as high as its 44 px tap targets make it.
    expect(await lines("header a[href='/'] span")).toBeLessThan(1.5);
    expect(await lines("header p")).toBeLessThan(2.5);
    expect(header.height, "one row: 44 px targets, their padding and the border").toBeLessThanOrEqual(57);
    await page.context().close();
  });

  it("11: choosing 'None of these' clears the AFFF diagnoses, and a diagnosis clears 'None'", async () => {
    const page = await open("/afff-firefoam-claim");
    await page.locator("form[data-hydrated]").waitFor();
    const afff = claimBySlug("afff")!;
    const values = sampleAnswers(afff);
    for (let step = 0; step < 2; step++) {
      for (const field of afff.steps[step]!.fields) await page.locator(`input[name="${field.name}"][value="${[values[field.name]].flat()[0]}"]`).check();
      await page.getByRole("button", { name: "Continue" }).click();
    }
    await page.getByText("Step 3 of 4").waitFor();
    const box = (value: string) => page.locator(`input[name="diagnosis"][value="${value}"]`);
    await box("kidney-cancer").check();
    await box("none").check();
    expect(await box("kidney-cancer").isChecked()).toBe(false);
    await box("liver-cancer").check();
    expect(await box("none").isChecked()).toBe(false);
    await page.context().close();
  });

  it("12: declined screens promise contact in 24-48 hours; the hotline is a tel: link; the form's intro gives way to the result", async () => {
    const meso = claimBySlug("mesothelioma")!;
    let page = await open(meso.routes.form);
    await page.locator("form[data-hydrated]").waitFor();
    await completeWizard(page, meso, sampleAnswers(meso, { diagnosis: "No Diagnosis" }));
    expect(await page.locator("#result-title").textContent()).toBe("We're Sorry");
    expect(await page.getByText("within 24-48 hours").count()).toBe(1);
    expect(await page.getByText(meso.copy.formIntro).count()).toBe(0);
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    await page.context().close();

    const rideshare = claimBySlug("rideshare")!;
    page = await open(rideshare.routes.form);
    await page.locator("form[data-hydrated]").waitFor();
    await completeWizard(page, rideshare, sampleAnswers(rideshare, { incidentType: "no_incident" }));
    expect(await page.locator("#result-title").textContent()).toBe("We're Sorry");
    expect(await page.getByText("within 24-48 hours").count()).toBe(1);
    expect(await page.getByRole("link", { name: "800-656-4673" }).getAttribute("href")).toBe("tel:+18006564673");
    expect(await page.getByText(/terms and conditions/).count()).toBe(0);
    await page.context().close();
  });
});

describe("result pages (10)", () => {
  it("shows the lead's real outcome and claim, and nothing for an unknown lead", async () => {
    const eligible = await apiLead("mva", mvaAnswers());
    const declined = await apiLead("mva", mvaAnswers({ noAttorney: "Yes" }));
    const other = await apiLead("afff", {
      ...Object.fromEntries(Object.entries(sampleAnswers(claimBySlug("afff")!)).map(([k, v]) => [k, k === "tcpa" ? true : v])),
    });
    const get = (path: string) => fetch(server.url + path, { redirect: "manual" });

    const ok = await get(`/mva-claim/success?lead=${eligible}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Congratulations!");

    const wrongPage = await get(`/mva-claim/success?lead=${declined}`);
    expect(wrongPage.status).toBe(302);
    expect(wrongPage.headers.get("location")).toBe(`/mva-claim/sorry?lead=${declined}`);
    const sorry = await get(`/mva-claim/sorry?lead=${eligible}`);
    expect(sorry.headers.get("location")).toBe(`/mva-claim/success?lead=${eligible}`);

    // Issue 25: without a lead id both are routes of the spec's table, with their generic content and no reference.
    for (const [path, heading] of [["/mva-claim/success", "Congratulations!"], ["/mva-claim/sorry", "unable to assist"]] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(heading);
      expect(html, path).not.toContain("Reference:");
    }

    for (const path of ["/mva-claim/success?lead=not-a-lead", `/mva-claim/success?lead=${other}`, "/mva-claim/sorry?lead=x"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).not.toContain("Congratulations");
      expect(html, path).not.toContain("We're Sorry");
    }
  });
});

describe("site pages", () => {
  it.each([1280, 1024])("13: home card buttons and price ranges stay on one line at %i px", async (width) => {
    const page = await open("/", width);
    const lines = await page.evaluate(() =>
      [...document.querySelectorAll("#claims li a, #claims li strong")].map((el) => {
        const rect = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const content = rect.height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
        return { text: el.textContent, lines: Math.round(content / parseFloat(style.lineHeight)), h: rect.height };
      }),
    );
    expect(lines.length).toBe(2 * claims.length);
    for (const item of lines) expect(item.h <= 44 ? 1 : item.lines, item.text ?? "").toBe(1);
    await page.context().close();
  });

  it("14: breadcrumb separator sits on the links' line", async () => {
    const page = await open("/blog");
    const [home, separator] = await page.evaluate(() =>
      [...document.querySelectorAll("nav[aria-label=Breadcrumb] li")].slice(0, 2).map((li) => {
        const range = document.createRange();
        range.selectNodeContents(li);
        const rect = range.getBoundingClientRect();
        return rect.top + rect.height / 2;
      }),
    );
    expect(Math.abs(home! - separator!)).toBeLessThan(2);
    await page.context().close();
  });

  it("14: /start/<unknown> is the 404 page; the router error screen keeps the brand and has a title", async () => {
    const notFound = await fetch(`${server.url}/start/bogus`);
    expect(notFound.status).toBe(404);
    expect(await notFound.text()).toContain("Oops! Page not found");

    const response = await fetch(`${server.url}/blog`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: "a=1",
    });
    expect(response.status).toBe(405);
    const html = await response.text();
    expect(html).toContain("<title>Unexpected Application Error!</title>");
    expect(html).not.toMatch(/<li>(<!-- -->)?\s*is not a law firm/);
    expect(html).not.toMatch(/© \d{4} \./);
    expect(html).toContain("Claim Advocates");
  });
});

describe("admin (16-18)", () => {
  async function logIn(): Promise<Page> {
    const page = await open("/admin/setup");
    await page.waitForURL(/\/admin\/login\?next=/);
    await page.getByLabel("E-mail address").fill(ADMIN_TEST_EMAIL);
    await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/\/admin\/setup$/);
    await page.locator("form[method=post] input[name=url]").waitFor();
    return page;
  }
  const toasts = (page: Page) => page.locator("[role=status], [role=alert]").filter({ has: page.locator("p.font-semibold") });

  it("toasts expire after 4 s each, at most 3 show, each has a close button", async () => {
    const page = await logIn();
    // The page's clock stands still until the test moves it, so a slow machine cannot expire a toast early.
    await page.clock.install();
    await page.reload();
    await page.locator("form[method=post] input[name=url]").waitFor();
    await page.clock.pauseAt(Date.now() + 1000);
    const url = page.getByLabel("Webhook URL");
    const save = page.getByRole("button", { name: "Save Configuration" });
    for (let i = 0; i < 3; i++) {
      await url.fill(`${receiver.url}/hook-${i}`);
      await save.click();
      await expect.poll(() => toasts(page).count()).toBe(i + 1);
    }
    // The fourth toast reads differently, so the test knows it has come before closing one: with three
    // already up, a count alone cannot tell, and on a busy machine the close could land before it.
    await url.fill("   ");
    await save.click();
    await toasts(page).filter({ hasText: "Configuration Cleared" }).waitFor();
    expect(await toasts(page).count()).toBe(3);
    await toasts(page).first().getByRole("button", { name: /Close/ }).click();
    await expect.poll(() => toasts(page).count()).toBe(2);
    // Every toast leaves on its own (before the fix, a new toast stopped the older ones' timers).
    await page.clock.runFor(3900);
    expect(await toasts(page).count()).toBe(2);
    await page.clock.runFor(200);
    await expect.poll(() => toasts(page).count()).toBe(0);
    await page.context().close();
  });

  it("Send Test Data tests the URL in the field and names it; a URL of spaces clears the setting", async () => {
    const page = await logIn();
    await page.getByLabel("Webhook URL").fill(`${receiver.url}/saved`);
    await page.getByRole("button", { name: "Save Configuration" }).click();
    await page.getByText("Configuration Saved").first().waitFor();

    const before = receiver.received.length;
    await page.getByLabel("Webhook URL").fill(`${receiver.url}/unsaved`);
    await page.getByRole("button", { name: "Send Test Data" }).click();
    await page.getByText(`Test data sent to ${receiver.url}/unsaved`).waitFor();
    expect(receiver.received.length).toBe(before + 1);

    await page.getByLabel("Webhook URL").fill("   ");
    await page.getByRole("button", { name: "Save Configuration" }).click();
    await page.getByText("Configuration Cleared").first().waitFor();
    // The toast comes with the action's answer; the status with the loader's revalidation after it.
    await page.getByText("Not configured", { exact: true }).waitFor();
    expect(await page.getByText("Not configured", { exact: true }).count()).toBe(1);
    await page.context().close();
  });
});

describe("without JavaScript", () => {
  it("1: Back after a step never shows an error page", async () => {
    const claim = claimBySlug("pfas")!;
    const page = await open(claim.routes.form, 1280, false);
    const values = sampleAnswers(claim);
    await fillStep(page, claim, 0, values);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Step 2 of 3").waitFor();
    await fillStep(page, claim, 1, values);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Step 3 of 3").waitFor();
    await page.goBack();
    await page.getByText("Step 2 of 3").waitFor();
    expect(await page.locator('[name="exposureLocation"]:not([type=hidden])').inputValue()).toBe(values.exposureLocation);
    await page.goBack();
    await page.getByText("Step 1 of 3").waitFor();
    expect(page.url()).not.toContain("Janeway");
    await page.context().close();
  });
});
