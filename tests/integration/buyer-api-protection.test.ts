import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as resultLoader } from "../../app/routes/claim-result";
import { createDashboardRollups } from "../../server/analytics/dashboard-rollups";
import { createFunnelDashboard } from "../../server/analytics/funnel-dashboard";
import { createFunnelEvents, type FunnelVisit } from "../../server/analytics/funnel-events";
import { issueBuyerApiKey } from "../../server/distribution/buyers/buyer-api-key";
import { createBuyerStore } from "../../server/distribution/buyers/buyer-store";
import { NO_SUCH_CERTIFICATE } from "../../server/certificates/certificate-match";
import { REVOCATION_ACCEPTED } from "../../server/http/revocation-route";
import { startApiApp } from "../support/api-app";
import { routeArgs, settled, startRouteServices, TEST_SITE_URL } from "../support/load-context";
import { mvaAnswers } from "#claims/mva/examples";
import { buyerInput } from "../support/routing-fixtures";
import { markLeadPingedTo, markLeadSentTo } from "../support/sent-leads";
import { testDatabaseUrl } from "../support/test-database";

// Issue 25: the buyer APIs reveal nothing about a lead the caller was not sent or pinged with, and
// limit how often a key may ask (items 1 and 3), on a real database shared by two app instances; funnel
// visitors are counted honestly (item 7); the result pages' generic content (item 9); and fuzz over the
// match, revocation and event APIs: never a 5xx, never a disclosure.

type Api = Awaited<ReturnType<typeof startApiApp>>;
let url: string;
let api: Api;
let second: Api;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function newBuyer(name: string) {
  const created = await createBuyerStore(api.db, null).create(buyerInput(name, {}, { active: false }));
  if (!created.ok) throw new Error(JSON.stringify(created.errors));
  return { id: created.buyer.id, key: (await issueBuyerApiKey(api.db, created.buyer.id))! };
}

let phoneCounter = 1000;
async function newLead(phone = `(415) 300-${String(phoneCounter++).padStart(4, "0")}`) {
  const response = await api.post("/api/leads/mva", mvaAnswers({ ph: phone, em: `p${phoneCounter}@example.com` }));
  expect(response.status, await response.clone().text()).toBe(201);
  const { certificateUrl, leadId } = (await response.json()) as { certificateUrl: string; leadId: string };
  return { certificateId: new URL(certificateUrl).searchParams.get("cert")!, leadId, phone };
}

/**
 * Runs `requests` on a clock that starts as a minute begins and then runs as the real one: a key's
 * minute is the clock's (rate-counter.ts), and a busy machine taking seconds over a test's requests
 * must not carry them into the next minute, which would let more through.
 */
async function inOneMinute(requests: () => Promise<void>) {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true, now: Math.ceil(Date.now() / 60_000) * 60_000 });
  try {
    await requests();
  } finally {
    vi.useRealTimers();
  }
}

const match = (on: Api, key: string, certificateId: string, body: unknown) =>
  on.post(`/api/certificates/${encodeURIComponent(certificateId)}/match`, body, { authorization: `Bearer ${key}` });
const revoke = (on: Api, key: string, body: unknown) => on.post("/api/revocations", body, { authorization: `Bearer ${key}` });
/** What a client can see of an answer, but the date. */
const visible = async (response: Response) => ({
  status: response.status,
  body: await response.text(),
  headers: [...response.headers].filter(([name]) => !["date", "content-length", "etag"].includes(name)),
});

beforeAll(async () => {
  url = await testDatabaseUrl("buyer-api-protection");
  api = await startApiApp({ DATABASE_URL: url, LEAD_RATE_LIMIT_PER_HOUR: "0" });
  second = await startApiApp({ DATABASE_URL: url, LEAD_RATE_LIMIT_PER_HOUR: "0" });
  cleanups.push(() => api.close(), () => second.close());
});

