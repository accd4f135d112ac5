import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../../tools/browser";
import { fillMvaWizard } from "../support/claim-flows";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { TEST_SECRETS_KEY } from "../support/routing-fixtures";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, startServer, type RunningServer } from "../../tools/server";
import { openWizard } from "../support/wizard";
import { screenshotFor } from "../support/page-checks";

/**
 * Issue 11's journey: an operator describes a buyer once (two states, two leads a day), three visitors
 * from one of those states submit claims, and the console shows two sold to that buyer and the third
 * sold to the next buyer, with the first buyer skipped for its cap.
 */

let server: RunningServer;
let browser: Browser;
let capped: Awaited<ReturnType<typeof startFakeReceiver>>;
let backup: Awaited<ReturnType<typeof startFakeReceiver>>;

beforeAll(async () => {
  [capped, backup] = await Promise.all([startFakeReceiver("ok"), startFakeReceiver("ok")]);
  [browser, server] = await Promise.all([launchBrowser(), startServer({ SECRETS_KEY: TEST_SECRETS_KEY, DELIVERY_POLL_MS: "50" })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([capped?.close(), backup?.close()]);
});

async function saveBuyer(page: Page, buyer: { name: string; url: string; states?: string; perDay?: string; priority: string }) {
  await page.goto(`${server.url}/admin/buyers/new`);
  await page.getByLabel("Name", { exact: true }).fill(buyer.name);
  await page.getByLabel("Signed JSON webhook").check();
  await page.getByLabel("URL", { exact: true }).fill(buyer.url);
  if (buyer.states) await page.getByLabel("States").fill(buyer.states);
  if (buyer.perDay) await page.getByLabel("Leads per day").fill(buyer.perDay);
  await page.getByLabel("Priority").fill(buyer.priority);
  await page.getByRole("button", { name: "Save buyer" }).last().click();
  await page.waitForURL((url) => url.pathname === "/admin/buyers");
  await page.getByText("Buyer saved").waitFor();
}

describe("routing leads to buyers", () => {
  it("sells two claims to a buyer capped at two a day and cascades the third to the next buyer", async () => {
    const operator = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    operator.setDefaultTimeout(10_000);
    await operator.goto(`${server.url}/admin/login?next=/admin/buyers`);
    await operator.getByLabel("E-mail address").fill(ADMIN_TEST_EMAIL);
    await operator.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
    await operator.getByRole("button", { name: "Log in" }).click();
    await operator.waitForURL((url) => url.pathname === "/admin/buyers");
    await saveBuyer(operator, { name: "West Coast Firm", url: capped.url, states: "CA, OR", perDay: "2", priority: "1" });
    await saveBuyer(operator, { name: "National Network", url: backup.url, priority: "5" });

    const leadIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const visitor = await browser.newPage();
      await openWizard(visitor, `${server.url}/mva-claim`);
      // Three people: one person's repeats would be duplicates, which these buyers do not take.
      const contact = { email: `visitor-${i}@example.com`, phone: `(415) 555-${1000 + i}` };
      await fillMvaWizard(visitor, { state: "CA", atFault: "No, I was not at fault", attorney: "No attorney / Seeking change", ...contact });
      await visitor.getByRole("button", { name: "Submit Claim" }).click();
      await visitor.waitForURL(/\/mva-claim\/success\?lead=/);
      leadIds.push(new URL(visitor.url()).searchParams.get("lead")!);
      await visitor.close();
    }

    await waitFor(() => capped.received.length + backup.received.length === 3, "three leads at the buyers");
    const leadOf = (body: string) => (JSON.parse(body) as { leadId: string }).leadId;
    expect(capped.received.map((r) => leadOf(r.body))).toEqual(leadIds.slice(0, 2));
    expect(backup.received.map((r) => leadOf(r.body))).toEqual(leadIds.slice(2));

    // The console: all three sold; the third lead's page says why the first buyer was skipped.
    await waitFor(async () => {
      await operator.goto(`${server.url}/admin/leads?buyer=sold`);
      return (await operator.getByTestId("lead-count").textContent())?.startsWith("3 ") ?? false;
    }, "three sold leads in the console");
    await operator.goto(`${server.url}/admin/leads/${leadIds[2]}`);
    const routing = operator.getByTestId("routing-decision");
    expect(await routing.count()).toBe(1);
    const text = (await routing.textContent()) ?? "";
    expect(text).toMatch(/Routed .*: sent to National Network, taken by National Network/);
    expect(text).toContain("West Coast Firm");
    expect(text).toContain("daily cap reached");
    await screenshotFor(operator, "buyer-routing-lead", { fullPage: true });

    await operator.goto(`${server.url}/admin/leads/${leadIds[0]}`);
    expect(await operator.getByTestId("routing-decision").textContent()).toMatch(/sent to West Coast Firm, taken by West Coast Firm/);
    await operator.close();
  });
});
