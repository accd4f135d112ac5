import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { allFields } from "#claims/engine/form-values";
import { claims } from "#claims/registry";
import { startConsole, type ConsoleRoutes } from "../support/console-leads";
import { startFakeReceiver } from "../support/fake-receiver";
import { TEST_SITE_URL } from "../support/load-context";

// The lead page (/admin/leads/:leadId) through its loader, and the console refusing anyone without
// the operator's session: every page, every action and the export.

interface LeadView {
  lead: {
    id: string;
    createdAt: string;
    caseType: string;
    answers: Array<{ name: string; question: string; answer: string }>;
    contact: Record<string, string | null>;
    consent: { given: boolean; text: string | null; at: string | null; certificateId: string | null; certificateUrl: string | null; pageUrl: string | null };
    request: { ip: string | null; userAgent: string | null; source: string | null };
    attribution: Record<string, string> | null;
    deliveries: Array<{ id: string; target: string; status: string; log: Array<{ status: number | null; durationMs: number; error: string | null; responseBody: string | null }> }>;
  };
}

let app: ConsoleRoutes;
beforeAll(async () => {
  app = await startConsole();
});
beforeEach(() => app.clearLeads());
afterAll(() => app?.close());

const leadView = async (leadId: string) => {
  const answer = await app.leadPage(leadId);
  expect(answer.status).toBe(200);
  return (answer.data as LeadView).lead;
};