describe("the match API (item 1)", () => {
  it("answers a certificate of a lead the buyer was not sent exactly as an unknown one; sent or pinged ones are matched", async () => {
    const buyer = await newBuyer("Match Buyer");
    const sent = await newLead();
    const pinged = await newLead();
    const notSent = await newLead();
    const notAttempted = await newLead();
    await markLeadSentTo(api.db, sent.leadId, buyer.id);
    await markLeadPingedTo(api.db, pinged.leadId, buyer.id);
    await markLeadSentTo(api.db, notAttempted.leadId, buyer.id, { attempts: 0, delivered: false });

    expect(await (await match(api, buyer.key, sent.certificateId, { phone: sent.phone })).json()).toEqual({ phone: true, consent_kind: "supplier-asserted" });
    expect(await (await match(api, buyer.key, pinged.certificateId, { phone: pinged.phone })).json()).toEqual({ phone: true, consent_kind: "supplier-asserted" });
    const unknown = await visible(await match(api, buyer.key, "tfp_1700000000000_abcdefghi", { phone: notSent.phone }));
    expect(unknown).toMatchObject({ status: 404, body: JSON.stringify({ error: NO_SUCH_CERTIFICATE }) });
    for (const other of [notSent, notAttempted]) {
      expect(await visible(await match(api, buyer.key, other.certificateId, { phone: other.phone }))).toEqual(unknown);
      expect(await visible(await match(api, buyer.key, other.certificateId, { phone: "(415) 555-0100" }))).toEqual(unknown);
    }
    // Nothing is recorded for a certificate the buyer may not check.
    const checks = await api.db.selectFrom("certificate_match_checks").select("certificate_id").where("buyer_id", "=", buyer.id).execute();
    expect(checks.map((c) => c.certificate_id).sort()).toEqual([sent.certificateId, pinged.certificateId].sort());
  });

  it("ends an enumeration of 800 phone candidates in 429 with Retry-After before 20 tries, even on the buyer's own lead", async () => {
    const buyer = await newBuyer("Enumerating Buyer");
    const target = await newLead("(415) 300-0799");
    await markLeadSentTo(api.db, target.leadId, buyer.id);
    let tries = 0;
    let last: Response | null = null;
    for (let n = 0; n < 800; n++) {
      tries++;
      // Alternating between two instances: the limit is in the database, not in either process.
      last = await match(n % 2 ? second : api, buyer.key, target.certificateId, { phone: `+1415300${String(n).padStart(4, "0")}` });
      if (last.status === 429) break;
      expect(await last.json()).toEqual({ phone: false, consent_kind: "supplier-asserted" });
    }
    expect(last!.status).toBe(429);
    expect(tries).toBeLessThan(20);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await last!.json()).toEqual({ error: expect.stringContaining("Retry-After") });
    // The right number is refused too, once the day's checks are used.
    expect((await match(api, buyer.key, target.certificateId, { phone: target.phone })).status).toBe(429);
  }, 60_000);

  it("limits one key to 60 checks a minute across instances, whatever the certificates", async () => {
    const buyer = await newBuyer("Busy Buyer");
    const statuses: number[] = [];
    await inOneMinute(async () => {
      for (let n = 0; n < 64; n++) statuses.push((await match(n % 2 ? second : api, buyer.key, `tfp_17000000${String(n).padStart(5, "0")}_abcdefghi`, { email: "a@b.com" })).status);
    });
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(404));
    expect(statuses.slice(60)).toEqual([429, 429, 429, 429]);
    // Another key is not held back.
    const other = await newBuyer("Quiet Buyer");
    expect((await match(api, other.key, "tfp_1700000000000_abcdefghi", { email: "a@b.com" })).status).toBe(404);
  }, 60_000);

  it("counts exactly under concurrency: of 30 checks at once on one certificate, 10 are answered", async () => {
    const buyer = await newBuyer("Concurrent Buyer");
    const target = await newLead();
    await markLeadSentTo(api.db, target.leadId, buyer.id);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => match(n % 2 ? second : api, buyer.key, target.certificateId, { email: "x@example.com" })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  }, 60_000);
});

