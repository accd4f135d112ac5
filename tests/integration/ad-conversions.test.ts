import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as conversionsPage from "../../app/routes/admin-conversions";
import { createConversions, type Conversions } from "../../server/conversions/conversions";
import { writeTransaction } from "../../server/db/database";
import { recordCredit, recordSale } from "../../server/ledger";
import { FIRST_PARTY_SOURCE } from "../../server/suppliers/lead-source";
import { GOOGLE_FIELDS, leaves, META_EVENT_NAMES, META_FIELDS, TELLING_WORDS } from "../support/ad-conversion-fields";
import { startConsole, type ConsoleRoutes } from "../support/console-leads";
import { FAKE_GOOGLE, FAKE_META_TOKEN, startFakeAdPlatforms } from "../support/fake-ad-platforms";
import { formPost, routeArgs, settled } from "../support/load-context";
import { buyerInput, TEST_SECRETS_KEY } from "../support/routing-fixtures";

// Conversions sent back to ad platforms (issue 29 item 2, docs/decisions/061): settings saved through the
// admin page's action, leads through the real intake, sales and returns in the real ledger, and local
// fakes of Google Ads and Meta that check each request against the documented shape.

let app: ConsoleRoutes;
let platforms: Awaited<ReturnType<typeof startFakeAdPlatforms>>;
let conversions: Conversions;
let clock: Date;
let buyerId: string;
const CLAIM = "mesothelioma";
const CASE_TYPE = "Mesothelioma";

beforeAll(async () => {
  platforms = await startFakeAdPlatforms();
  app = await startConsole({
    SECRETS_KEY: TEST_SECRETS_KEY,
    GOOGLE_ADS_API_URL: platforms.url,
    GOOGLE_OAUTH_TOKEN_URL: `${platforms.url}/token`,
    META_GRAPH_API_URL: platforms.url,
  });
  clock = new Date();
  conversions = createConversions({
    db: app.db,
    secretBox: (await import("../../server/secrets/secret-box")).createSecretBox(TEST_SECRETS_KEY),
    endpoints: app.config.conversions,
    siteUrl: app.config.siteUrl,
    caseTypes: () => [CASE_TYPE, "MVA"],
    timeoutMs: 5_000,
    retryScheduleMs: [60_000, 60_000],
    logger: app.logger,
    now: () => clock,
  });
  const saved = await app.services.buyers.create(buyerInput("Conversion Firm", {}, { delivery: { method: "webhook", url: "http://127.0.0.1:9/never" } }));
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  buyerId = saved.buyer.id;
}, 60_000);
afterAll(async () => {
  await app?.close();
  await platforms?.close();
});

const post = (fields: Record<string, string>, cookie: string | null = app.operator) =>
  settled(Promise.resolve(conversionsPage.action({ ...routeArgs(formPost("/admin/conversions", fields, cookie ? { cookie } : {}), app.context()), params: {} } as never)));
const page = () =>
  settled(Promise.resolve(conversionsPage.loader({ ...routeArgs(new Request(`${app.config.siteUrl}/admin/conversions`, { headers: { cookie: app.operator } }), app.context()), params: {} } as never)));

const SETTINGS = {
  caseType: CASE_TYPE,
  googleEnabled: "on",
  googleCustomerId: "123-456-7890",
  googleSubmittedActionId: "111",
  googleSoldActionId: "222",
  googleCredentials: JSON.stringify({ developerToken: FAKE_GOOGLE.developerToken, clientId: FAKE_GOOGLE.clientId, clientSecret: FAKE_GOOGLE.clientSecret, refreshToken: FAKE_GOOGLE.refreshToken }),
  metaEnabled: "on",
  metaPixelId: "998877665544",
  metaAccessToken: FAKE_META_TOKEN,
};

const eventsOf = (leadId: string) =>
  app.db.selectFrom("conversion_events").selectAll().where("lead_id", "=", leadId).orderBy("platform").orderBy("kind").execute();

async function sell(leadId: string, cents: number) {
  return writeTransaction(app.db, (trx) =>
    recordSale(trx, { leadId, buyerId, deliveryId: `delivery-${leadId}`, caseType: CASE_TYPE, leadState: null, leadSource: FIRST_PARTY_SOURCE, amountCents: cents, priceSource: "fixed", at: new Date() }),
  );
}

const fromClicks = (n: number) => ({ gclid: `Cj0KCQ-gclid-${n}`, fbclid: `IwAR-fbclid-${n}`, utm_source: "ads", first_seen_at: new Date(Date.now() - 60_000).toISOString() });

