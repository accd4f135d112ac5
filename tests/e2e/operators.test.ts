import { Secret, TOTP } from "otpauth";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../../tools/browser";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { mvaAnswers } from "#claims/mva/examples";
import { layoutProblems, screenshotFor } from "../support/page-checks";
import {
  ADMIN_TEST_EMAIL,
  ADMIN_TEST_PASSWORD,
  startServer,
  type RunningServer,
} from "../../tools/server";
import { supplierHeadersFor } from "../../tools/suppliers";

/**
 * Issue 13's browser journey: the owner invites a manager, the manager accepts the link, logs in and
 * re-sends a delivery, and the owner finds that re-send on /admin/audit. The new pages meet axe and
 * the 360 px layout rules. Issue 25's: the owner sets up two-step log-in, logs in with a code and
 * then with a recovery code, and requires it for everyone: the manager is sent to set it up first.
 */

const MANAGER = "manager@claims.example";
const MANAGER_PASSWORD = "the manager's own password";

let server: RunningServer;
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startFakeReceiver>>;
const browserErrors: string[] = [];

beforeAll(async () => {
  [browser, server, receiver] = await Promise.all([
    launchBrowser(),
    startServer({ DELIVERY_POLL_MS: "50", LEAD_RATE_LIMIT_PER_HOUR: "0" }),
    startFakeReceiver("ok"),
  ]);
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
    if (message.type() === "error")
      browserErrors.push(`${name}: ${message.text()}`);
  });
  page.on("pageerror", (error) =>
    browserErrors.push(`${name}: uncaught ${error.message}`),
  );
  // The re-send asks with window.confirm first.
  page.on("dialog", (dialog) => void dialog.accept());
  return page;
}

