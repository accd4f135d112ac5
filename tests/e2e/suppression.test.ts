import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillMvaWizard } from "../support/claim-flows";
import { addWebhookBuyer, logIn, startOperatorJourney, uploadLitigatorList } from "../support/admin-browser";
import { openWizard } from "../support/wizard";
import { screenshotFor } from "../support/page-checks";

/**
 * Issue 26's journey (suppression): the operator uploads a litigator list, a visitor on it submits a
 * claim, and the lead page says the lead was held back from the buyer, and why.
 */

let journey: Awaited<ReturnType<typeof startOperatorJourney>>;
beforeAll(async () => {
  journey = await startOperatorJourney();
});
afterAll(() => journey?.close());

describe("suppression lists", () => {
  it("holds back a lead whose phone is on an uploaded litigator list, with the list's name on its page", async () => {
    const { server, browser, buyer } = journey;
    const operator = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    operator.setDefaultTimeout(10_000);
    await logIn(operator, server.url, "/admin/buyers");
    await addWebhookBuyer(operator, server.url, "National Network", buyer.url);

    expect(await uploadLitigatorList(operator, server.url, "Known litigators", "phone\n(415) 555-3141\nnot a number\n")).toContain("Known litigators: 1 new entries from 3 rows. 1 row had no phone, e-mail or hash (line 3).");
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
    await screenshotFor(operator, "suppression-lead", { fullPage: true });
    await operator.goto(`${server.url}/admin/suppression`);
    expect(await operator.locator("tr", { hasText: "Known litigators" }).textContent()).toMatch(/Leads matched:? ?1(?!\d)/);
    expect(buyer.received).toEqual([]);
    await operator.close();
  });
});
