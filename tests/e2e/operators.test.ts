import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { mvaAnswers } from "../support/mva-answers";
import { layoutProblems } from "../support/page-checks";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, startServer, type RunningServer } from "../support/server";

/**
 * Issue 13's browser journey: the owner invites a manager, the manager accepts the link, logs in and
 * re-sends a delivery, and the owner finds that re-send on /admin/audit. The new pages meet axe and
 * the 360 px layout rules.
 */

const SHOTS = "/tmp/operators-shots";
const MANAGER = "manager@claims.example";
const MANAGER_PASSWORD = "the manager's own password";

let server: RunningServer;
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startFakeReceiver>>;
const browserErrors: string[] = [];

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  [browser, server, receiver] = await Promise.all([launchBrowser(), startServer({ DELIVERY_POLL_MS: "50", LEAD_RATE_LIMIT_PER_HOUR: "0" }), startFakeReceiver("ok")]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

async function newPage(name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on("console", (message) => {
    if (message.type() === "error") browserErrors.push(`${name}: ${message.text()}`);
  });
  page.on("pageerror", (error) => browserErrors.push(`${name}: uncaught ${error.message}`));
  // The re-send asks with window.confirm first.
  page.on("dialog", (dialog) => void dialog.accept());
  return page;
}

async function logIn(page: Page, email: string, password: string, path: string) {
  await page.goto(server.url + path);
  await page.waitForURL(/\/admin\/login\?next=/);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname === path);
}

async function pageChecks(page: Page, name: string): Promise<string[]> {
  const problems = (await axeViolations(page)).map((v) => `${name}: ${v}`);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    problems.push(...(await layoutProblems(page)).map((p) => `${name} at ${width} px: ${p}`));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  return problems;
}

describe("a team of operators", () => {
  it("the owner invites a manager, who accepts, logs in and re-sends a delivery; the owner sees it on /admin/audit", async () => {
    const problems: string[] = [];
    const owner = await newPage("owner");
    await logIn(owner, ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, "/admin/setup");
    await owner.getByLabel("Webhook URL").fill(receiver.url);
    await owner.getByRole("button", { name: "Save Configuration" }).click();
    await owner.getByText("Configuration Saved").first().waitFor();

    const response = await fetch(`${server.url}/api/leads/mva`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(mvaAnswers()) });
    expect(response.status).toBe(201);
    const { leadId } = (await response.json()) as { leadId: string };
    await waitFor(async () => receiver.received.length >= 1, "the lead's webhook delivery");

    await owner.goto(`${server.url}/admin/operators`);
    await owner.getByLabel("E-mail address").fill(MANAGER);
    await owner.getByLabel("Role", { exact: true }).selectOption("manager");
    await owner.getByRole("button", { name: "Make invitation link" }).click();
    const link = (await owner.getByTestId("invitation-link").textContent())!.trim();
    expect(link).toMatch(/\/admin\/invitation\/[\w-]+$/);
    problems.push(...(await pageChecks(owner, "operators")));

    const manager = await newPage("manager");
    await manager.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    problems.push(...(await pageChecks(manager, "invitation")));
    await manager.getByLabel("Your name").fill("Morgan Manager");
    await manager.getByLabel("Password").fill(MANAGER_PASSWORD);
    await manager.getByRole("button", { name: "Create my account" }).click();
    await manager.waitForURL(/\/admin\/login/);
    // The link works once.
    const reused = await fetch(link.replace(/^https?:\/\/[^/]+/, server.url));
    expect(reused.status).toBe(410);
    expect(await reused.text()).toContain("already been used");

    await logIn(manager, MANAGER, MANAGER_PASSWORD, `/admin/leads/${leadId}`);
    // A manager may look at buyers, not change them, and has no operators page.
    const delivery = manager.locator("[data-delivery-id]").filter({ hasText: "webhook" });
    await delivery.getByRole("button", { name: "Re-send now" }).click();
    await manager.getByText(/Re-sent to webhook|is being sent/).first().waitFor();
    await waitFor(async () => receiver.received.length >= 2, "the re-sent delivery");
    await manager.goto(`${server.url}/admin/operators`);
    await manager.getByRole("heading", { name: "You do not have access" }).waitFor();

    await owner.setViewportSize({ width: 1280, height: 900 });
    await owner.goto(`${server.url}/admin/audit?action=resend-delivery`);
    const row = owner.locator('tr[data-action="resend-delivery"]');
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain(MANAGER);
    expect(await row.first().textContent()).toContain(leadId);
    problems.push(...(await pageChecks(owner, "audit")));

    expect(problems).toEqual([]);
    // The one error a browser logs is the 403 of the page the manager was refused, on purpose.
    expect(browserErrors.filter((e) => !e.startsWith("manager: Failed to load resource: the server responded with a status of 403"))).toEqual([]);
  }, 120_000);
});
