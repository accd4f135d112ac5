import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuyerStore } from "../../server/distribution/buyers/buyer-store";
import { openDatabase } from "../../server/db/database";
import { createSecretBox } from "../../server/secrets/secret-box";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../../tools/browser";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { mvaAnswers } from "#claims/mva/examples";
import { layoutProblems } from "../support/page-checks";
import { buyerInput, TEST_SECRETS_KEY } from "../support/routing-fixtures";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, startServer, type RunningServer } from "../../tools/server";
import { supplierHeadersFor } from "../../tools/suppliers";
import { testDatabaseUrl } from "../support/test-database";

// The match API's journey on the built server: the operator issues a buyer's key on the buyer's page
// (confirming in the browser), the buyer checks a certificate of a lead it was sent (issue 25: no other),
// the operator sees the check on the lead's page, then revokes the key and it stops working. Each page
// state meets axe and 360 px.

let server: RunningServer;
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startFakeReceiver>>;
let buyerId: string;
let leadId: string;
let certificateId: string;

beforeAll(async () => {
  // The buyer is saved before the server starts, so the lead below is routed and sent to it.
  receiver = await startFakeReceiver("ok");
  const dbFile = (await testDatabaseUrl("claims-match")).slice("file:".length);
  const db = await openDatabase({ engine: "sqlite", file: dbFile });
  const saved = await createBuyerStore(db, createSecretBox(TEST_SECRETS_KEY)).create(buyerInput("Match Firm", {}, { delivery: { method: "webhook", url: receiver.url } }));
  await db.destroy();
  if (!saved.ok) throw new Error(`buyer not saved: ${JSON.stringify(saved.errors)}`);
  buyerId = saved.buyer.id;
  [server, browser] = await Promise.all([startServer({ SECRETS_KEY: TEST_SECRETS_KEY, DELIVERY_POLL_MS: "50" }, dbFile), launchBrowser()]);
  const response = await fetch(`${server.url}/api/leads/mva`, {
    method: "POST",
    headers: { ...(await supplierHeadersFor(server)), "content-type": "application/json" },
    body: JSON.stringify(mvaAnswers({ em: "Match.Journey@example.com", ph: "(415) 555-0177" })),
  });
  const body = (await response.json()) as { leadId: string; certificateUrl: string };
  leadId = body.leadId;
  certificateId = new URL(body.certificateUrl).searchParams.get("cert")!;
  await waitFor(() => server.query("select 1 from deliveries where lead_id = ? and buyer_id = ? and attempts > 0", leadId, buyerId).length === 1, "the lead's delivery to the buyer", 20_000);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

async function pageProblems(page: Page, name: string): Promise<string[]> {
  const problems = (await axeViolations(page)).map((v) => `${name}: ${v}`);
  await page.setViewportSize({ width: 360, height: 900 });
  problems.push(...(await layoutProblems(page)).map((p) => `${name} at 360 px: ${p}`));
  await page.setViewportSize({ width: 1280, height: 900 });
  return problems;
}

const match = (key: string, body: unknown) =>
  fetch(`${server.url}/api/certificates/${certificateId}/match`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });

/** Clicks a button that asks for the browser's confirmation, and accepts it; returns the question. */
async function confirmClick(page: Page, button: string): Promise<string> {
  let question = "";
  page.once("dialog", (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await page.getByRole("button", { name: button }).click();
  return question;
}

describe("a buyer's key and the match API", () => {
  it("is issued by the operator, used by the buyer, shown on the lead's page, and revoked", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(10_000);
    const problems: string[] = [];

    await page.goto(`${server.url}/admin/buyers/${buyerId}`);
    await page.getByLabel("E-mail address").fill(ADMIN_TEST_EMAIL);
    await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === `/admin/buyers/${buyerId}`);
    const section = page.getByRole("region", { name: "API key" });
    expect(await section.textContent()).toContain("This buyer has no API key.");

    expect(await confirmClick(page, "Issue a key")).toBe("Issue an API key for this buyer? It lets the buyer check certificates with the match API.");
    const issued = page.getByTestId("issued-api-key");
    await issued.waitFor();
    const key = (await issued.textContent())!.trim();
    expect(key).toMatch(/^lpk_/);
    await section.getByText(`Key ${key.slice(0, 10)}…`, { exact: false }).waitFor();
    problems.push(...(await pageProblems(page, "buyer with a new key")));

    // The buyer checks the certificate, with its own formatting of the values it holds.
    expect(await (await match(key, { email: " match.journey@EXAMPLE.com", phone: "+1 415 555 0177" })).json()).toEqual({ email: true, phone: true, consent_kind: "supplier-asserted" });
    expect(await (await match(key, { phone: "(415) 555-0178" })).json()).toEqual({ phone: false, consent_kind: "supplier-asserted" });

    await page.goto(`${server.url}/admin/leads/${leadId}`);
    const checks = page.getByRole("region", { name: "Certificate checks" }).getByTestId("certificate-check");
    expect(await checks.count()).toBe(2);
    expect(await checks.nth(0).textContent()).toMatch(/Match Firm\s*match\s*match$/);
    expect(await checks.nth(1).textContent()).toMatch(/Match Firm\s*not asked\s*no match$/);
    problems.push(...(await pageProblems(page, "lead with checks")));

    // Reloaded, the buyer's page shows only the key's prefix; revoking it stops it at once.
    await page.goto(`${server.url}/admin/buyers/${buyerId}`);
    expect(await page.getByTestId("issued-api-key").count()).toBe(0);
    expect(await page.content()).not.toContain(key);
    expect(await confirmClick(page, "Revoke the key")).toBe("Revoke this buyer's API key? It stops working at once.");
    await page.getByText("The key is revoked.").waitFor();
    // The action's answer can show before the page's data is read again; the section catches up.
    await page.getByRole("region", { name: "API key" }).getByText("This buyer has no API key.").waitFor();
    expect((await match(key, { email: "match.journey@example.com" })).status).toBe(401);

    expect(problems).toEqual([]);
    await page.close();
  });
});