describe("anonymous requests", () => {
  const forged = "__Host-admin_session=forged.AAAA";

  it.each([null, forged])("are sent to the login page from the list and a lead's page (cookie: %s)", async (cookie) => {
    const leadId = await app.makeLead();
    const list = await app.listPage("?q=jose&claim=MVA", cookie);
    expect(list.status).toBe(302);
    expect(list.headers.get("location")).toBe("/admin/login?next=%2Fadmin%2Fleads%3Fq%3Djose%26claim%3DMVA");
    const page = await app.leadPage(leadId, cookie);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(`/admin/login?next=${encodeURIComponent(`/admin/leads/${leadId}`)}`);
  });

  it.each([null, forged])("are refused with 401 by every action and the export, which change and record nothing (cookie: %s)", async (cookie) => {
    await app.services.settings.saveWebhookUrl("http://127.0.0.1:9/hook");
    const leadId = await app.makeLead();
    await app.setDeliveryStatus(leadId, "webhook", "dead");
    const { id: deliveryId } = await app.deliveryOf(leadId);
    const answers = [
      await app.leadAction(leadId, { intent: "resend", deliveryId, confirmed: "yes" }, cookie),
      await app.leadAction(leadId, { intent: "mark-spam", confirmed: "yes" }, cookie),
      await app.leadAction(leadId, { intent: "mark-not-spam", confirmed: "yes" }, cookie),
      await app.listAction({ intent: "resend-filtered", target: "webhook", confirmed: "yes" }, cookie),
      await app.exportResponse("", cookie),
      await app.leadAction(leadId, { intent: "reroute", to: "next", confirmed: "yes" }, cookie),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(await app.deliveryOf(leadId)).toMatchObject({ status: "dead" });
    expect(await app.db.selectFrom("leads").select("is_spam").where("id", "=", leadId).executeTakeFirstOrThrow()).toEqual({ is_spam: 0 });
    expect(await app.consoleActions()).toEqual([]);
  });
});

describe("/admin/leads/:leadId", () => {
  it("answers an unknown lead with 404", async () => {
    expect((await app.leadPage("00000000-0000-0000-0000-000000000000")).status).toBe(404);
  });

  it.each(claims.map((claim) => [claim.slug, claim] as const))(
    "shows a %s lead's every answer as the question the visitor saw, with option labels",
    async (slug, claim) => {
      const leadId = await app.makeLead({ claim: slug, firstName: "Zoë", lastName: "Ångström", email: "zoe@example.org", phone: "(415) 555-0134", state: "CO" });
      const lead = await leadView(leadId);
      const fields = allFields(claim);
      expect(lead.answers.map((a) => [a.name, a.question])).toEqual(fields.map((field) => [field.name, field.label]));
      for (const field of fields) {
        const { answer } = lead.answers.find((a) => a.name === field.name)!;
        if (field.kind === "consent") expect(answer).toBe("Agreed");
        else if (field.options) expect(answer, field.name).toMatch(labelsOf(field.options));
        else expect(answer, field.name).not.toMatch(/^$|undefined|object Object/);
      }
      expect(lead.contact).toEqual({ firstName: "Zoë", lastName: "Ångström", email: "zoe@example.org", phone: "4155550134", state: "CO" });
    },
  );

  it("shows the consent as given (its exact text, time and certificate), the request and the attribution", async () => {
    const claim = claims.find((c) => c.slug === "mva")!;
    const attribution = { utm_source: "google", utm_campaign: "spring", gclid: "g-1", landing_page: "/mva?utm_source=google" };
    const leadId = await app.makeLead({
      at: "2026-05-05T10:00:00.000Z",
      ip: "198.51.100.23",
      userAgent: "Mozilla/5.0 (ConsoleTest)",
      pageUrl: `${TEST_SITE_URL}/mva-form`,
      attribution,
    });
    const lead = await leadView(leadId);
    expect(lead.createdAt).toBe("2026-05-05T10:00:00.000Z");
    expect(lead.consent).toEqual({
      given: true,
      text: claim.consentText(app.config.site),
      at: "2026-05-05T10:00:00.000Z",
      certificateId: expect.stringMatching(/^tfp_/),
      certificateUrl: `${TEST_SITE_URL}/verify-trustedforms-pro?cert=${lead.consent.certificateId}`,
      pageUrl: `${TEST_SITE_URL}/mva-form`,
    });
    expect(lead.request).toEqual({ ip: "198.51.100.23", userAgent: "Mozilla/5.0 (ConsoleTest)", source: "web_form", supplier: null });
    expect(lead.attribution).toEqual(attribution);
  });
});

/** One option label, or (for a checkbox group) several joined by ', '. */
function labelsOf(options: ReadonlyArray<{ label: string }>) {
  const label = `(${options.map((o) => o.label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`;
  return new RegExp(`^${label}(, ${label})*$`);
}

describe("a delivery's attempts on the lead page", () => {
  // Bodies longer than 2 KB whose 2,048th byte is inside a character of two, three or four bytes.
  it.each([
    ["two-byte", `x${"é".repeat(1500)}`],
    ["three-byte", `${"山".repeat(1000)}`],
    ["four-byte", `xx${"😀".repeat(600)}`],
    ["ASCII", "a".repeat(5000)],
  ])("show the first 2 KB of a long answer with %s characters: a true prefix of at most 2,048 bytes", async (_kind, body) => {
    const receiver = await startFakeReceiver({ status: 422, text: body });
    try {
      await app.services.settings.saveWebhookUrl(receiver.url);
      const leadId = await app.makeLead();
      await app.services.deliveryWorker.runOnce();
      const [delivery] = (await leadView(leadId)).deliveries;
      expect(delivery).toMatchObject({ target: "webhook", status: "failed" });
      const [attempt] = delivery!.log;
      expect(attempt).toMatchObject({ status: 422, error: "HTTP 422", durationMs: expect.any(Number) });
      const excerpt = attempt!.responseBody!;
      expect(excerpt).not.toContain("\uFFFD");
      expect(body.startsWith(excerpt)).toBe(true);
      expect(Buffer.byteLength(excerpt)).toBeLessThanOrEqual(2048);
      expect(Buffer.byteLength(excerpt)).toBeGreaterThan(2048 - 4);
    } finally {
      await receiver.close();
    }
  });

  it("show at most 2,048 bytes of an answer that is not UTF-8", async () => {
    const latin1 = Buffer.from("é".repeat(3000), "latin1");
    const receiver = await startFakeReceiver({ status: 422, text: latin1 });
    try {
      await app.services.settings.saveWebhookUrl(receiver.url);
      const leadId = await app.makeLead();
      await app.services.deliveryWorker.runOnce();
      const excerpt = (await leadView(leadId)).deliveries[0]!.log[0]!.responseBody!;
      expect(excerpt).toMatch(/^\uFFFD+$/);
      expect(Buffer.byteLength(excerpt)).toBeLessThanOrEqual(2048);
    } finally {
      await receiver.close();
    }
  });

  it("show a short answer whole, and every attempt with its time, status, duration and error", async () => {
    const receiver = await startFakeReceiver("ok");
    receiver.respondNext({ status: 503, text: "Service unavailable — try later" });
    try {
      await app.services.settings.saveWebhookUrl(receiver.url);
      const leadId = await app.makeLead();
      // The first retry of the default schedule is seconds away: send it now, as the operator would.
      await app.services.deliveryWorker.runOnce();
      const { id } = await app.deliveryOf(leadId);
      await app.leadAction(leadId, { intent: "resend", deliveryId: id, confirmed: "yes" });
      const [delivery] = (await leadView(leadId)).deliveries;
      expect(delivery).toMatchObject({ id, status: "delivered" });
      expect(delivery!.log).toEqual([
        { at: expect.any(String), status: 503, durationMs: expect.any(Number), error: "HTTP 503", responseBody: "Service unavailable — try later" },
        { at: expect.any(String), status: 200, durationMs: expect.any(Number), error: null, responseBody: '{"ok":true}' },
      ]);
    } finally {
      await receiver.close();
    }
  });
});
