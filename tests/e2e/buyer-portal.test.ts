import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../../tools/browser";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { mvaAnswers } from "#claims/mva/examples";
import { layoutProblems, screenshotFor } from "../support/page-checks";
import { TEST_SECRETS_KEY } from "../support/routing-fixtures";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, startServer, type RunningServer } from "../../tools/server";
import { supplierHeadersFor } from "../../tools/suppliers";

/**
 * Issue 24's buyer journey: the operator invites a buyer's staff member, who logs in at /buyer, sees
 * only the leads that buyer bought, returns one within the cap (credited at once) and one over it;
 * the operator approves that one on /admin/returns and issues the month's statement, on which the
 * buyer reads both credits. Every portal page meets axe and the 360 px layout rules, with no script.
 * Last, the operator re-routes by hand a lead no buyer's rules took, and the chosen buyer buys it.
 */

const BUYER_PASSWORD = "a buyer staff password";
let server: RunningServer;
let browser: Browser;
let alpha: Awaited<ReturnType<typeof startFakeReceiver>>;
let beta: Awaited<ReturnType<typeof startFakeReceiver>>;
const problems: string[] = [];

beforeAll(async () => {
  [alpha, beta] = await Promise.all([startFakeReceiver("ok"), startFakeReceiver("ok")]);
  [browser, server] = await Promise.all([launchBrowser(), startServer({ SECRETS_KEY: TEST_SECRETS_KEY, DELIVERY_POLL_MS: "50" })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([alpha?.close(), beta?.close()]);
});

async function pageChecks(page: Page, name: string, { portal = true } = {}) {
  // The portal's pages work without JavaScript: they ship none.
  if (portal && (await page.locator("script:not([type='application/ld+json'])").count())) problems.push(`${name}: has a script`);
  problems.push(...(await axeViolations(page)).map((v) => `${name}: ${v}`));
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    problems.push(...(await layoutProblems(page)).map((p) => `${name} at ${width} px: ${p}`));
    await screenshotFor(page, `buyer-portal-${name}-${width}`, { fullPage: true });
  }
}

async function saveBuyer(page: Page, buyer: { name: string; url: string; states: string; price: string }) {
  await page.goto(`${server.url}/admin/buyers/new`);
  await page.getByLabel("Name", { exact: true }).fill(buyer.name);
  await page.getByLabel("Signed JSON webhook").check();
  await page.getByLabel("URL", { exact: true }).fill(buyer.url);
  await page.getByLabel("States").fill(buyer.states);
  await page.getByLabel("Price per lead ($)").fill(buyer.price);
  await page.getByRole("button", { name: "Save buyer" }).last().click();
  await page.waitForURL((url) => url.pathname === "/admin/buyers");
  return server.query<{ id: string }>("select id from buyers where name = ?", buyer.name)[0]!.id;
}

async function submitLead(overrides: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${server.url}/api/leads/mva`, { method: "POST", headers: { ...(await supplierHeadersFor(server)), "content-type": "application/json" }, body: JSON.stringify(mvaAnswers(overrides)) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { leadId: string }).leadId;
}

describe("buyer portal", () => {
  it("is never cached, sends visitors to its login and refuses cross-site posts", async () => {
    const response = await fetch(`${server.url}/buyer/leads`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/buyer/login?next=${encodeURIComponent("/buyer/leads")}`);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    const post = await fetch(`${server.url}/buyer/account`, {
      method: "POST",
      headers: { referer: "https://evil.example/page", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "pause", confirmed: "yes" }),
      redirect: "manual",
    });
    expect(post.status).toBe(403);
  });

  it("lets a buyer's staff see only its leads, return them, and read the credits on its statement", async () => {
    const operator = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    operator.setDefaultTimeout(15_000);
    operator.on("dialog", (dialog) => void dialog.accept());
    await operator.goto(`${server.url}/admin/login?next=/admin/buyers`);
    await operator.getByLabel("E-mail address").fill(ADMIN_TEST_EMAIL);
    await operator.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
    await operator.getByRole("button", { name: "Log in" }).click();
    await operator.waitForURL((url) => url.pathname === "/admin/buyers");
    const alphaId = await saveBuyer(operator, { name: "Alpha Injury Law", url: alpha.url, states: "CA", price: "45" });
    await saveBuyer(operator, { name: "Beta Legal Group", url: beta.url, states: "TX", price: "30" });

    // Alpha's terms: half of its month's purchases may come back without approval. Then its staff's invitation.
    await operator.goto(`${server.url}/admin/buyers/${alphaId}`);
    await operator.getByLabel("Return cap (% of the month’s sales)").fill("50");
    await operator.getByRole("button", { name: "Save the return terms" }).click();
    await operator.getByTestId("portal-done").waitFor();
    await operator.getByLabel("Invite by e-mail address").fill("intake@alpha.example");
    await operator.getByRole("button", { name: "Invite", exact: true }).click();
    const link = (await operator.getByTestId("buyer-invitation-link").textContent())!.trim();

    const alphaLeads = [await submitLead({ fn: "Maria", ln: "Lopez", em: "maria@example.com", ph: "(415) 555-0101", st: "CA" }), await submitLead({ fn: "Tom", ln: "Reyes", em: "tom@example.com", ph: "(415) 555-0102", st: "CA" })];
    const betaLead = await submitLead({ fn: "Dana", ln: "Texan", em: "dana@example.com", ph: "(512) 555-0103", st: "TX" });
    await waitFor(() => server.query<{ n: number }>("select count(*) as n from ledger_entries where kind = 'sale'")[0]!.n === 3, "three sales in the ledger", 20_000);

    const buyer = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    buyer.setDefaultTimeout(15_000);
    await buyer.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await buyer.getByLabel("Your name").fill("Ivy Intake");
    await buyer.getByLabel("Password").fill(BUYER_PASSWORD);
    await buyer.getByRole("button", { name: "Create my account" }).click();
    await buyer.waitForURL((url) => url.pathname === "/buyer/login");
    await pageChecks(buyer, "login");
    await buyer.getByLabel("E-mail address").fill("intake@alpha.example");
    await buyer.getByLabel("Password").fill(BUYER_PASSWORD);
    await buyer.getByRole("button", { name: "Log in" }).click();
    await buyer.waitForURL((url) => url.pathname === "/buyer/leads");

    // Only Alpha's two leads, never Beta's.
    const listed = await buyer.locator("tr[data-lead-id]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-lead-id")));
    expect(listed.sort()).toEqual([...alphaLeads].sort());
    expect(listed).not.toContain(betaLead);
    await pageChecks(buyer, "leads");
    const foreign = await buyer.goto(`${server.url}/buyer/leads/${betaLead}`);
    expect(foreign!.status()).toBe(404);

    // The first return is within the cap: credited at once. The second is over it: it waits.
    await buyer.goto(`${server.url}/buyer/leads/${alphaLeads[0]}`);
    await buyer.getByText("maria@example.com").waitFor();
    await pageChecks(buyer, "lead");
    await buyer.getByLabel("Wrong number").check();
    await buyer.getByRole("button", { name: "Return the lead" }).click();
    expect(await buyer.getByTestId("return-result").textContent()).toMatch(/^Returned/);
    await buyer.goto(`${server.url}/buyer/leads/${alphaLeads[1]}`);
    await buyer.getByRole("radio", { name: "Other" }).check();
    await buyer.getByLabel("Details (required for “Other”)").fill("Says he never filled in a form");
    await buyer.getByRole("button", { name: "Return the lead" }).click();
    expect(await buyer.getByTestId("return-result").textContent()).toMatch(/waits for the operator/);

    // The operator approves the one over the cap, then issues this month's statement.
    await operator.goto(`${server.url}/admin/returns`);
    await pageChecks(operator, "admin returns", { portal: false });
    await operator.setViewportSize({ width: 1280, height: 900 });
    const pending = operator.locator("li[data-return-id]");
    expect(await pending.count()).toBe(1);
    await pending.getByRole("button", { name: "Approve" }).click();
    await operator.getByTestId("return-decided").waitFor();
    await operator.locator("li[data-return-id]").waitFor({ state: "detached" });
    await operator.goto(`${server.url}/admin/buyers/${alphaId}`);
    // The current month (the one that ended is offered first): issued now, it takes every entry so far.
    await operator.getByLabel("Statement month").selectOption({ index: 1 });
    await operator.getByRole("button", { name: "Issue the statement" }).click();
    await operator.getByTestId("portal-done").waitFor();
    await pageChecks(operator, "admin buyer", { portal: false });
    await operator.getByRole("link", { name: "1", exact: true }).click();
    await operator.getByTestId("statement").waitFor();
    expect(await operator.getByTestId("statement-credits").textContent()).toBe("-$90.00");
    await pageChecks(operator, "admin statement", { portal: false });

    // The buyer reads both credits on its statement, as a page and as CSV.
    await buyer.goto(`${server.url}/buyer/statements`);
    await pageChecks(buyer, "statements");
    await buyer.getByRole("link", { name: "No. 1" }).click();
    await buyer.getByTestId("statement").waitFor();
    expect(await buyer.getByTestId("statement-credits").textContent()).toBe("-$90.00");
    expect(await buyer.getByTestId("statement-total").textContent()).toBe("$0.00");
    expect(await buyer.locator('tr[data-kind="credit"]').count()).toBe(2);
    await pageChecks(buyer, "statement");
    // The CSVs over HTTP, with the browser's session cookie.
    const statementCsv = await buyer.request.get(`${server.url}${await buyer.getByTestId("statement-csv").getAttribute("href")}`);
    expect(statementCsv.headers()["content-type"]).toMatch(/^text\/csv/);
    expect((await statementCsv.text()).match(/"credit"/g)).toHaveLength(2);
    const leadsCsv = await buyer.request.get(`${server.url}/buyer/leads.csv`);
    expect(leadsCsv.status()).toBe(200);
    const csvText = await leadsCsv.text();
    for (const leadId of alphaLeads) expect(csvText).toContain(leadId);
    expect(csvText).not.toContain(betaLead);
    await buyer.goto(`${server.url}/buyer/account`);
    await pageChecks(buyer, "account");
    expect(await buyer.getByTestId("buyer-active").textContent()).toMatch(/taking leads/);

    // A lead no buyer's rules took (New York): the operator re-routes it by hand to Beta, which buys it.
    const unsold = await submitLead({ fn: "Nina", ln: "York", em: "nina@example.com", ph: "(212) 555-0104", st: "NY" });
    expect(server.query<{ buyer_status: string }>("select buyer_status from leads where id = ?", unsold)[0]!.buyer_status).toBe("unsold");
    await operator.goto(`${server.url}/admin/leads/${unsold}`);
    await operator.locator('select[name="buyerId"]').selectOption({ label: "Beta Legal Group" });
    await operator.getByRole("button", { name: "Send to this buyer" }).click();
    await operator.getByText("Sent to Beta Legal Group.").first().waitFor();
    await waitFor(() => server.query<{ n: number }>("select count(*) as n from ledger_entries where kind = 'sale' and lead_id = ?", unsold)[0]!.n === 1, "the re-routed lead's sale", 20_000);
    expect(server.query<{ name: string }>("select b.name from ledger_entries e join buyers b on b.id = e.buyer_id where e.lead_id = ?", unsold)[0]!.name).toBe("Beta Legal Group");
    expect(server.query<{ action: string }>("select action from audit_log where action = 'reroute-lead'")).toHaveLength(1);

    expect(problems).toEqual([]);
    const audit = server.query<{ action: string }>("select action from audit_log where action in ('buyer-login', 'request-return', 'approve-return', 'issue-statement')").map((r) => r.action);
    expect(audit.filter((a) => a === "request-return")).toHaveLength(2);
    expect(audit.filter((a) => a === "approve-return")).toHaveLength(2);
    expect(audit).toContain("buyer-login");
    expect(audit).toContain("issue-statement");
  });
});
