import type { Browser, BrowserContext, Page } from "playwright-core";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../../tools/browser";
import { consoleErrorCollector, downloadBytes } from "../support/browser";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { mvaAnswers } from "#claims/mva/examples";
import { layoutProblems, screenshotFor } from "../support/page-checks";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, freePort, startServer, type RunningServer } from "../../tools/server";
import { supplierHeadersFor } from "../../tools/suppliers";

/** The console's actions in the audit log; an export counts once, when it starts (its end is recorded as it finishes). */
const CONSOLE_ACTIONS = `select action from audit_log
  where action in ('resend-delivery', 'resend-filtered', 'mark-spam', 'mark-not-spam') or (action = 'export-csv' and detail like '%"started"%')
  order by at, id`;

/**
 * Issue 10's browser test: an operator finds a visitor's lead by phone, sees why its webhook died,
 * re-sends it to a receiver that is now up, and exports the filtered list; then the same without
 * JavaScript. The console pages meet the public pages' axe, 360 px and CSP rules.
 */

/** As the visitor typed it; leads keep a phone's ten digits. */
const PHONE = "(415) 555-0134";
const DIGITS = "4155550134";
const FIRST = "Zoë";
const LAST = "Núñez-Öberg";

let server: RunningServer;
let browser: Browser;
let hookPort: number;
let receiver: Awaited<ReturnType<typeof startFakeReceiver>> | undefined;
/** Console errors (CSP violations among them) and uncaught exceptions of every page, by page. */
const consoleErrors = consoleErrorCollector();

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    // Three quick attempts 50 ms apart, then the delivery is dead; the worker runs in the web process.
    startServer({ DELIVERY_POLL_MS: "50", DELIVERY_RETRY_SCHEDULE: "50,50", DELIVERY_TIMEOUT_MS: "2000", LEAD_RATE_LIMIT_PER_HOUR: "0" }),
  ]);
  // Picked once the server listens, so it cannot be the server's port; nothing listens here until the receiver starts.
  hookPort = await freePort();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

async function newPage(context: Browser | BrowserContext, name: string) {
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return consoleErrors.watch(page, name);
}

/** From any admin page: the login page, then back where the operator was going. */
async function logIn(page: Page, path: string) {
  await page.goto(server.url + path);
  await page.waitForURL(/\/admin\/login\?next=/);
  await page.getByLabel("E-mail address").fill(ADMIN_TEST_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname === path);
}

/** axe, then the layout rules and a screenshot at 1280 and 360 px; leaves the page at 1280 px. */
async function pageChecks(page: Page, name: string): Promise<string[]> {
  const problems = (await axeViolations(page)).map((v) => `${name}: ${v}`);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    problems.push(...(await layoutProblems(page)).map((p) => `${name} at ${width} px: ${p}`));
    await screenshotFor(page, `console-${name}-${width}`, { fullPage: true });
  }
  return problems;
}

/**
 * axe runs on timers, which never fire where JavaScript is off: such a page is checked as a copy of its
 * HTML, scripts left out, served at its own address (so its stylesheets load) to a page that has it.
 */
async function axeOnCopy(page: Page): Promise<string[]> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/g, "").replace(/<link rel="modulepreload"[^>]*>/g, "");
  const copy = await browser.newPage();
  try {
    await copy.route(page.url(), (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html }));
    await copy.goto(page.url());
    return await axeViolations(copy);
  } finally {
    await copy.close();
  }
}

