import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimByCaseType } from "#claims/registry";
import { buyerDayKey } from "../../server/ledger";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../../tools/browser";
import { layoutProblems, screenshotFor } from "../support/page-checks";
import { TEST_SECRETS_KEY } from "../support/routing-fixtures";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, startServer, type RunningServer } from "../../tools/server";

/**
 * Issue 11's buyers pages in a browser: an operator makes a mistake on the buyer form, corrects it,
 * saves a form-post buyer with credentials, finds it in the list with only their last four, and
 * pauses it; then gives it a price and a ping, reads its figures on the report, and shares a claim.
 * Every page meets axe, the 360 px layout rules and the CSP.
 */

/** The operator's buyers in the list, not the system ones. */
const OWN_ROWS = 'tr[data-buyer-id]:not([data-buyer-id^="system-"])';
const SECRET = "lb-live-e2e-secret-4321";

let server: RunningServer;
let browser: Browser;
const browserErrors: string[] = [];

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer({ SECRETS_KEY: TEST_SECRETS_KEY })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** axe, then the layout rules and a full-page screenshot (screenshotFor) at 360 and 1280 px; leaves the page at 1280 px. */
async function pageChecks(page: Page, name: string): Promise<string[]> {
  const problems = (await axeViolations(page)).map((v) => `${name}: ${v}`);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    problems.push(...(await layoutProblems(page)).map((p) => `${name} at ${width} px: ${p}`));
    await screenshotFor(page, `buyers-${name}-${width}`, { fullPage: true });
  }
  return problems;
}

