import { gzipSync } from "node:zlib";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueBuyerApiKey } from "../../server/distribution/buyers/buyer-api-key";
import { createBuyerStore } from "../../server/distribution/buyers/buyer-store";
import { createCertificateService } from "../../server/certificates/certificate-service";
import { issueSupplierKey, revokeSupplierKey } from "../../server/suppliers/supplier-keys";
import { updateSupplier, findSupplier } from "../../server/suppliers/supplier-store";
import { startApiApp } from "../support/api-app";
import { mvaAnswers } from "#claims/mva/examples";
import { buyerInput } from "../support/routing-fixtures";
import { leadOfCertificate, markLeadSentTo } from "../support/sent-leads";
import { createTestSupplier } from "../../tools/suppliers";

// Issue 26 (docs/decisions/046): no lead enters the API without a known supplier, and certificates say
// whose word the consent is. Both of the lead API's paths are asked: the plain request (answered before
// Express) and a gzip-encoded one (Express's route).
type Api = Awaited<ReturnType<typeof startApiApp>>;
let api: Api;
let person = 0;
const someone = () => {
  person += 1;
  return { em: `supplier-${person}@example.com`, ph: `(415) 555-${String(2000 + person).padStart(4, "0")}` };
};
const leadCount = async () => Number((await api.db.selectFrom("leads").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

/** The same lead on both paths: [plain, gzip]. */
async function postBoth(headers: Record<string, string>, body: unknown = mvaAnswers(someone()), slug = "mva") {
  const plain = await fetch(`${api.url}/api/leads/${slug}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  const gzipped = await fetch(`${api.url}/api/leads/${slug}`, {
    method: "POST",
    headers: { "content-type": "application/json", "content-encoding": "gzip", ...headers },
    body: gzipSync(JSON.stringify(body)),
  });
  return [plain, gzipped] as const;
}

beforeAll(async () => {
  api = await startApiApp({ LEAD_RATE_LIMIT_PER_HOUR: "0" });
});
afterAll(() => api?.close());

describe("supplier keys on POST /api/leads/:caseType", () => {
  it("answers 401 without a key, or with a wrong one, before reading the body, on both paths, and saves nothing", async () => {
    const before = await leadCount();
    for (const headers of [{} as Record<string, string>, { authorization: "Bearer lsk_wrongwrongwrongwrongwrongwrongwrongwrongwro" }, { authorization: "Basic abc" }]) {
      for (const response of await postBoth(headers, "{not json")) {
        expect(response.status).toBe(401);
        expect(response.headers.get("www-authenticate")).toMatch(/^Bearer realm="suppliers"/);
        expect((await response.json()).error).toMatch(/supplier key/);
      }
    }
    expect(await leadCount()).toBe(before);
  });

  it("refuses a revoked key and the old key after rotation, and takes the new one", async () => {
    const supplier = await createTestSupplier(api.db, { name: "Rotating Leads" });
    const newKey = (await issueSupplierKey(api.db, supplier.id))!;
    for (const response of await postBoth(supplier.headers)) expect(response.status).toBe(401);
    for (const response of await postBoth({ authorization: `Bearer ${newKey}` })) expect(response.status).toBe(201);
    await revokeSupplierKey(api.db, supplier.id);
    for (const response of await postBoth({ authorization: `Bearer ${newKey}` })) expect(response.status).toBe(401);
  });

  it("answers a paused supplier 403 with a clear message, whatever the claim, and a claim it may not send 403", async () => {
    const supplier = await createTestSupplier(api.db, { name: "Paused Leads", claimSlugs: ["mva"] });
    for (const response of await postBoth(supplier.headers, mvaAnswers(someone()), "pfas")) {
      expect(response.status).toBe(403);
      expect((await response.json()).error).toMatch(/may not send 'pfas' leads/);
    }
    const row = (await findSupplier(api.db, supplier.id))!;
    await updateSupplier(api.db, supplier.id, { ...row, status: "paused" });
    for (const slug of ["mva", "pfas"]) {
      for (const response of await postBoth(supplier.headers, mvaAnswers(someone()), slug)) {
        expect(response.status).toBe(403);
        expect((await response.json()).error).toMatch(/paused/);
      }
    }
  });

  it("takes exactly its daily cap of concurrent leads, then answers 429", async () => {
    const CAP = 5;
    const supplier = await createTestSupplier(api.db, { name: "Capped Leads", dailyCap: CAP });
    const responses = await Promise.all(Array.from({ length: 12 }, () => api.post("/api/leads/mva", mvaAnswers(someone()), supplier.headers)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(CAP);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - CAP);
    const saved = await api.db.selectFrom("leads").select((eb) => eb.fn.countAll().as("n")).where("supplier_id", "=", supplier.id).executeTakeFirstOrThrow();
    expect(Number(saved.n)).toBe(CAP);
  });

  it("stores the supplier and source 'api' on its leads, and rejects malformed evidence with 400", async () => {
    const response = await api.post("/api/leads/mva", mvaAnswers(someone()));
    const lead = await api.db.selectFrom("leads").select(["supplier_id", "source"]).where("id", "=", (await response.json()).leadId).executeTakeFirstOrThrow();
    expect(lead).toEqual({ supplier_id: api.supplier.id, source: "api" });
    const bad = await api.post("/api/leads/mva", mvaAnswers({ ...someone(), consentEvidence: { certificateUrl: "https://cert.trustedform.com/xyz" } }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors).toHaveProperty(["consentEvidence.certificateUrl"]);
  });
});

describe("certificates of supplier leads", () => {
  it("say 'supplier-asserted' with the supplier's name and evidence in the page's view, the JWS and the match API; never our consent step", async () => {
    const supplier = await createTestSupplier(api.db, { name: "Evidence Leads" });
    const trustedForm = `https://cert.trustedform.com/${"ab12".repeat(10)}`;
    const evidence = { certificateUrl: trustedForm, pageUrl: "https://partner.example/form", consentText: "I agree to be called by Evidence Leads' partners.", consentedAt: "2026-11-27T05:00:00Z" };
    const response = await api.post("/api/leads/mva", mvaAnswers({ ...someone(), consentEvidence: evidence }), supplier.headers);
    expect(response.status).toBe(201);
    const certificateId = new URL((await response.json()).certificateUrl).searchParams.get("cert")!;

    const view = (await createCertificateService(api.db).verify(certificateId))!;
    expect(view.consent_kind).toBe("supplier-asserted");
    expect(view.supplierAssertion).toEqual({
      supplierName: "Evidence Leads",
      certificateProvider: "trustedform",
      certificate: trustedForm,
      pageUrl: evidence.pageUrl,
      consentText: evidence.consentText,
      consentedAt: "2026-11-27T05:00:00.000Z",
    });
    expect(view.consentText).toBe(evidence.consentText);
    expect(view.consentTextVersion).toBeNull();

    const jws = await (await fetch(`${api.url}/api/certificates/${certificateId}`)).text();
    const claims = decodeJwt(jws);
    expect(claims.consent_kind).toBe("supplier-asserted");
    expect((claims.supplierAssertion as { supplierName: string }).supplierName).toBe("Evidence Leads");

    const created = await createBuyerStore(api.db, null).create(buyerInput("Kind Law", {}, { active: false }));
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    const buyerKey = (await issueBuyerApiKey(api.db, created.buyer.id))!;
    await markLeadSentTo(api.db, await leadOfCertificate(api.db, certificateId), created.buyer.id);
    const match = await api.post(`/api/certificates/${certificateId}/match`, { phone: "+14155550000" }, { authorization: `Bearer ${buyerKey}` });
    expect(match.status).toBe(200);
    expect(await match.json()).toEqual({ phone: false, consent_kind: "supplier-asserted" });
  });

  it("keeps 'first-party-form' for our own forms' leads (the lead service without a supplier)", async () => {
    const { createLeadService } = await import("../../server/leads/submit-lead");
    const { createLogger } = await import("../../server/logger");
    const leads = createLeadService({ db: api.db, logger: createLogger("silent"), siteUrl: api.config.siteUrl, site: api.config.site, leadRateLimitPerHour: 0 });
    const result = await leads.submit("mva", mvaAnswers(someone()), { ip: null, userAgent: null, pageUrl: null, attribution: null, consentPage: null });
    if (result.status !== "created") throw new Error(result.status);
    const view = (await createCertificateService(api.db).verify(result.certificateId!))!;
    expect(view.consent_kind).toBe("first-party-form");
    expect(view.supplierAssertion).toBeNull();
    const lead = await api.db.selectFrom("leads").select(["supplier_id", "source"]).where("id", "=", result.leadId).executeTakeFirstOrThrow();
    expect(lead).toEqual({ supplier_id: null, source: "web_form" });
  });
});
