import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../../tools/browser";
import { startFakeReceiver } from "../support/fake-receiver";
import { layoutProblems } from "../support/page-checks";
import { TEST_SECRETS_KEY } from "../support/routing-fixtures";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, startServer, type RunningServer } from "../../tools/server";

// Issue 24: the operator saves a buyer, presses "Send a test lead" on its page and reads the buyer's
// answer there; the page meets axe and the 360 px layout with the answer shown.

let server: RunningServer;
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startFakeReceiver>>;

beforeAll(async () => {
  receiver = await startFakeReceiver({ status: 202, json: { accepted: true, reference: "fake-buyer-123" } });
  [browser, server] = await Promise.all([launchBrowser(), startServer({ SECRETS_KEY: TEST_SECRETS_KEY })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

describe("send a test lead", () => {
  it("shows the buyer's answer on its page, and the buyer got a lead marked as a test", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));

    await page.goto(`${server.url}/admin/buyers/new`);
    await page.waitForURL(/\/admin\/login\?next=/);
    await page.getByLabel("E-mail address").fill(ADMIN_TEST_EMAIL);
    await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/buyers/new");
    await page.getByLabel("Name", { exact: true }).fill("Fake Buyer");
    await page.getByLabel("URL", { exact: true }).fill(receiver.url);
    await page.getByLabel("Time zone").fill("America/Chicago");
    await page.getByRole("button", { name: "Save buyer" }).first().click();
    await page.waitForURL((url) => url.pathname === "/admin/buyers");
    await page.getByRole("link", { name: "Fake Buyer" }).click();
    await page.waitForURL((url) => /^\/admin\/buyers\/[^/]+$/.test(url.pathname));

    await page.getByRole("button", { name: "Send a test lead" }).click();
    const answer = page.getByTestId("test-lead-answer");
    await answer.waitFor();
    expect(await answer.textContent()).toContain("HTTP 202");
    expect(await page.getByTestId("test-lead-body").textContent()).toContain("fake-buyer-123");

    const request = receiver.received.at(-1)!;
    expect(String(request.headers["webhook-id"])).toMatch(/^test_/);
    expect(JSON.parse(request.body)).toMatchObject({ fn: "Test", ln: "Lead", em: "test@example.com" });

    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 900 });
    expect(await layoutProblems(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
