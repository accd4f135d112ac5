import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addWebhookBuyer, logIn, startOperatorJourney, uploadLitigatorList } from "../support/admin-browser";
import { mvaAnswers } from "#claims/mva/examples";
import { pageProblems } from "../support/page-checks";

/**
 * Issue 26's journey (suppliers): the operator adds a supplier at /admin/suppliers and sees its key
 * once, uploads a litigator list, the supplier posts a lead with that key whose phone is on the list,
 * and the lead page says it was held back from the buyer, and why.
 */

let journey: Awaited<ReturnType<typeof startOperatorJourney>>;
beforeAll(async () => {
  journey = await startOperatorJourney();
});
afterAll(() => journey?.close());

describe("suppliers", () => {
  it("adds a supplier whose key is shown once, and holds back its lead that is on a litigator list, with the reason on the lead's page", async () => {
    const { server, browser, buyer } = journey;
    const operator = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    operator.setDefaultTimeout(10_000);
    await logIn(operator, server.url, "/admin/buyers");
    await addWebhookBuyer(operator, server.url, "National Network", buyer.url);

    await operator.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Suppliers" }).click();
    await operator.waitForURL((url) => url.pathname === "/admin/suppliers");
    await operator.getByLabel("Name", { exact: true }).fill("Acme Leads");
    await operator.getByLabel("Motor Vehicle Accident", { exact: true }).check();
    await operator.getByLabel("Daily cap").fill("100");
    await operator.getByLabel("Payout per accepted lead").fill("12.50");
    await operator.getByRole("button", { name: "Add the supplier" }).click();
    const key = ((await operator.getByTestId("supplier-key").textContent()) ?? "").trim();
    expect(key).toMatch(/^lsk_[A-Za-z0-9_-]{43}$/);
    expect(await operator.getByTestId("supplier-saved").textContent()).toContain("Copy its key now: it is not shown again");
    const row = operator.locator("tr", { hasText: "Acme Leads" });
    expect(await row.textContent()).toContain("$12.50 / accepted lead");
    // Shown once: the page loaded again has only the key's first characters.
    await operator.reload();
    expect(await operator.content()).not.toContain(key);
    expect(await row.textContent()).toContain(`${key.slice(0, 10)}…`);

    expect(await uploadLitigatorList(operator, server.url, "Known litigators", "phone\n(415) 555-3141\n")).toContain("Known litigators: 1 new entries");

    // The supplier's own script posts a lead with its key.
    const posted = await fetch(`${server.url}/api/leads/mva`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      body: JSON.stringify(mvaAnswers({ em: "supplied-litigator@example.com", ph: "(415) 555-3141" })),
    });
    expect(posted.status).toBe(201);
    const { leadId } = (await posted.json()) as { leadId: string };

    await operator.goto(`${server.url}/admin/leads/${leadId}`);
    expect(await operator.locator("main").textContent()).toContain("Acme Leads, through the lead API (payout $12.50)");
    expect(await operator.getByTestId("lead-suppressions").textContent()).toContain("On Known litigators: held back from every buyer");
    const routing = (await operator.getByTestId("routing-decision").textContent()) ?? "";
    expect(routing).toContain("National Network");
    expect(routing).toContain("suppression list: Known litigators");

    await operator.goto(`${server.url}/admin/suppliers`);
    expect(await operator.locator("tr", { hasText: "Acme Leads" }).textContent()).toContain("1 of 100 a day");
    await operator.setViewportSize({ width: 360, height: 800 });
    expect(await pageProblems(operator)).toEqual([]);
    expect(buyer.received).toEqual([]);
    await operator.close();
  });
});