describe("the revocations API (item 3)", () => {
  it("revokes only the leads sent to the reporting buyer; another buyer's report answers the same and changes nothing", async () => {
    const a = await newBuyer("Revoking A");
    const b = await newBuyer("Revoking B");
    const lead = await newLead();
    await markLeadSentTo(api.db, lead.leadId, b.id);

    const byA = await revoke(api, a.key, { phone: lead.phone });
    const stranger = await revoke(api, a.key, { phone: "(415) 555-0177" });
    expect(await visible(byA)).toEqual(await visible(stranger));
    expect(byA.status).toBe(202);
    const untouched = await api.db.selectFrom("leads").select(["revoked_at"]).where("id", "=", lead.leadId).executeTakeFirstOrThrow();
    expect(untouched.revoked_at).toBeNull();

    const byB = await revoke(second, b.key, { phone: lead.phone });
    expect(await byB.json()).toEqual({ status: "accepted", message: REVOCATION_ACCEPTED });
    const revoked = await api.db.selectFrom("leads").select(["revoked_at"]).where("id", "=", lead.leadId).executeTakeFirstOrThrow();
    expect(revoked.revoked_at).not.toBeNull();
  });

  it("takes a revokedAt between the lead's creation and now; before the lead is a clear 400, for the buyer's own lead only", async () => {
    const buyer = await newBuyer("Dating Buyer");
    const lead = await newLead();
    await markLeadSentTo(api.db, lead.leadId, buyer.id);
    const early = await revoke(api, buyer.key, { phone: lead.phone, revokedAt: "2001-01-01T00:00:00Z" });
    expect(early.status).toBe(400);
    expect(((await early.json()) as { error: string }).error).toMatch(/revokedAt \(2001-01-01T00:00:00.000Z\) is before the lead was created/);
    // A stranger's (or another buyer's) contact with the same date answers as ever: nothing to compare with.
    expect((await revoke(api, buyer.key, { phone: "(415) 555-0178", revokedAt: "2001-01-01T00:00:00Z" })).status).toBe(202);
    expect((await api.db.selectFrom("leads").select("revoked_at").where("id", "=", lead.leadId).executeTakeFirstOrThrow()).revoked_at).toBeNull();
    const at = new Date().toISOString();
    expect((await revoke(api, buyer.key, { phone: lead.phone, revokedAt: at })).status).toBe(202);
    expect((await api.db.selectFrom("leads").select("revoked_at").where("id", "=", lead.leadId).executeTakeFirstOrThrow()).revoked_at).toBe(at);
  });

  it("is limited per contact per key per day and per key per minute, across instances, with Retry-After", async () => {
    const buyer = await newBuyer("Flooding Buyer");
    const statuses: number[] = [];
    const minute: number[] = [];
    let refused: Response | undefined;
    await inOneMinute(async () => {
      for (let n = 0; n < 12; n++) statuses.push((await revoke(n % 2 ? second : api, buyer.key, { email: "same.person@example.com" })).status);
      refused = await revoke(api, buyer.key, { email: "same.person@example.com" });
      for (let n = 0; n < 50; n++) minute.push((await revoke(n % 2 ? second : api, buyer.key, { email: `person${n}@example.com` })).status);
    });
    expect(statuses).toEqual([...Array(10).fill(202), 429, 429]);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    // 13 of the minute's 60 went to the same person above.
    expect(minute.filter((s) => s === 202)).toHaveLength(47);
    expect(minute.slice(47)).toEqual([429, 429, 429]);
  }, 60_000);
});

describe("fuzz over the match, revocation and event APIs", () => {
  it("never answers 5xx, never matches or revokes a lead the buyer was not sent", async () => {
    const buyer = await newBuyer("Fuzzing Buyer");
    const victim = await newLead("(415) 300-0999");
    const victimRow = await api.db.selectFrom("leads").select("revoked_at").where("id", "=", victim.leadId).executeTakeFirstOrThrow();
    expect(victimRow.revoked_at).toBeNull();
    const value = fc.oneof(
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.jsonValue(),
      fc.constantFrom(victim.phone, "+14153000999", `p${phoneCounter - 1}@example.com`, "2001-01-01T00:00:00Z", "\u0000", "%ff", "__proto__"),
    );
    const body = fc.oneof(
      fc.dictionary(fc.constantFrom("phone", "email", "revokedAt", "claim", "step", "__proto__", ""), value).map((v) => JSON.stringify(v)),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({ unit: "binary", maxLength: 80 }),
    );
    const certificateId = fc.oneof(fc.constant(victim.certificateId), fc.string({ maxLength: 40 }), fc.constantFrom("tfp_1700000000000_abcdefghi", "%2e%2e", "..%2f"));
    const request = fc.record({ api: fc.constantFrom("match", "revocation", "event"), certificateId, body });
    await fc.assert(
      fc.asyncProperty(request, async ({ api: which, certificateId: id, body: text }) => {
        const on = Math.random() < 0.5 ? api : second;
        const response =
          which === "match"
            ? await match(on, buyer.key, id, text)
            : which === "revocation"
              ? await revoke(on, buyer.key, text)
              : await fetch(`${on.url}/api/events`, { method: "POST", headers: { "content-type": "text/plain" }, body: text });
        expect(response.status, `${which} ${text}`).toBeLessThan(500);
        const answer = await response.text();
        if (which === "match") expect(response.status, answer).not.toBe(200);
        expect(answer).not.toContain(victim.leadId);
        expect(answer).not.toContain("300-0999");
      }),
      { numRuns: 150, seed: 20261127, endOnFailure: true },
    );
    const after = await api.db.selectFrom("leads").select("revoked_at").where("id", "=", victim.leadId).executeTakeFirstOrThrow();
    expect(after.revoked_at).toBeNull();
  }, 120_000);
});