async function submitLead(overrides: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${server.url}/api/leads/mva`, {
    method: "POST",
    headers: { ...(await supplierHeadersFor(server)), "content-type": "application/json" },
    body: JSON.stringify(mvaAnswers(overrides)),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { leadId: string }).leadId;
}

const webhookOf = (leadId: string) =>
  server.query<{ id: string; status: string; attempts: number }>("select id, status, attempts from deliveries where lead_id = ? and target = 'webhook'", leadId)[0];

describe("lead console", () => {
  it("sends anonymous visitors to the login", async () => {
    const response = await fetch(`${server.url}/admin/leads?q=4155550134`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/admin/login?next=${encodeURIComponent("/admin/leads?q=4155550134")}`);
  });

  let leadId: string;
  let deliveryId: string;

  it("finds a visitor's lead by phone, shows its dead delivery, re-sends it to the receiver now up, and exports the filtered list", async () => {
    const page = await newPage(browser, "operator");
    await page.setViewportSize({ width: 1280, height: 900 });

    // The operator points the webhook at a receiver that is down.
    await logIn(page, "/admin/setup");
    await page.getByLabel("Webhook URL").fill(`http://127.0.0.1:${hookPort}/hook`);
    await page.getByRole("button", { name: "Save Configuration" }).click();
    await page.getByText("Configuration Saved").waitFor();

    // A visitor's lead (and another one that the search must leave out); both webhooks die.
    leadId = await submitLead({ fn: FIRST, ln: LAST, em: "zoe.nunez@example.com", ph: PHONE, submissionKey: "console-e2e-1" });
    const other = await submitLead({ submissionKey: "console-e2e-2" });
    await waitFor(() => webhookOf(leadId)?.status === "dead" && webhookOf(other)?.status === "dead", "both webhook deliveries to be dead");
    deliveryId = webhookOf(leadId)!.id;
    expect(webhookOf(leadId)!.attempts).toBe(3);

    // Leads, through the header; the search ignores the phone's formatting.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Leads" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/leads");
    await expect.poll(() => page.getByTestId("lead-count").textContent()).toBe("2 leads");
    await page.getByLabel("Name, e-mail or phone").fill("4155550134");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL((url) => url.search === "?q=4155550134");
    expect(await page.getByTestId("lead-count").textContent()).toBe("1 lead");
    const rows = page.locator("tr[data-lead-id]");
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getAttribute("data-lead-id")).toBe(leadId);
    expect(await rows.first().textContent()).toContain("webhook: dead");
    const problems = await pageChecks(page, "list");

    // The lead: its contact details and the dead delivery with each attempt's error.
    await rows.first().getByRole("link", { name: `${FIRST} ${LAST}` }).click();
    await page.waitForURL((url) => url.pathname === `/admin/leads/${leadId}`);
    await page.getByRole("heading", { level: 1, name: `${FIRST} ${LAST}` }).waitFor();
    expect(await page.getByRole("link", { name: DIGITS }).getAttribute("href")).toBe(`tel:${DIGITS}`);
    const delivery = page.locator(`[data-delivery-id="${deliveryId}"]`);
    expect(await delivery.getByRole("heading", { level: 3 }).textContent()).toBe("webhook dead");
    expect(await delivery.locator("code").textContent()).toBe(deliveryId);
    const attempts = delivery.getByRole("table", { name: "Attempts to webhook" }).locator("tbody tr");
    expect(await attempts.count()).toBe(3);
    for (const text of await attempts.allTextContents()) expect(text).toContain("Network error: ECONNREFUSED");
    problems.push(...(await pageChecks(page, "lead")));

    // The receiver is up again: Re-send, confirm, and the page shows the delivery delivered.
    receiver = await startFakeReceiver("ok", hookPort);
    let question = "";
    page.once("dialog", (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await delivery.getByRole("button", { name: "Re-send now" }).click();
    await page.getByRole("status").filter({ hasText: "Delivered" }).waitFor();
    expect(question).toBe("Send this webhook delivery again now?");
    expect(await page.getByRole("status").textContent()).toContain("Re-sent to webhook: HTTP 200.");
    await delivery.getByRole("heading", { level: 3, name: "webhook delivered" }).waitFor();
    expect(await attempts.count()).toBe(4);
    expect(receiver.received).toHaveLength(1);
    // The same webhook-id as the attempts that failed: the receiver can tell it is the same message.
    expect(receiver.received[0]!.headers["webhook-id"]).toBe(deliveryId);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ leadId, fn: FIRST, ln: LAST });
    expect(webhookOf(leadId)!.status).toBe("delivered");
    expect(await page.getByRole("region", { name: "Operator activity" }).textContent()).toContain(`${ADMIN_TEST_EMAIL} resend delivery (webhook)`);
    problems.push(...(await axeViolations(page)).map((v) => `lead with toast: ${v}`));
    await screenshotFor(page, "console-lead-resent-1280");

    // Back to the list, then a reload: the search is still applied.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/admin/leads" && url.search === "?q=4155550134");
    await page.reload();
    expect(new URL(page.url()).search).toBe("?q=4155550134");
    expect(await page.getByLabel("Name, e-mail or phone").inputValue()).toBe("4155550134");
    expect(await page.getByTestId("lead-count").textContent()).toBe("1 lead");
    expect(await rows.first().textContent()).toContain("webhook: delivered");

    // The export of this view: a BOM, a header and the one lead, its accents intact.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.url()).toBe(`${server.url}/admin/leads/export.csv?q=4155550134`);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await downloadBytes(download);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parse(bytes, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ lead_id: leadId, first_name: FIRST, last_name: LAST, phone: DIGITS, case_type: "MVA", delivery_webhook: "delivered" });
    expect(server.query(CONSOLE_ACTIONS)).toEqual([{ action: "resend-delivery" }, { action: "export-csv" }]);

    await page.close();
    expect(problems).toEqual([]);
  });

  it("reaches the first lead in three Tab presses, and on a phone folds the admin menu and the filters beyond the search", async () => {
    const page = await newPage(browser, "operator-keyboard");
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, "/admin/leads");
    await page.getByTestId("lead-count").waitFor();
    const focused = () => page.evaluate(() => ({ text: document.activeElement?.textContent?.trim() ?? "", inLead: Boolean(document.activeElement?.closest("tr[data-lead-id]")) }));
    await page.keyboard.press("Tab");
    expect(await focused()).toMatchObject({ text: "Skip to content" });
    await page.keyboard.press("Tab");
    expect(await focused()).toMatchObject({ text: "Skip to the leads" });
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    expect(await focused()).toMatchObject({ inLead: true });

    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    const header = (await page.locator("header").first().boundingBox())!;
    expect(header.height).toBeLessThan(170);
    const nav = page.getByRole("navigation", { name: "Admin" });
    expect(await nav.getByRole("link", { name: "Buyers" }).isVisible()).toBe(false);
    await nav.getByText("Menu").click();
    await nav.getByRole("link", { name: "Buyers" }).waitFor();
    // The search stays in view; the other filters open on demand, and open by themselves when one is in use.
    expect(await page.getByLabel("Name, e-mail or phone").isVisible()).toBe(true);
    expect(await page.getByLabel("Claim").isVisible()).toBe(false);
    const filters = (await page.getByRole("region", { name: "Find leads" }).boundingBox())!;
    expect(filters.height).toBeLessThan(400);
    await page.getByText("More filters").click();
    await page.getByLabel("Claim").selectOption("MVA");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL((url) => url.search === "?claim=MVA");
    expect(await page.getByText("More filters (1 in use)").isVisible()).toBe(true);
    expect(await page.getByLabel("Claim").isVisible()).toBe(true);
    await screenshotFor(page, "console-list-folded-360", { fullPage: true });
    await page.close();
  });

  it("without JavaScript, asks on a page of its own before re-sending or marking as spam", async () => {
    expect(deliveryId, "the test before found the lead and its delivery").toBeDefined();
    // At phone width: the confirmation panel must fit there too.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 900 } });
    try {
      const page = await newPage(context, "no-js");
      await logIn(page, `/admin/leads/${leadId}`);
      const delivery = page.locator(`[data-delivery-id="${deliveryId}"]`);
      const confirmation = page.getByRole("alertdialog");

      // Re-send: the action answers with a confirmation; Cancel leaves everything as it was.
      await delivery.getByRole("button", { name: "Re-send now" }).click();
      await confirmation.waitFor();
      expect(await confirmation.textContent()).toContain("Send this delivery again now?");
      expect(receiver!.received).toHaveLength(1);
      const problems = (await axeOnCopy(page)).map((v) => `no-JS confirmation: ${v}`);
      problems.push(...(await layoutProblems(page)).map((p) => `no-JS confirmation: ${p}`));
      await screenshotFor(page, "console-lead-confirm-nojs-360");
      await confirmation.getByRole("link", { name: "Cancel" }).click();
      await page.waitForURL((url) => url.pathname === `/admin/leads/${leadId}`);
      expect(await confirmation.count()).toBe(0);

      await delivery.getByRole("button", { name: "Re-send now" }).click();
      await confirmation.getByRole("button", { name: "Re-send now" }).click();
      await page.getByRole("status").filter({ hasText: "Delivered" }).waitFor();
      expect(await confirmation.count()).toBe(0);
      expect(receiver!.received).toHaveLength(2);
      expect(receiver!.received[1]!.headers["webhook-id"]).toBe(deliveryId);

      // Mark as spam, confirmed on the panel.
      await page.getByRole("button", { name: "Mark as spam" }).click();
      expect(await confirmation.textContent()).toContain("Mark this lead as spam?");
      await confirmation.getByRole("button", { name: "Mark as spam" }).click();
      await page.getByRole("status").filter({ hasText: "Marked as Spam" }).waitFor();
      await page.getByRole("button", { name: "Mark as not spam" }).waitFor();
      await screenshotFor(page, "console-lead-spam-nojs-360");
      expect(server.query("select is_spam from leads where id = ?", leadId)).toEqual([{ is_spam: 1 }]);
      // A spam lead offers no re-send.
      expect(await delivery.getByRole("button", { name: "Re-send now" }).count()).toBe(0);
      expect(server.query(CONSOLE_ACTIONS)).toEqual([
        { action: "resend-delivery" },
        { action: "export-csv" },
        { action: "resend-delivery" },
        { action: "mark-spam" },
      ]);

      // The toast that stays without JavaScript leaves the header's navigation free (a click on a covered link fails);
      // at 360 px the links are in the menu, which opens without JavaScript.
      expect(await page.getByRole("button", { name: /^Close/ }).count()).toBe(0);
      const nav = page.getByRole("navigation", { name: "Admin" });
      await nav.getByText("Menu").click();
      await nav.getByRole("link", { name: "Leads" }).click();
      await page.waitForURL((url) => url.pathname === "/admin/leads");
      expect(await page.locator(`tr[data-lead-id="${leadId}"]`).textContent()).toContain("spam");
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("logs no console errors or CSP violations on any console page", () => {
    // Collected over the journeys above: run alone, this test must fail rather than pass on nothing.
    expect(consoleErrors.watched, "the journeys above did not run: this test checks their pages").toEqual(
      expect.arrayContaining(["operator", "no-js"]),
    );
    expect(consoleErrors.errors).toEqual([]);
  });
});
