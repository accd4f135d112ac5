import type { Browser, Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { PAGE_MESSAGES } from "../../app/i18n/page-messages";
import { launchBrowser } from "../../tools/browser";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { mvaAnswers } from "#claims/mva/examples";
import { layoutProblems } from "../support/page-checks";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, startServer, type RunningServer } from "../../tools/server";
import { supplierHeadersFor } from "../../tools/suppliers";

/**
 * Issue 12's revocation journey: a lead delivered to a local receiver, then the person opts out on
 * /opt-out (no JavaScript on the page); the receiver gets a signed lead.consent_revoked event, the
 * operator sees the revocation, and a re-send of the lead is refused.
 */

const PHONE = "(415) 555-0134";

let server: RunningServer;
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startFakeReceiver>>;
const browserErrors: string[] = [];

beforeAll(async () => {
  [browser, server, receiver] = await Promise.all([
    launchBrowser(),
    startServer({ DELIVERY_POLL_MS: "50", DELIVERY_TIMEOUT_MS: "2000", LEAD_RATE_LIMIT_PER_HOUR: "0" }),
    startFakeReceiver("ok"),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

async function newPage(name: string, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on("console", (message) => {
    // The empty value is refused with a 400 on purpose; Chromium logs any 4xx document as an error.
    if (message.type() === "error" && !message.text().includes("status of 400")) browserErrors.push(`${name}: ${message.text()}`);
  });
  return page;
}

/** axe (run from a page with scripts, on the same HTML) and the 360 px layout rules. */
async function checks(page: Page, name: string): Promise<string[]> {
  const html = await page.content();
  const copy = await browser.newPage();
  try {
    await copy.route(page.url(), (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html }));
    await copy.goto(page.url());
    const problems = (await axeViolations(copy)).map((v) => `${name}: ${v}`);
    await copy.setViewportSize({ width: 360, height: 800 });
    problems.push(...(await layoutProblems(copy)).map((p) => `${name} at 360 px: ${p}`));
    return problems;
  } finally {
    await copy.close();
  }
}

const deliveriesOf = (leadId: string) =>
  server.query<{ id: string; target: string; status: string; event: string | null }>("select id, target, status, event from deliveries where lead_id = ? order by created_at", leadId);

describe("opt-out", () => {
  it("revokes a delivered lead: the receiver gets a signed event, the operator sees it, and a re-send is refused", async () => {
    // The operator's webhook points at the local receiver.
    const operator = await newPage("operator");
    await operator.goto(`${server.url}/admin/setup`);
    await operator.waitForURL(/\/admin\/login/);
    await operator.getByLabel("E-mail address").fill(ADMIN_TEST_EMAIL);
    await operator.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
    await operator.getByRole("button", { name: "Log in" }).click();
    await operator.waitForURL((url) => url.pathname === "/admin/setup");
    await operator.getByLabel("Webhook URL").fill(receiver.url);
    await operator.getByRole("button", { name: "Save Configuration" }).click();
    await operator.getByText("Configuration Saved").waitFor();

    const response = await fetch(`${server.url}/api/leads/mva`, {
      method: "POST",
      headers: { ...(await supplierHeadersFor(server)), "content-type": "application/json" },
      body: JSON.stringify(mvaAnswers({ ph: PHONE, submissionKey: "opt-out-e2e-1" })),
    });
    expect(response.status).toBe(201);
    const { leadId } = (await response.json()) as { leadId: string };
    await waitFor(() => deliveriesOf(leadId)[0]?.status === "delivered", "the lead to reach the receiver");
    const leadDelivery = deliveriesOf(leadId)[0]!;

    // The person follows the footer's link, without JavaScript: the page needs none.
    const person = await newPage("person", false);
    await person.goto(server.url);
    await person.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Opt out" }).click();
    await person.waitForURL((url) => url.pathname === "/opt-out");
    expect(await person.locator("script:not([type='application/ld+json'])").count()).toBe(0);
    const problems = await checks(person, "opt-out");

    // An empty value is refused with a message tied to the field.
    await person.getByRole("button", { name: "Continue" }).click();
    const field = person.getByLabel("Phone number or e-mail address");
    await person.getByRole("alert").waitFor();
    expect(await field.getAttribute("aria-describedby")).toBe("contact-error");
    expect(await person.getByRole("alert").textContent()).toBe("Enter the phone number or e-mail address you gave us.");
    problems.push(...(await checks(person, "opt-out with error")));

    await field.fill("415.555.0134");
    await person.getByRole("button", { name: "Continue" }).click();
    await person.getByRole("heading", { name: "Confirm your request" }).waitFor();
    expect(await person.locator("main").textContent()).toContain(PHONE);
    // Nothing has changed yet.
    expect(server.query<{ n: number }>("select count(*) as n from revocations")[0]!.n).toBe(0);
    problems.push(...(await checks(person, "opt-out confirm")));

    const startedAt = Date.now();
    await person.getByRole("button", { name: "Yes, revoke my consent" }).click();
    await person.getByRole("heading", { name: "Consent revoked" }).waitFor();
    problems.push(...(await checks(person, "opt-out done")));
    expect(Date.now() - startedAt).toBeLessThan(60_000);

    // The receiver is told, with a signature its Standard Webhooks library accepts.
    await waitFor(() => receiver.received.some((r) => r.body.includes("lead.consent_revoked")), "the consent_revoked event");
    const event = receiver.received.find((r) => r.body.includes("lead.consent_revoked"))!;
    const secret = server.query<{ value: string }>("select value from settings where key = 'webhook_signing_secret'")[0]!.value;
    const payload = new Webhook(secret).verify(event.body, {
      "webhook-id": String(event.headers["webhook-id"]),
      "webhook-timestamp": String(event.headers["webhook-timestamp"]),
      "webhook-signature": String(event.headers["webhook-signature"]),
    });
    expect(payload).toMatchObject({ type: "lead.consent_revoked", data: { leadId, method: "opt-out page", revokedAt: expect.any(String) } });
    expect(event.body).not.toContain("4155550134");

    // The operator sees the revocation on the lead's page and on the revocations page; no re-send is offered.
    await operator.goto(`${server.url}/admin/leads/${leadId}`);
    await operator.getByRole("heading", { name: /Consent revoked/ }).waitFor();
    expect(await operator.getByRole("button", { name: "Re-send now" }).count()).toBe(0);
    problems.push(...(await axeViolations(operator)).map((v) => `lead page: ${v}`));
    await operator.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Revocations" }).click();
    await operator.waitForURL((url) => url.pathname === "/admin/revocations");
    await operator.getByRole("heading", { name: "Revocations", level: 1 }).waitFor();
    const row = operator.locator("tbody tr").first();
    expect(await row.textContent()).toMatch(/opt-out page.*phone \(\*\*\*\) \*\*\*-0134.*1.*1 delivered/);
    problems.push(...(await axeViolations(operator)).map((v) => `revocations page: ${v}`));

    // A re-send posted anyway (as a stale page would) is refused, and nothing more reaches the receiver.
    const before = receiver.received.length;
    const resend = await operator.request.post(`${server.url}/admin/leads/${leadId}`, {
      form: { intent: "resend", deliveryId: leadDelivery.id, confirmed: "yes" },
      headers: { origin: server.url },
    });
    expect(resend.status()).toBe(200);
    expect(await resend.text()).toContain("This person revoked consent: the lead is never sent or re-sent again.");
    expect(deliveriesOf(leadId).find((d) => d.id === leadDelivery.id)?.status).toBe("delivered");
    expect(receiver.received.length).toBe(before);

    expect(problems).toEqual([]);
    expect(browserErrors).toEqual([]);
  });

  // After the journey above, which counts revocations from none.
  it("in Spanish, every state of the flow is accessible and fits a 360 px phone", async () => {
    const words = PAGE_MESSAGES.es;
    const person = await newPage("person in Spanish", false);
    await person.goto(`${server.url}/es`);
    await person.getByRole("navigation", { name: words.footerNav }).getByRole("link", { name: words.optOut }).click();
    await person.waitForURL((url) => url.pathname === "/es/opt-out");
    const problems = await checks(person, "/es/opt-out");
    await person.getByRole("button", { name: words.continue }).click();
    await person.getByRole("alert").waitFor();
    problems.push(...(await checks(person, "/es/opt-out with error")));
    await person.getByRole("textbox").fill("415.555.0177");
    await person.getByRole("button", { name: words.continue }).click();
    await person.getByRole("heading", { name: words.confirmRequest }).waitFor();
    problems.push(...(await checks(person, "/es/opt-out confirm")));
    await person.getByRole("button", { name: words.yesRevoke }).click();
    await person.getByRole("heading", { name: words.consentRevoked }).waitFor();
    problems.push(...(await checks(person, "/es/opt-out done")));
    expect(problems).toEqual([]);
    expect(browserErrors).toEqual([]);
  });
});