describe("the settings page", () => {
  it("refuses incomplete settings with words per field, and seals the credentials it keeps", async () => {
    const refused = await post({ caseType: CASE_TYPE, googleEnabled: "on", googleCustomerId: "12345", metaEnabled: "on", metaPixelId: "abc" });
    expect(refused.status).toBe(400);
    expect((refused.data as { errors: Record<string, string> }).errors).toMatchObject({
      googleCustomerId: expect.stringContaining("10 digits"),
      googleSoldActionId: expect.any(String),
      googleCredentials: expect.any(String),
      metaPixelId: expect.stringContaining("digits"),
      metaAccessToken: expect.any(String),
    });
    expect((await post({ caseType: "Nope" })).status).toBe(404);

    expect((await post(SETTINGS)).data).toEqual({ saved: CASE_TYPE });
    const row = await app.db.selectFrom("claim_conversion_settings").selectAll().where("case_type", "=", CASE_TYPE).executeTakeFirstOrThrow();
    expect(row.google_customer_id).toBe("1234567890");
    expect(row.google_credentials_sealed).not.toContain(FAKE_GOOGLE.refreshToken);
    expect(row.meta_access_token_sealed).not.toContain(FAKE_META_TOKEN);
    const shown = JSON.stringify((await page()).data);
    expect(shown).not.toContain(FAKE_GOOGLE.refreshToken);
    expect(shown).not.toContain(FAKE_META_TOKEN);
    expect(shown).toContain('"hasCredentials":true');
    const audit = await app.db.selectFrom("audit_log").select(["action", "detail"]).where("action", "=", "save-conversion-settings").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).not.toContain(FAKE_META_TOKEN);
  });
});

