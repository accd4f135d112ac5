import type { Page } from "playwright-core";
import { launchBrowser } from "../../tools/browser";
import { startFakeReceiver } from "./fake-receiver";
import { TEST_SECRETS_KEY } from "./routing-fixtures";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, startServer } from "../../tools/server";

// What the admin journeys do in the browser before their own subject: log in, add a buyer, upload a list.

/** Logs the test owner in and lands on `next`. */
export async function logIn(page: Page, serverUrl: string, next: string) {
  await page.goto(`${serverUrl}/admin/login?next=${next}`);
  await page.getByLabel("E-mail address").fill(ADMIN_TEST_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname === next);
}

/** A buyer taking every lead as a signed JSON webhook to `url`. */
export async function addWebhookBuyer(page: Page, serverUrl: string, name: string, url: string) {
  await page.goto(`${serverUrl}/admin/buyers/new`);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Signed JSON webhook").check();
  await page.getByLabel("URL", { exact: true }).fill(url);
  await page.getByRole("button", { name: "Save buyer" }).last().click();
  await page.getByText("Buyer saved").waitFor();
}

/** Uploads a CSV as a new litigator list; answers what the page said of the upload. */
export async function uploadLitigatorList(page: Page, serverUrl: string, name: string, csv: string): Promise<string> {
  await page.goto(`${serverUrl}/admin/suppression`);
  await page.getByLabel("New list's name").fill(name);
  await page.getByLabel("New list's kind").selectOption("litigator");
  await page.getByLabel("File", { exact: true }).setInputFiles({ name: "litigators.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Upload" }).click();
  return (await page.getByTestId("suppression-uploaded").textContent()) ?? "";
}

/** A built server that delivers at once, Chromium, and a buyer's receiver answering 200: an operator journey's stage. */
export async function startOperatorJourney() {
  const buyer = await startFakeReceiver("ok");
  const [browser, server] = await Promise.all([launchBrowser(), startServer({ SECRETS_KEY: TEST_SECRETS_KEY, DELIVERY_POLL_MS: "50" })]);
  return {
    buyer,
    browser,
    server,
    async close() {
      await browser.close();
      await server.stop();
      await buyer.close();
    },
  };
}