describe("buyers", () => {
  it("sends anonymous visitors to the login, is never cached and refuses cross-site posts", async () => {
    const response = await fetch(`${server.url}/admin/buyers/new`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/admin/login?next=${encodeURIComponent("/admin/buyers/new")}`);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    for (const path of ["/admin/buyers", "/admin/buyers/new"]) {
      const post = await fetch(server.url + path, {
        method: "POST",
        headers: { referer: "https://evil.example/page" },
        body: new URLSearchParams({ intent: "pause", buyerId: "x", confirmed: "yes" }),
        redirect: "manual",
      });
      expect(post.status, path).toBe(403);
    }
  });

  it("creates a buyer through the form, lists it with its credentials masked, and pauses it", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(10_000);
    page.on("console", (message) => {
      // The form's deliberate mistake is answered with 400, which Chromium reports as a failed load.
      if (/status of 400 .*\/admin\/buyers\/new\.data/.test(`${message.text()} ${message.location().url}`)) return;
      if (message.type() === "error") browserErrors.push(`${message.text()} (${message.location().url})`);
    });
    page.on("pageerror", (error) => browserErrors.push(`uncaught ${error.message}`));

    await page.goto(`${server.url}/admin/buyers`);
    await page.waitForURL(/\/admin\/login\?next=/);
    await page.getByLabel("E-mail address").fill(ADMIN_TEST_EMAIL);
    await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/buyers");
    // The system buyer (Legal Bridge) is there from the start; the webhook is no buyer (docs/decisions/038).
    expect(await page.getByTestId("buyer-count").textContent()).toBe("1 buyer");

    await page.getByRole("link", { name: "New buyer" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/buyers/new");
    const problems = await pageChecks(page, "form");

    // A first try with mistakes: each message next to its field, the typed values kept.
    await page.getByLabel("Name", { exact: true }).fill("Bridgeway Legal");
    await page.getByLabel("Form post").check();
    await page.getByLabel("URL", { exact: true }).fill("not a url");
    await page.getByLabel("Buyer field 1").fill("first_name");
    await page.getByLabel("Value 1").fill("{first}");
    await page.getByLabel("Leads per day").fill("twenty");
    await page.getByRole("button", { name: "Save buyer" }).first().click();
    await page.getByRole("alert").filter({ hasText: "The buyer is not saved" }).waitFor();
    expect(await page.locator("#buyer-url-error").textContent()).toBe("Enter an http(s) URL.");
    expect(await page.locator("#field-template-0-error").textContent()).toBe("Unknown placeholder {first}.");
    expect(await page.locator("#buyer-perDay-error").textContent()).toBe("Enter a whole number.");
    expect(await page.getByLabel("URL", { exact: true }).getAttribute("aria-describedby")).toContain("buyer-url-error");
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Bridgeway Legal");
    expect(await page.getByLabel("Form post").isChecked()).toBe(true);
    problems.push(...(await pageChecks(page, "form-errors")));

    // Corrected and completed.
    await page.getByLabel("URL", { exact: true }).fill("https://api.legal-bridge.example/leads");
    await page.getByLabel("Credential header (optional)").fill("X-Api-Key");
    await page.getByLabel("Credentials", { exact: true }).fill(SECRET);
    await page.getByLabel("Value 1").fill("{fn}");
    await page.getByLabel("Buyer field 2").fill("ip");
    await page.getByLabel("Value 2").fill("{ip}");
    await page.getByLabel("Buyer field 3").fill("source");
    await page.getByLabel("Value 3").fill("web");
    await page.getByLabel("Answer field 1").fill("status");
    await page.getByLabel("Equals 1").fill("Error");
    await page.getByLabel("Means 1").selectOption("rejected");
    await page.getByLabel("Reason field 1 (optional)").fill("error");
    await page.getByLabel(claimByCaseType("AFFF")!.landing.card.title).check();
    await page.getByLabel("States").fill("TX, OK");
    await page.getByLabel("Leads per day").fill("25");
    await page.getByLabel("Time zone").fill("America/Chicago");
    await page.getByLabel("Only on these days and hours").check();
    await page.getByLabel("Priority").fill("10");
    await page.getByLabel("Weight").fill("3");
    // With JavaScript, more rows come in place and a row goes, and nothing typed elsewhere is lost.
    const mappingRows = page.getByRole("region", { name: "Field mapping" }).getByRole("listitem");
    const rowsBefore = await mappingRows.count();
    await page.getByRole("button", { name: "More mapping rows" }).click();
    await expect.poll(() => mappingRows.count()).toBe(rowsBefore + 3);
    expect(await page.getByLabel("Credentials", { exact: true }).inputValue()).toBe(SECRET);
    await page.getByRole("button", { name: `Remove mapping row ${rowsBefore + 3}` }).click();
    await expect.poll(() => mappingRows.count()).toBe(rowsBefore + 2);
    expect(await page.getByLabel("Value 3").inputValue()).toBe("web");
    await page.getByRole("button", { name: "Save buyer" }).last().click();
    await page.waitForURL((url) => url.pathname === "/admin/buyers");
    await page.getByText("Buyer saved").waitFor();

    const row = page.locator(OWN_ROWS);
    expect(await row.count()).toBe(1);
    const text = (await row.textContent()) ?? "";
    expect(text).toContain("Bridgeway Legal");
    expect(text).toContain("Active");
    expect(text).toContain("Form post");
    expect(text).toContain("TX, OK");
    expect(text).toContain("Mon–Fri 09:00–17:00");
    expect(await page.getByTestId("credentials-last4").textContent()).toBe("••••4321");
    expect(await page.content()).not.toContain(SECRET);
    problems.push(...(await pageChecks(page, "list")));

    // The edit page shows the last four and never the credentials.
    const buyerId = (await row.getAttribute("data-buyer-id"))!;
    await page.getByRole("link", { name: "Bridgeway Legal" }).click();
    await page.waitForURL((url) => url.pathname === `/admin/buyers/${buyerId}`);
    await page.getByText("Saved: ••••4321.").waitFor();
    expect(await page.getByLabel("Credentials", { exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("Buyer field 3").inputValue()).toBe("source");
    expect(await page.content()).not.toContain(SECRET);
    await page.getByRole("link", { name: "← All buyers" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/buyers");

    // Paused after the browser's confirmation.
    let question = "";
    page.once("dialog", (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await page.getByRole("button", { name: "Pause Bridgeway Legal" }).click();
    await page.getByText("Buyer paused").waitFor();
    expect(question).toBe("Pause Bridgeway Legal? It gets no new leads until it is resumed.");
    // The toast comes with the action's answer, the row with the list loaded again just after it.
    await page.getByRole("button", { name: "Resume Bridgeway Legal" }).waitFor();
    expect(await row.textContent()).toContain("Paused");
    problems.push(...(await pageChecks(page, "list-paused")));

    expect(problems).toEqual([]);
    expect(browserErrors).toEqual([]);
    await page.close();
  });

  it("works without JavaScript: more mapping rows, a save, and a resume confirmed on the page", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 900 } });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      await page.goto(`${server.url}/admin/buyers`);
      await page.getByLabel("E-mail address").fill(ADMIN_TEST_EMAIL);
      await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL((url) => url.pathname === "/admin/buyers");

      await page.locator(`${OWN_ROWS} a`).first().click();
      await page.getByLabel("Name", { exact: true }).fill("Bridgeway Legal LLC");
      await page.getByLabel("Credentials", { exact: true }).fill("sk-typed-before-more-rows");
      await page.getByRole("button", { name: "More mapping rows" }).click();
      await page.getByLabel("Buyer field 9").waitFor();
      expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Bridgeway Legal LLC");
      expect(await page.getByLabel("Credentials", { exact: true }).inputValue()).toBe("sk-typed-before-more-rows");
      await page.getByLabel("Buyer field 4").fill("last_name");
      await page.getByLabel("Value 4").fill("{ln}");
      await page.getByRole("button", { name: "Save buyer" }).last().click();
      await page.waitForURL((url) => url.pathname === "/admin/buyers");
      await page.getByText("Bridgeway Legal LLC is saved.").waitFor();

      await page.getByRole("button", { name: "Resume Bridgeway Legal LLC" }).click();
      const confirmation = page.getByRole("alertdialog");
      expect(await confirmation.textContent()).toContain("Resume Bridgeway Legal LLC? It gets new leads again.");
      await confirmation.getByRole("button", { name: "Resume buyer" }).click();
      await page.getByText("Buyer resumed").waitFor();
      expect(await page.locator(OWN_ROWS).textContent()).toContain("Active");
      expect(server.query<{ name: string; active: number }>("select name, active from buyers where system is null")).toEqual([{ name: "Bridgeway Legal LLC", active: 1 }]);
    } finally {
      await context.close();
    }
  });

  it("prices a buyer, shows its week on the report, and shares a claim's leads", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(10_000);
    page.on("console", (message) => {
      // The routing mistake below is answered with 400, which Chromium reports as a failed load.
      if (/status of 400 .*\/admin\/buyers\.data/.test(`${message.text()} ${message.location().url}`)) return;
      if (message.type() === "error") browserErrors.push(`${message.text()} (${message.location().url})`);
    });
    page.on("pageerror", (error) => browserErrors.push(`uncaught ${error.message}`));
    await page.goto(`${server.url}/admin/buyers`);
    await page.getByLabel("E-mail address").fill(ADMIN_TEST_EMAIL);
    await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/buyers");

    // A price and a ping on the buyer the tests above created (25 leads a day, Chicago).
    const row = page.locator("tr[data-buyer-id]").filter({ hasText: "Bridgeway Legal" });
    await row.getByRole("link").first().click();
    await page.getByLabel("Price per lead ($)").fill("212.25");
    await page.getByLabel("Takes part in ping-post auctions").check();
    await page.getByLabel("Ping URL").fill("https://api.legal-bridge.example/ping");
    expect(await page.getByLabel("Bid field").inputValue()).toBe("bid");
    await page.getByRole("button", { name: "Save buyer" }).last().click();
    await page.waitForURL((url) => url.pathname === "/admin/buyers");
    await page.getByText("Buyer saved").waitFor();
    const buyerId = (await row.getAttribute("data-buyer-id"))!;
    expect(await row.textContent()).toContain("$212.25 / lead");
    expect(await row.textContent()).toContain("Ping-post");

    // Its week as the worker would have left it: today two taken, one refused and one waiting (three
    // slots of its cap held), two days ago one taken. The waiting lead's next try is an hour away: this
    // server's delivery worker polls every second, and a lead due now would be tried (and its post
    // counted) before the report is read on a slow machine.
    const now = new Date();
    const inAnHour = new Date(now.getTime() + 3_600_000);
    const twoDaysAgo = new Date(now.getTime() - 2 * 86_400_000);
    const db = new Database(server.dbFile);
    try {
      const addDelivery = (at: Date, status: string) => {
        const leadId = randomUUID();
        db.prepare(
          "insert into leads (id, created_at, case_type, st, tcpa, is_eligible, source, form_data, submission_key, submission_sha256) values (?, ?, 'MVA', 'TX', 1, 1, 'web_form', '{}', ?, ?)",
        ).run(leadId, at.toISOString(), `key-${leadId}`, "0".repeat(64));
        const deliveryId = randomUUID();
        db.prepare(
          "insert into deliveries (id, lead_id, target, buyer_id, status, next_attempt_at, created_at, updated_at) values (?, ?, 'buyer', ?, ?, ?, ?, ?)",
        ).run(deliveryId, leadId, buyerId, status, (status === "pending" ? inAnHour : at).toISOString(), at.toISOString(), at.toISOString());
        if (status === "pending") return;
        // The post in the attempts' log, and a taken lead's sale in the ledger at its price then.
        db.prepare("insert into delivery_attempts (id, delivery_id, attempted_at, duration_ms, status_code) values (?, ?, ?, 5, ?)").run(randomUUID(), deliveryId, at.toISOString(), status === "delivered" ? 200 : 400);
        if (status !== "delivered") return;
        db.prepare(
          "insert into ledger_entries (id, created_at, kind, lead_id, buyer_id, case_type, lead_state, lead_source, amount_cents, price_source, delivery_id, actor) values (?, ?, 'sale', ?, ?, 'MVA', 'TX', '', 21225, 'fixed', ?, 'system')",
        ).run(randomUUID(), at.toISOString(), leadId, buyerId, deliveryId);
      };
      for (const status of ["delivered", "delivered", "failed", "pending"]) addDelivery(now, status);
      addDelivery(twoDaysAgo, "delivered");
      db.prepare("insert into buyer_cap_counters (buyer_id, period, sent) values (?, ?, 3)").run(buyerId, `D:${buyerDayKey(now, "America/Chicago")}`);
    } finally {
      db.close();
    }

    await page.getByRole("link", { name: "Report" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/buyers/report");
    const card = page.locator(`section[data-buyer-id="${buyerId}"]`);
    expect(await card.getByTestId("cap-left").textContent()).toBe("22 of 25 left today");
    expect(await card.getByTestId("price").textContent()).toBe("$212.25 / lead");
    // At 1280 px: the numbers alone, as the columns show them.
    const figures = (day: string) => card.locator(`tr[data-day="${day}"] td`).allInnerTexts();
    // Posts (the waiting lead is not sent yet), sales, refusals, waiting, revenue from the ledger.
    expect(await figures(buyerDayKey(now, "America/Chicago"))).toEqual(["3", "2", "1", "1", "$424.50"]);
    expect(await figures(buyerDayKey(twoDaysAgo, "America/Chicago"))).toEqual(["1", "1", "0", "0", "$212.25"]);
    expect(await figures("total")).toEqual(["4", "3", "1", "1", "$636.75"]);
    const problems = await pageChecks(page, "report");

    // Routing: MVA shared with up to 3 buyers, then a number out of range refused next to its field.
    await page.getByRole("link", { name: "← All buyers" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/buyers");
    const mva = page.locator('li[data-case-type="MVA"]');
    const mvaName = claimByCaseType("MVA")!.landing.card.title;
    expect(await mva.getByTestId("routing-mode").textContent()).toBe("One buyer (exclusive)");
    await mva.getByRole("radio", { name: "Shared" }).check();
    await mva.getByLabel(`Up to how many buyers ${mvaName} leads are shared with`).fill("3");
    await mva.getByRole("button", { name: `Save routing for ${mvaName}` }).click();
    await page.getByText("Routing saved").waitFor();
    await mva.getByText("Shared with up to 3 buyers").waitFor();
    expect(server.query<{ value: string }>("select value from settings where key = 'routing_mode:MVA'")).toEqual([{ value: '{"mode":"shared","maxBuyers":3}' }]);
    problems.push(...(await pageChecks(page, "report-routing")));

    const maxBuyers = mva.getByLabel(`Up to how many buyers ${mvaName} leads are shared with`);
    await maxBuyers.fill("12");
    await mva.getByRole("button", { name: `Save routing for ${mvaName}` }).click();
    await mva.getByText("Enter a whole number of buyers from 2 to 10.").waitFor();
    expect(await maxBuyers.getAttribute("aria-invalid")).toBe("true");
    expect(await maxBuyers.getAttribute("aria-describedby")).toMatch(/-max-error/);
    expect(await mva.getByTestId("routing-mode").textContent()).toBe("Shared with up to 3 buyers");
    problems.push(...(await pageChecks(page, "report-routing-error")));

    expect(problems).toEqual([]);
    expect(browserErrors).toEqual([]);
    await page.close();
  });

  it("marks the system buyers, saves their rules without delivery fields, and auctions a claim first", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(10_000);
    page.on("console", (message) => {
      if (message.type() === "error") browserErrors.push(`${message.text()} (${message.location().url})`);
    });
    page.on("pageerror", (error) => browserErrors.push(`uncaught ${error.message}`));
    await page.goto(`${server.url}/admin/buyers`);
    await page.getByLabel("E-mail address").fill(ADMIN_TEST_EMAIL);
    await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/buyers");

    // Neither the webhook URL nor Legal Bridge's settings are set on this server.
    // The setup page's webhook is no buyer: the operator's own copy of every lead (docs/decisions/038).
    expect(await page.locator('tr[data-buyer-id="system-webhook"]').count()).toBe(0);
    const legalBridge = page.locator('tr[data-buyer-id="system-legal-bridge"]');
    expect(await legalBridge.getByTestId("system-badge").textContent()).toBe("System");
    expect(await legalBridge.textContent()).toContain("Legal Bridge (LEGAL_BRIDGE_URL)Not configured");
    expect(await page.locator(OWN_ROWS).getByTestId("system-badge").count()).toBe(0);
    const problems = await pageChecks(page, "system-list");

    await legalBridge.getByRole("link", { name: "Legal Bridge", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/admin/buyers/system-legal-bridge");
    await page.getByText("Set LEGAL_BRIDGE_URL and LEGAL_BRIDGE_API_KEY on the server.").waitFor();
    expect(await page.getByLabel("URL", { exact: true }).count()).toBe(0);
    expect(await page.getByLabel("Name", { exact: true }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "More mapping rows" }).count()).toBe(0);
    problems.push(...(await pageChecks(page, "system-form")));
    await page.getByLabel("Leads per day").fill("40");
    await page.getByRole("button", { name: "Save buyer" }).last().click();
    await page.waitForURL((url) => url.pathname === "/admin/buyers");
    await page.getByText("Legal Bridge is saved.").waitFor();
    expect(await legalBridge.textContent()).toContain("40 / day");
    const [saved] = server.query<{ method: string; delivery: string; rules: string }>("select method, delivery, rules from buyers where id = 'system-legal-bridge'");
    expect(saved!.method).toBe("post");
    expect(JSON.parse(saved!.delivery)).toMatchObject({ url: "https://not-configured.invalid/" });
    expect(JSON.parse(saved!.rules)).toMatchObject({ caps: { perDay: 40 }, filters: { claimTypes: ["AFFF"] } });

    // AFFF, Legal Bridge's, auctioned to ping-post buyers first.
    const afff = page.locator('li[data-case-type="AFFF"]');
    const afffName = claimByCaseType("AFFF")!.landing.card.title;
    const auction = afff.getByLabel(`Auction to ping-post buyers first for ${afffName}`);
    expect(await auction.isChecked()).toBe(false);
    await auction.check();
    await afff.getByRole("button", { name: `Save routing for ${afffName}` }).click();
    await page.getByText("Routing saved").waitFor();
    await afff.getByText("One buyer (exclusive) · auction first").waitFor();
    expect(await auction.isChecked()).toBe(true);
    expect(server.query<{ value: string }>("select value from settings where key = 'auction:AFFF'")).toEqual([{ value: "on" }]);
    problems.push(...(await pageChecks(page, "system-routing")));

    expect(problems).toEqual([]);
    expect(browserErrors).toEqual([]);
    await page.close();
  });
});
