import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuyerPages, type BuyerPages } from "../support/buyer-pages";
import { startFakeReceiver } from "../support/fake-receiver";

// Issue 24, item 11: 'Send a test lead' on a buyer's page posts a lead marked as a test through the
// buyer's real delivery (mapping, credentials, acceptance rule) to a local fake buyer, shows its
// answer, and sells nothing: no lead, no delivery, no cap used. It is audit-logged.

const SECRET = "sk-test-lead-credentials-4242";
let app: BuyerPages;
let receiver: Awaited<ReturnType<typeof startFakeReceiver>>;

beforeAll(async () => {
  app = await startBuyerPages();
  receiver = await startFakeReceiver({ status: 200, json: { status: "accepted", id: "buyer-ref-77" } });
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

const form = (url: string, overrides: Record<string, string | string[]> = {}) => ({
  intent: "save",
  name: "Test Lead Law",
  active: "on",
  price: "45",
  delivery: "post-json",
  url,
  credentialHeader: "X-Api-Key",
  credentials: SECRET,
  fieldName: ["first_name", "last_name", "email", "claim", "", ""],
  fieldTemplate: ["{fn}", "{ln}", "{em}", "{caseType}", "", ""],
  conditionField: ["status", "", ""],
  conditionEquals: ["accepted", "", ""],
  conditionMeans: ["accepted", "accepted", "accepted"],
  conditionReason: ["", "", ""],
  claimTypes: ["PFAS"],
  perDay: "1",
  timeZone: "America/Chicago",
  schedule: "always",
  priority: "10",
  weight: "1",
  ...overrides,
});

interface TestLeadView {
  testLead: { ok: true; accepted: boolean; status: number | null; body: string | null; leadId: string; caseType: string; error: string | null } | { ok: false; message: string };
}

async function saveBuyer(overrides: Record<string, string | string[]> = {}): Promise<string> {
  const saved = await app.formAction(undefined, form(receiver.url, overrides));
  expect(saved.status, JSON.stringify(saved.data)).toBe(302);
  return new URL(saved.headers.get("location")!, "http://x").searchParams.get("saved")!;
}

describe("send a test lead", () => {
  it("posts a lead marked as a test through the buyer's mapping and credentials, and shows the answer", async () => {
    const buyerId = await saveBuyer();
    const deliveriesBefore = await app.db.selectFrom("deliveries").select("id").execute();
    const leadsBefore = await app.db.selectFrom("leads").select("id").execute();
    const reportBefore = (await app.buyers.report()).find((entry) => entry.buyerId === buyerId);

    const answer = await app.formAction(buyerId, { intent: "send-test-lead" });
    expect(answer.status).toBe(200);
    const { testLead } = answer.data as TestLeadView;
    expect(testLead).toMatchObject({ ok: true, accepted: true, status: 200, caseType: "PFAS" });
    if (!testLead.ok) throw new Error("not sent");
    expect(testLead.leadId).toMatch(/^test_/);
    expect(testLead.body).toContain("buyer-ref-77");

    const request = receiver.received.at(-1)!;
    expect(request.headers["x-api-key"]).toBe(SECRET);
    expect(JSON.parse(request.body)).toEqual({ first_name: "Test", last_name: "Lead", email: "test@example.com", claim: "PFAS" });

    // Nothing sold, nothing saved, no cap used.
    expect(await app.db.selectFrom("deliveries").select("id").execute()).toHaveLength(deliveriesBefore.length);
    expect(await app.db.selectFrom("leads").select("id").execute()).toHaveLength(leadsBefore.length);
    expect((await app.buyers.report()).find((entry) => entry.buyerId === buyerId)).toEqual(reportBefore);

    const audit = await app.db.selectFrom("audit_log").selectAll().where("action", "=", "send-test-lead").orderBy("at", "desc").executeTakeFirstOrThrow();
    expect(audit.target_id).toBe(buyerId);
    expect(JSON.parse(audit.detail)).toMatchObject({ accepted: true, status: 200, leadId: testLead.leadId });
    expect(audit.detail).not.toContain(SECRET);
  });

  it("shows a refusal as the buyer's acceptance rule reads it, with the start of the body", async () => {
    const buyerId = await saveBuyer({ name: "Picky Law" });
    receiver.respondNext({ status: 200, json: { status: "rejected", reason: "duplicate phone".repeat(100) } });
    const { testLead } = (await app.formAction(buyerId, { intent: "send-test-lead" })).data as TestLeadView;
    expect(testLead).toMatchObject({ ok: true, accepted: false, status: 200 });
    if (!testLead.ok) throw new Error("not sent");
    expect(testLead.body!.length).toBeLessThanOrEqual(500);
    expect(testLead.body).toContain('"status":"rejected"');

    receiver.respondNext({ status: 500, text: "upstream exploded" });
    const failed = ((await app.formAction(buyerId, { intent: "send-test-lead" })).data as TestLeadView).testLead;
    expect(failed).toMatchObject({ ok: true, accepted: false, status: 500, body: "upstream exploded" });
  });

  it("is only for operators who may change buyers", async () => {
    const buyerId = await saveBuyer({ name: "Guarded Law" });
    const sent = receiver.received.length;
    const anonymous = await app.formAction(buyerId, { intent: "send-test-lead" }, null);
    expect([302, 303, 401, 403]).toContain(anonymous.status);
    expect(receiver.received).toHaveLength(sent);
  });
});
