import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../../tools/browser";
import { fillMvaWizard } from "../support/claim-flows";
import { startFakeReceiver } from "../support/fake-receiver";
import { TEST_SECRETS_KEY } from "../support/routing-fixtures";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, startServer, type RunningServer } from "../../tools/server";
import { openWizard } from "../support/wizard";

/**
 * Issue 26's journey (suppression): the operator uploads a litigator list, a visitor on it submits a
 * claim, and the lead page says the lead was held back from the buyer, and why.
 */

let server: RunningServer;
let browser: Browser;
let buyer: Awaited<ReturnType<typeof startFakeReceiver>>;

beforeAll(async () => {
  buyer = await startFakeReceiver("ok");
  [browser, server] = await Promise.all([launchBrowser(), startServer({ SECRETS_KEY: TEST_SECRETS_KEY, DELIVERY_POLL_MS: "50" })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await buyer?.close();
});

async function logIn(page: Page, next: string) {
  await page.goto(`${server.url}/admin/login?next=${next}`);
  await page.getByLabel("E-mail address").fill(ADMIN_TEST_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname === next);
}

describe("suppression lists", () => {
  it("holds back a lead whose phone is on an uploaded litigator list, with the list's name on its page", async () => {
    const operator = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    operator.setDefaultTimeout(10_000);
    await logIn(operator, "/admin/buyers");
    await operator.goto(`${server.url}/admin/buyers/new`);
    await operator.getByLabel("Name", { exact: true }).fill("National Network");
    await operator.getByLabel("Signed JSON webhook").check();
    await operator.getByLabel("URL", { exact: true }).fill(buyer.url);
    await operator.getByRole("button", { name: "Save buyer" }).last().click();
    await operator.getByText("Buyer saved").waitFor();

    await operator.goto(`${server.url}/admin/suppression`);
    await operator.getByLabel("New list's name").fill("Known litigators");
    await operator.getByLabel("New list's kind").selectOption("litigator");
    await operator.getByLabel("File", { exact: true }).setInputFiles({ name: "litigators.csv", mimeType: "text/csv", buffer: Buffer.from("phone\n(415) 555-3141\nnot a number\n") });
    await operator.getByRole("button", { name: "Upload" }).click();
    expect(await operator.getByTestId("suppression-uploaded").textContent()).toContain("Known litigators: 1 new entries from 3 rows. 1 row had no phone, e-mail or hash (line 3).");
    expect(await operator.locator("tr", { hasText: "Known litigators" }).textContent()).toContain("Litigator list");

    const visitor = await browser.newPage();
    await openWizard(visitor, `${server.url}/mva-claim`);
    await fillMvaWizard(visitor, { state: "CA", atFault: "No, I was not at fault", attorney: "No attorney / Seeking change", email: "litigator@example.com", phone: "(415) 555-3141" });
    await visitor.getByRole("button", { name: "Submit Claim" }).click();
    await visitor.waitForURL(/\/mva-claim\/success\?lead=/);
    const leadId = new URL(visitor.url()).searchParams.get("lead")!;
    await visitor.close();

    await operator.goto(`${server.url}/admin/leads/${leadId}`);
    expect(await operator.getByTestId("lead-suppressions").textContent()).toContain("On Known litigators: held back from every buyer");
    const routing = (await operator.getByTestId("routing-decision").textContent()) ?? "";
    expect(routing).toContain("National Network");
    expect(routing).toContain("suppression list: Known litigators");
    await operator.screenshot({ path: "/tmp/suppression-lead.png", fullPage: true });
    await operator.goto(`${server.url}/admin/suppression`);
    expect(await operator.locator("tr", { hasText: "Known litigators" }).textContent()).toMatch(/Leads matched: 1/);
    expect(buyer.received).toEqual([]);
    await operator.close();
  });
});