describe("funnel visitors (item 7)", () => {
  const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
  const visit = (ip: string, n: number): FunnelVisit => ({ ip, userAgent: `${CHROME} build/${n}`, attribution: null });

  it("counts at most the bound of new visitors per address per day across instances, and reports the flood", async () => {
    const at = new Date("2026-11-27T12:00:00.000Z");
    const instances = [1, 2].map(() => createFunnelEvents(api.db, { site: "claims.example", now: () => at, newVisitorsPerAddressPerDay: 5 }));
    const flooding = Array.from({ length: 40 }, (_, n) => instances[n % 2]!.record("mva", { kind: "view" }, visit("198.51.100.50", n)));
    const honest = [instances[0]!.record("mva", { kind: "view" }, visit("198.51.100.51", 0)), instances[1]!.record("mva", { kind: "view" }, visit("198.51.100.52", 0))];
    const results = await Promise.all([...flooding, ...honest]);
    expect(results.slice(0, 40).filter((r) => r === "counted")).toHaveLength(5);
    expect(results.slice(40)).toEqual(["counted", "counted"]);
    // A visitor already counted today keeps being counted at its next funnel points.
    const counted = results.findIndex((r) => r === "counted");
    expect(await instances[1]!.record("mva", { kind: "start" }, visit("198.51.100.50", counted))).toBe("counted");
    expect(await instances[1]!.record("mva", { kind: "start" }, visit("198.51.100.50", 999))).toBe("ignored");

    const daily = await api.db.selectFrom("funnel_daily").select(["kind", "visitors"]).where("day", "=", "2026-11-27").where("claim", "=", "mva").execute();
    expect(Object.fromEntries(daily.map((row) => [row.kind, Number(row.visitors)]))).toEqual({ view: 7, start: 1 });
    const flood = await api.db.selectFrom("funnel_address_days").select(["visitors", "refused"]).where("day", "=", "2026-11-27").where("refused", ">", 0).execute();
    expect(flood.map((row) => [Number(row.visitors), Number(row.refused)])).toEqual([[5, 36]]);
    const dashboard = createFunnelDashboard(api.db, createDashboardRollups(api.db, () => at), { now: () => at, maxAgeMs: 0 });
    expect((await dashboard.read(7)).flood).toEqual({ refusedEvents: 36, addresses: 1 });
  });
});

describe("the result pages without a lead id (item 9)", () => {
  it("show their generic content from the spec, with no reference", async () => {
    const routes = await startRouteServices();
    cleanups.push(() => routes.close());
    for (const [path, heading] of [["/mva-claim/success", "Congratulations!"], ["/mva-claim/sorry", "We're Sorry"]] as const) {
      const answer = await settled(resultLoader(routeArgs(new Request(TEST_SITE_URL + path), routes.context())));
      expect(answer.status, path).toBe(200);
      expect(answer.data).toMatchObject({ slug: "mva", leadId: null, variant: { heading } });
    }
    const unknown = await settled(resultLoader(routeArgs(new Request(`${TEST_SITE_URL}/mva-claim/success?lead=not-a-lead`), routes.context())));
    expect(unknown.status).toBe(404);
  });
});