async function logIn(
  page: Page,
  email: string,
  password: string,
  path: string,
) {
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
    problems.push(
      ...(await layoutProblems(page)).map(
        (p) => `${name} at ${width} px: ${p}`,
      ),
    );
    await screenshotFor(page, `operators-${name}-${width}`, { fullPage: true });
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

    const response = await fetch(`${server.url}/api/leads/mva`, {
      method: "POST",
      headers: { ...(await supplierHeadersFor(server)), "content-type": "application/json" },
      body: JSON.stringify(mvaAnswers()),
    });
    expect(response.status).toBe(201);
    const { leadId } = (await response.json()) as { leadId: string };
    await waitFor(
      async () => receiver.received.length >= 1,
      "the lead's webhook delivery",
    );

    await owner.goto(`${server.url}/admin/operators`);
    await owner.getByLabel("E-mail address").fill(MANAGER);
    await owner.getByLabel("Role", { exact: true }).selectOption("manager");
    await owner.getByRole("button", { name: "Make invitation link" }).click();
    const link = (await owner
      .getByTestId("invitation-link")
      .textContent())!.trim();
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
    const delivery = manager
      .locator("[data-delivery-id]")
      .filter({ hasText: "webhook" });
    await delivery.getByRole("button", { name: "Re-send now" }).click();
    await manager
      .getByText(/Re-sent to webhook|is being sent/)
      .first()
      .waitFor();
    await waitFor(
      async () => receiver.received.length >= 2,
      "the re-sent delivery",
    );
    await manager.goto(`${server.url}/admin/operators`);
    await manager
      .getByRole("heading", { name: "You do not have access" })
      .waitFor();

    await owner.setViewportSize({ width: 1280, height: 900 });
    await owner.goto(`${server.url}/admin/audit?action=resend-delivery`);
    const row = owner.locator('tr[data-action="resend-delivery"]');
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain(MANAGER);
    expect(await row.first().textContent()).toContain(leadId);
    problems.push(...(await pageChecks(owner, "audit")));

    expect(problems).toEqual([]);
    // The one error a browser logs is the 403 of the page the manager was refused, on purpose.
    expect(
      browserErrors.filter(
        (e) =>
          !e.startsWith(
            "manager: Failed to load resource: the server responded with a status of 403",
          ),
      ),
    ).toEqual([]);
  });

  it("the owner sets up two-step log-in, logs in with a code and with a recovery code, and requires it for the manager", async () => {
    const problems: string[] = [];
    const owner = await newPage("owner-2fa");
    await logIn(owner, ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, "/admin/account");
    await owner.getByRole("button", { name: "Set up two-step log-in" }).click();
    const key = (await owner.getByTestId("totp-secret").textContent())!.replace(
      /\s/g,
      "",
    );
    expect(await owner.getByTestId("totp-uri").getAttribute("href")).toMatch(
      /^otpauth:\/\/totp\/.*secret=/,
    );
    problems.push(...(await pageChecks(owner, "account-totp-setup")));
    await owner.setViewportSize({ width: 1280, height: 900 });
    const app = new TOTP({
      secret: Secret.fromBase32(key),
      digits: 6,
      period: 30,
    });
    const confirmedStep = Math.floor(Date.now() / 30_000);
    await owner
      .getByLabel("Code from the app")
      .fill(app.generate({ timestamp: confirmedStep * 30_000 }));
    await owner.getByRole("button", { name: "Turn on" }).click();
    const codes = (
      await owner.getByTestId("recovery-codes").locator("li").allTextContents()
    ).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await owner.getByTestId("totp-status").waitFor();
    problems.push(...(await pageChecks(owner, "account-totp-on")));
    await owner.setViewportSize({ width: 1280, height: 900 });

    // Log out, then in with the password and a code: a code works once, so the next 30-second step's,
    // which the server takes a step early (it allows one step of clock drift either way).
    await owner.getByRole("button", { name: "Log out", exact: true }).click();
    await owner.waitForURL(/\/admin\/login/);
    await logInWithCode(owner, "/admin/leads", app.generate({ timestamp: (confirmedStep + 1) * 30_000 }));
    problems.push(...(await pageChecks(owner, "leads-after-code")));
    await owner.setViewportSize({ width: 1280, height: 900 });

    // And with a recovery code in place of the app.
    await owner.getByRole("button", { name: "Log out", exact: true }).click();
    await owner.waitForURL(/\/admin\/login/);
    await logInWithCode(owner, "/admin/operators", codes[0]!);

    // Required for everyone: the manager is sent to set it up before anything else.
    await owner
      .getByRole("button", { name: "Require it for everyone" })
      .click();
    await owner
      .getByTestId("require-status")
      .filter({ hasText: "Required for every operator" })
      .waitFor();
    const manager = await newPage("manager-2fa");
    await manager.goto(`${server.url}/admin/leads`);
    await manager.getByLabel("E-mail address").fill(MANAGER);
    await manager.getByLabel("Password").fill(MANAGER_PASSWORD);
    await manager.getByRole("button", { name: "Log in" }).click();
    await manager.waitForURL(
      (url) => url.pathname === "/admin/account" && url.search === "?enrol=1",
    );
    await manager.getByTestId("enrol-required").waitFor();
    await manager.goto(`${server.url}/admin/leads`);
    await manager.waitForURL((url) => url.pathname === "/admin/account");
    problems.push(...(await pageChecks(manager, "account-enrol-required")));
    await manager.setViewportSize({ width: 1280, height: 900 });
    await manager
      .getByRole("button", { name: "Set up two-step log-in" })
      .click();
    const managerKey = (await manager
      .getByTestId("totp-secret")
      .textContent())!.replace(/\s/g, "");
    await manager
      .getByLabel("Code from the app")
      .fill(new TOTP({ secret: Secret.fromBase32(managerKey) }).generate());
    await manager.getByRole("button", { name: "Turn on" }).click();
    await manager.getByTestId("recovery-codes").waitFor();
    await manager.goto(`${server.url}/admin/leads`);
    await manager.waitForURL((url) => url.pathname === "/admin/leads");

    expect(problems).toEqual([]);
    expect(browserErrors.filter((e) => e.includes("-2fa:"))).toEqual([]);
  }, 150_000);
});

/** From the login page the browser is on: the password, then the code step, to `path`. */
async function logInWithCode(page: Page, path: string, code: string) {
  await page.goto(`${server.url}${path}`);
  await page.waitForURL(/\/admin\/login\?next=/);
  await page.getByLabel("E-mail address").fill(ADMIN_TEST_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByLabel("Code").waitFor();
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL((url) => url.pathname === path);
}
