import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhook } from "../../server/distribution/delivery/signature";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../../tools/browser";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { answerAfffEligibility, fillAfffContact, fillMvaWizard } from "../support/claim-flows";
import { mvaAnswers } from "#claims/mva/examples";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, startServer, type RunningServer } from "../../tools/server";
import { openWizard, savedLeadId } from "../support/wizard";
import { supplierHeadersFor } from "../../tools/suppliers";

let server: RunningServer;
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startFakeReceiver>>;
let partner: Awaited<ReturnType<typeof startFakeReceiver>>;

beforeAll(async () => {
  [browser, receiver, partner] = await Promise.all([
    launchBrowser(),
    startFakeReceiver("ok"),
    startFakeReceiver({ status: 200, json: { status: "Success" } }),
  ]);
  server = await startServer({
    DELIVERY_POLL_MS: "100",
    LEAD_RATE_LIMIT_PER_HOUR: "0",
    LEGAL_BRIDGE_URL: partner.url,
    LEGAL_BRIDGE_API_KEY: "partner-key-1",
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
  await partner?.close();
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(server.url + path, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, ...headers },
    body,
  });

async function logIn(page: Page) {
  await page.goto(`${server.url}/admin/setup`);
  await page.waitForURL(/\/admin\/login\?next=/);
  await page.getByLabel("E-mail address").fill(ADMIN_TEST_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/\/admin\/setup$/);
}

describe("operator access", () => {
  it("sends anonymous visitors of admin pages to the login, and refuses admin actions with 401", async () => {
    for (const path of ["/admin/setup", "/admin"]) {
      const response = await fetch(server.url + path, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/\/admin\/(login\?next=|setup)/);
    }
    for (const intent of ["save-webhook", "send-test", "rotate-secret"]) {
      expect((await post("/admin/setup", `intent=${intent}&url=http://127.0.0.1:9/x`)).status).toBe(401);
    }
  });

  it("keeps admin pages out of search engines", async () => {
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toContain("Disallow: /admin");
    expect(await (await fetch(`${server.url}/admin/login`)).text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });
});

describe("operator setup and delivery", () => {
  it("logs in, saves the webhook, sends signed test data, and receives visitors' leads", async () => {
    const page = await browser.newPage();
    await logIn(page);
    expect(await page.getByRole("heading", { name: "Admin Setup" }).isVisible()).toBe(true);
    expect(await page.getByText("Not configured", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Connected and active (SQLite)").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Send Test Data" }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // Send Test Data is only offered once configured; a missing URL is refused with the spec's text.
    await page.getByLabel("Webhook URL").fill(receiver.url);
    await page.getByRole("button", { name: "Save Configuration" }).click();
    await page.getByText("Configuration Saved").waitFor();
    expect(await page.getByText("Opta.io webhook integration has been configured successfully.").isVisible()).toBe(true);
    await page.getByText("Configured", { exact: true }).waitFor();

    const secret = (await page.getByTestId("signing-secret").textContent())!.trim();
    await page.getByRole("button", { name: "Send Test Data" }).click();
    await page.getByText("Test Sent").waitFor();
    const test = receiver.received.at(-1)!;
    const testPayload = JSON.parse(test.body);
    expect(testPayload).toMatchObject({ test: "true", eligibilityResult: true, st: "CA" });
    expect(testPayload.ip).toMatch(/^192\.168\./);
    const headers = (r: typeof test) => ({
      id: String(r.headers["webhook-id"]),
      timestamp: String(r.headers["webhook-timestamp"]),
      signature: String(r.headers["webhook-signature"]),
    });
    expect(verifyWebhook(secret, headers(test), test.body)).toBe(true);

    // Visitors' MVA and AFFF claims arrive, signed, sent by the server; AFFF also reaches the partner.
    const visitor = await browser.newPage();
    await openWizard(visitor, `${server.url}/mva-claim`);
    await fillMvaWizard(visitor, { state: "CA", atFault: "No, I was not at fault", attorney: "No attorney / Seeking change" });
    await visitor.getByRole("button", { name: "Submit Claim" }).click();
    await visitor.waitForURL(/\/mva-claim\/success\?lead=/);
    const leadId = new URL(visitor.url()).searchParams.get("lead")!;
    await openWizard(visitor, `${server.url}/afff-firefoam-claim`);
    await answerAfffEligibility(visitor);
    await fillAfffContact(visitor);
    await visitor.getByRole("button", { name: "Get My Free Case Review" }).click();
    await visitor.getByRole("heading", { name: "Thank You!" }).waitFor();
    const afffLeadId = await savedLeadId(visitor);
    await visitor.close();

    for (const id of [leadId, afffLeadId]) {
      await waitFor(() => receiver.received.some((r) => r.body.includes(id)), `lead ${id} at the receiver`);
      const delivered = receiver.received.find((r) => r.body.includes(id))!;
      expect(JSON.parse(delivered.body)).toMatchObject({ leadId: id, test: "false" });
      expect(verifyWebhook(secret, headers(delivered), delivered.body)).toBe(true);
    }
    expect(JSON.parse(receiver.received.find((r) => r.body.includes(leadId))!.body).case_type).toBe("MVA");
    expect(JSON.parse(receiver.received.find((r) => r.body.includes(afffLeadId))!.body).case_type).toBe("AFFF");
    await waitFor(() => partner.received.length === 1, "the AFFF lead at the partner");
    expect(partner.received[0]!.body).toContain("partner-key-1");
    expect(partner.received[0]!.body).toContain("Mary");
    await waitFor(() => server.query<{ webhook_sent: number }>("select webhook_sent from leads where id = ?", leadId)[0]?.webhook_sent === 1, "webhook_sent");

    await page.reload();
    expect(await page.locator(`tr[data-lead-id="${leadId}"]`).textContent()).toContain("delivered");

    // Rotating the secret changes what receivers must verify with.
    await page.getByRole("button", { name: "Rotate secret" }).click();
    await page.getByText("Signing Secret Rotated").waitFor();
    await waitFor(async () => (await page.getByTestId("signing-secret").textContent())!.trim() !== secret, "the new secret on the page");

    // Saving a blank URL clears the configuration.
    await page.getByLabel("Webhook URL").fill("");
    await page.getByRole("button", { name: "Save Configuration" }).click();
    await page.getByText("Configuration Cleared").waitFor();
    await page.getByText("Not configured", { exact: true }).waitFor();

    // Log out ends the session (the session rules themselves: admin-routes.test.ts).
    // The toast can still cover the header's button; the keyboard reaches it all the same.
    await page.getByRole("button", { name: "Log out" }).press("Enter");
    await page.waitForURL(/\/admin\/login/);
    await page.goto(`${server.url}/admin/setup`);
    await page.waitForURL(/\/admin\/login\?next=/);
    await page.close();
  });
});

describe("delivery survives a crash", () => {
  it("a server killed mid-delivery and restarted delivers the lead, and nothing acknowledged is sent twice", async () => {
    const hook = await startFakeReceiver("ok");
    hook.respondNext("hang");
    const env = { DELIVERY_POLL_MS: "100", DELIVERY_TIMEOUT_MS: "1000", LEAD_RATE_LIMIT_PER_HOUR: "0" };
    let first = await startServer(env);
    try {
      // Configure through the real login and setup form.
      const login = await fetch(`${first.url}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: first.url },
        body: `email=${encodeURIComponent(ADMIN_TEST_EMAIL)}&password=${encodeURIComponent(ADMIN_TEST_PASSWORD)}`,
      });
      const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
      const saved = await fetch(`${first.url}/admin/setup`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: first.url, cookie },
        body: `intent=save-webhook&url=${encodeURIComponent(hook.url)}`,
      });
      expect(saved.status).toBe(200);

      const submit = async (n: number) =>
        fetch(`${first.url}/api/leads/mva`, {
          method: "POST",
          headers: { ...(await supplierHeadersFor(first)), "content-type": "application/json" },
          // A person per lead: a second MVA lead from one person would be a duplicate the webhook does not get.
          body: JSON.stringify(mvaAnswers({ submissionKey: `crash-test-${n}`, em: `crash-${n}@example.com`, ph: `(415) 555-${1000 + n}` })),
        }).then((r) => r.json());
      const a = await submit(1);
      await waitFor(() => hook.received.length === 1, "the first delivery to be in flight");
      await first.stop("SIGKILL");
      const b = await submit(2).catch(() => null);
      expect(b).toBeNull();

      first = await startServer(env, first.dbFile);
      const c = await submit(3);
      await waitFor(
        () => first.query<{ n: number }>("select count(*) as n from deliveries where status = 'delivered'")[0]!.n === 2,
        "both leads delivered after the restart",
        20_000,
      );
      const ids = hook.received.map((r) => String(r.headers["webhook-id"]));
      const byLead = (leadId: string) => hook.received.filter((r) => r.body.includes(leadId)).length;
      expect(byLead(a.leadId)).toBe(2); // the unacknowledged attempt, then the one after the restart
      expect(byLead(c.leadId)).toBe(1);
      expect(new Set(ids).size).toBe(2); // one webhook-id per delivery, stable across its attempts
    } finally {
      await first.stop();
      await hook.close();
    }
  });
});