describe("events found, sent and retried", () => {
  it("sends a submitted and a sold lead to both platforms in the documented shapes, and nothing for a lead from no ad click", async () => {
    const leadId = await app.makeLead({ claim: CLAIM, email: " Pat.Sample@GMail.com", phone: "(212) 555-0142", attribution: fromClicks(1) });
    const organic = await app.makeLead({ claim: CLAIM, attribution: { utm_source: "newsletter" } });
    await sell(leadId, 12_345);
    const seen = platforms.received.length;
    expect(await conversions.queueFound()).toBe(4);
    expect(await conversions.queueFound()).toBe(0);
    expect(await conversions.sendDue()).toBe(4);
    expect(platforms.problems).toEqual([]);
    expect((await eventsOf(leadId)).map((e) => [e.platform, e.kind, e.status, e.attempts])).toEqual([
      ["google", "sold", "sent", 1],
      ["google", "submitted", "sent", 1],
      ["meta", "sold", "sent", 1],
      ["meta", "submitted", "sent", 1],
    ]);
    expect(await eventsOf(organic)).toEqual([]);

    const sent = platforms.received.slice(seen);
    // One sign-in for Google, its token kept for the next request.
    expect(sent.filter((r) => r.path === "/token")).toHaveLength(1);
    const sold = sent.find((r) => r.path.endsWith(":uploadClickConversions") && JSON.stringify(r.body).includes("conversionActions/222"))!;
    expect(sold.headers["login-customer-id"]).toBeUndefined();
    expect(sold.body).toMatchObject({
      partialFailure: true,
      validateOnly: false,
      conversions: [{ gclid: "Cj0KCQ-gclid-1", conversionValue: 123.45, currencyCode: "USD", userIdentifiers: [{ hashedEmail: expect.stringMatching(/^[0-9a-f]{64}$/) }, { hashedPhoneNumber: expect.stringMatching(/^[0-9a-f]{64}$/) }] }],
    });
    const metaLead = sent.find((r) => r.path === "/v25.0/998877665544/events" && JSON.stringify(r.body).includes('"Lead"'))!;
    expect(metaLead.body).toMatchObject({ data: [{ event_name: "Lead", action_source: "website", event_source_url: `${app.config.siteUrl}/`, user_data: { fbc: expect.stringMatching(/^fb\.1\.\d{13}\.IwAR-fbclid-1$/) } }] });
    expect(metaLead.body).not.toHaveProperty("test_event_code");

    const page = (await app.leadPage(leadId)).data as { conversions: Array<{ platform: string; kind: string; status: string; attempts: number }> };
    expect(page.conversions.map((c) => `${c.platform} ${c.kind} ${c.status} ${c.attempts}`).sort()).toEqual(["google sold sent 1", "google submitted sent 1", "meta sold sent 1", "meta submitted sent 1"]);
  });

  it("retracts a sale returned in full and restates one credited in part, on Google only", async () => {
    const leadId = await app.makeLead({ claim: CLAIM, attribution: fromClicks(2) });
    const saleId = await sell(leadId, 10_000);
    await conversions.run();
    await writeTransaction(app.db, (trx) => recordCredit(trx, { saleId, amountCents: 4_000, actor: "system", note: "goodwill", at: new Date(Date.now() + 1_000) }));
    await conversions.run();
    await writeTransaction(app.db, (trx) => recordCredit(trx, { saleId, amountCents: 6_000, actor: "system", note: "returned", at: new Date(Date.now() + 2_000) }));
    const seen = platforms.received.length;
    await conversions.run();
    expect(platforms.problems).toEqual([]);
    const adjustments = platforms.received.filter((r) => r.path.endsWith(":uploadConversionAdjustments")).map((r) => (r.body.conversionAdjustments as Array<Record<string, unknown>>)[0]!);
    expect(adjustments.map((a) => [a.adjustmentType, a.orderId, a.restatementValue])).toEqual([
      ["RESTATEMENT", saleId, { adjustedValue: 60, currencyCode: "USD" }],
      ["RETRACTION", saleId, undefined],
    ]);
    expect(platforms.received.slice(seen).filter((r) => r.path.includes("/events"))).toEqual([]);
    expect((await eventsOf(leadId)).filter((e) => e.kind === "returned").map((e) => [e.platform, e.status])).toEqual([
      ["google", "sent"],
      ["google", "sent"],
    ]);
  });

  it("retries while a platform is down, on the delivery schedule, until it answers; then gives up", async () => {
    const leadId = await app.makeLead({ claim: CLAIM, attribution: fromClicks(3) });
    platforms.setDown(true);
    await conversions.run();
    let events = await eventsOf(leadId);
    expect(events.map((e) => [e.platform, e.status, e.attempts, e.last_status])).toEqual([
      ["google", "pending", 1, 503],
      ["meta", "pending", 1, 503],
    ]);
    // Not due yet: nothing is sent before the wait.
    expect(await conversions.sendDue()).toBe(0);
    clock = new Date(clock.getTime() + 70_000);
    platforms.setDown(false);
    expect(await conversions.sendDue()).toBe(2);
    events = await eventsOf(leadId);
    expect(events.map((e) => [e.platform, e.status, e.attempts])).toEqual([
      ["google", "sent", 2],
      ["meta", "sent", 2],
    ]);

    const unlucky = await app.makeLead({ claim: CLAIM, attribution: fromClicks(4) });
    platforms.setDown(true);
    for (let i = 0; i < 3; i++) {
      await conversions.run();
      clock = new Date(clock.getTime() + 70_000);
    }
    platforms.setDown(false);
    expect((await eventsOf(unlucky)).map((e) => [e.status, e.attempts])).toEqual([
      ["dead", 3],
      ["dead", 3],
    ]);
  });

  it("cancels the events of a lead whose consent was revoked before they went", async () => {
    const leadId = await app.makeLead({ claim: CLAIM, attribution: fromClicks(5) });
    await conversions.queueFound();
    await app.db.updateTable("leads").set({ revoked_at: new Date().toISOString() }).where("id", "=", leadId).execute();
    await conversions.sendDue();
    expect((await eventsOf(leadId)).map((e) => e.status)).toEqual(["cancelled", "cancelled"]);
  });

  it("sends test events in each platform's test mode", async () => {
    expect((await post({ ...SETTINGS, googleCredentials: "", metaAccessToken: "", googleTestMode: "on", metaTestEventCode: "TEST4242" })).data).toEqual({ saved: CASE_TYPE });
    const leadId = await app.makeLead({ claim: CLAIM, attribution: fromClicks(6) });
    const seen = platforms.received.length;
    await conversions.run();
    const sent = platforms.received.slice(seen).filter((r) => r.path !== "/token");
    expect(sent.map((r) => (r.path.includes("/events") ? r.body.test_event_code : r.body.validateOnly))).toEqual(expect.arrayContaining([true, "TEST4242"]));
    expect((await eventsOf(leadId)).map((e) => [e.platform, e.test_mode, e.status])).toEqual([
      ["google", 1, "sent"],
      ["meta", 1, "sent"],
    ]);
  });

  it("cancels what waits for a platform the operator turned off, and answers 401 to a post without a session", async () => {
    const leadId = await app.makeLead({ claim: CLAIM, attribution: fromClicks(7) });
    await conversions.queueFound();
    expect((await post({ ...SETTINGS, googleCredentials: "", metaAccessToken: "", googleEnabled: "", googleTestMode: "on", metaTestEventCode: "TEST4242" })).data).toEqual({ saved: CASE_TYPE });
    await conversions.sendDue();
    expect((await eventsOf(leadId)).map((e) => [e.platform, e.status, e.last_error])).toEqual([
      ["google", "cancelled", "Google was turned off for this claim: not sent"],
      ["meta", "sent", null],
    ]);
    expect((await post(SETTINGS, null)).status).toBe(401);
  });

  it("sent only allow-listed fields, neutral event names, and no word about the claim, in every request", () => {
    const uploads = platforms.received.filter((r) => r.path !== "/token");
    expect(uploads.length).toBeGreaterThan(10);
    for (const request of uploads) {
      const fields = request.path.includes("/events") ? META_FIELDS : GOOGLE_FIELDS;
      for (const [path, value] of leaves(request.body)) {
        expect(fields, `${request.path}: ${path}`).toContain(path);
        // The site's own address is the operator's brand, sent as event_source_url; the rest is checked.
        const text = String(value).toLowerCase().replace(app.config.siteUrl, "");
        for (const word of TELLING_WORDS) expect(text, `${path} must not say ${word}`).not.toContain(word);
        if (path === "data[].event_name") expect(META_EVENT_NAMES).toContain(value);
      }
    }
  });
});
