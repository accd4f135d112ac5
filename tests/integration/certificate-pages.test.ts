import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CertificateChecksSection } from "../../app/admin/certificate-checks-section";
import { CertificateSignatureSection } from "../../app/components/certificate-signature";
import { PAGE_MESSAGES } from "../../app/i18n/page-messages";
import { loader as verifyLoader } from "../../app/routes/verify-certificate";
import { buyerByApiKey, issueBuyerApiKey } from "../../server/distribution/buyers/buyer-api-key";
import type { CertificateCheck } from "../../server/certificates/certificate-match";
import type { CertificateSignature } from "../../server/certificates/certificate-service";
import { startBuyerPages, type BuyerPages } from "../support/buyer-pages";
import { startConsole, type ConsoleRoutes } from "../support/console-leads";
import { routeArgs, settled, TEST_SITE_URL } from "../support/load-context";
import { buyerInput } from "../support/routing-fixtures";
import { markLeadSentTo } from "../support/sent-leads";

// What people see of signed certificates and the match API: the public certificate page's signature,
// the checks on the operator's lead page, and the API key section of the buyer's page, through the
// routes' loaders and actions on a real database.

describe("the certificate page and the lead page", () => {
  let app: ConsoleRoutes;
  beforeAll(async () => {
    app = await startConsole();
  });
  afterAll(() => app?.close());

  const certificateOf = async (leadId: string) =>
    (await app.db.selectFrom("leads").select("certificate_id").where("id", "=", leadId).executeTakeFirstOrThrow()).certificate_id!;

  it("shows that the certificate is signed: the algorithm, the key ID of the JWKS, and links to the JWS and the keys", async () => {
    const certificateId = await certificateOf(await app.makeLead({ email: "page.signed@example.com", phone: "(415) 555-0120" }));
    const answer = await settled(verifyLoader(routeArgs(new Request(`${TEST_SITE_URL}/verify-trustedforms-pro?cert=${certificateId}`), app.context())));
    expect(answer.status).toBe(200);
    const { signature } = (answer.data as { certificate: { signature: CertificateSignature } }).certificate;
    const { keys } = await app.services.certificateSigning.jwks();
    expect(signature).toEqual({
      alg: "EdDSA",
      kid: keys[0]!.kid,
      typ: "consent-certificate+jwt",
      issuer: TEST_SITE_URL,
      jwsUrl: `${TEST_SITE_URL}/api/certificates/${certificateId}`,
      jwksUrl: `${TEST_SITE_URL}/.well-known/jwks.json`,
    });

    const html = renderToStaticMarkup(CertificateSignatureSection({ signature, certificateId, t: PAGE_MESSAGES.en }));
    expect(html).toContain("Digital signature");
    expect(html).toContain(`href="${TEST_SITE_URL}/api/certificates/${certificateId}"`);
    expect(html).toContain(`href="${TEST_SITE_URL}/.well-known/jwks.json"`);
    expect(html).toContain(keys[0]!.kid);
    expect(html).toContain("How to check it");
  });

  it("lists on the lead's page which buyers checked its certificate, when, and what they were told", async () => {
    const leadId = await app.makeLead({ email: "Checked.Lead@example.com", phone: "(415) 555-0134" });
    const certificateId = await certificateOf(leadId);
    const acme = await app.services.buyers.create(buyerInput("Acme Law", {}, { active: false }));
    const bolt = await app.services.buyers.create(buyerInput("Bolt Legal", {}, { active: false }));
    if (!acme.ok || !bolt.ok) throw new Error("buyers not created");

    const empty = (await app.leadPage(leadId)).data as { lead: { certificateChecks: CertificateCheck[] } };
    expect(empty.lead.certificateChecks).toEqual([]);

    // A buyer may check only certificates of leads it was sent (issue 25): both were sent this one.
    await markLeadSentTo(app.db, leadId, acme.buyer.id);
    await markLeadSentTo(app.db, leadId, bolt.buyer.id, { delivered: false });
    const { check } = app.services.certificateMatches;
    expect(await check(certificateId, acme.buyer.id, { email: "checked.lead@example.com ", phone: "+14155550134" })).toEqual({
      status: "matched",
      result: { email: true, phone: true, consent_kind: "first-party-form" },
    });
    expect(await check(certificateId, bolt.buyer.id, { phone: "(415) 555-0199" })).toEqual({ status: "matched", result: { phone: false, consent_kind: "first-party-form" } });
    // Another lead's certificate, checked too: not this lead's record.
    const other = await app.makeLead({ email: "other@example.com" });
    await markLeadSentTo(app.db, other, acme.buyer.id);
    await check(await certificateOf(other), acme.buyer.id, { email: "other@example.com" });

    const page = await app.leadPage(leadId);
    expect(page.status).toBe(200);
    const { lead } = page.data as { lead: { certificateChecks: CertificateCheck[]; timeZone: string } };
    expect(lead.certificateChecks.map(({ buyer, email, phone }) => ({ buyer, email, phone }))).toEqual([
      { buyer: "Acme Law", email: true, phone: true },
      { buyer: "Bolt Legal", email: null, phone: false },
    ]);
    expect(JSON.stringify(lead.certificateChecks)).not.toContain("555-0199");

    const html = renderToStaticMarkup(CertificateChecksSection({ checks: lead.certificateChecks, timeZone: lead.timeZone }));
    expect(html).toContain("Certificate checks");
    expect(html.match(/data-testid="certificate-check"/g)).toHaveLength(2);
    expect(html).toMatch(/Acme Law<\/td><td[^>]*>match<\/td><td[^>]*>match</);
    expect(html).toMatch(/Bolt Legal<\/td><td[^>]*>not asked<\/td><td[^>]*>no match</);
  });
});

describe("the buyer page's API key", () => {
  let app: BuyerPages;
  let buyerId: string;
  beforeAll(async () => {
    app = await startBuyerPages();
    const created = await app.buyers.create(buyerInput("Acme Law", {}, { active: false }));
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    buyerId = created.buyer.id;
  });
  afterAll(() => app?.close());

  type KeyAnswer = { apiKey: { confirm?: { question: string; label: string; fields: Record<string, string> }; issued?: string; revoked?: true } };
  const keyAction = async (intent: string, confirmed: boolean, cookie?: string | null) =>
    app.formAction(buyerId, { intent, ...(confirmed ? { confirmed: "yes" } : {}) }, cookie);
  const shownKey = async () => ((await app.formPage(buyerId)).data as { buyer: { apiKey: { prefix: string; createdAt: string } | null } }).buyer.apiKey;

  it("issues a key after a confirmation, shows it once, then only its prefix and date; the key works with the API", async () => {
    expect(await shownKey()).toBeNull();
    const asked = await keyAction("issue-api-key", false);
    expect(asked.status).toBe(200);
    expect((asked.data as KeyAnswer).apiKey.confirm).toEqual({
      question: "Issue an API key for this buyer? It lets the buyer check certificates with the match API.",
      fields: { intent: "issue-api-key" },
      label: "Issue a key",
    });
    expect(await shownKey()).toBeNull();

    const issued = (await keyAction("issue-api-key", true)).data as KeyAnswer;
    const key = issued.apiKey.issued!;
    expect(key).toMatch(/^lpk_[A-Za-z0-9_-]{43}$/);
    expect(await buyerByApiKey(app.db, key)).toEqual({ id: buyerId, name: "Acme Law" });

    const page = await app.formPage(buyerId);
    expect((page.data as { buyer: { apiKey: unknown } }).buyer.apiKey).toEqual({ prefix: key.slice(0, 10), createdAt: expect.any(String) });
    expect(JSON.stringify(page.data)).not.toContain(key);
  });

  it("replaces the key (the old one stops working) and revokes it, each after a confirmation, leaving the buyer's settings alone", async () => {
    const before = await app.buyers.get(buyerId);
    const old = (await issueBuyerApiKey(app.db, buyerId))!;
    const asked = (await keyAction("issue-api-key", false)).data as KeyAnswer;
    expect(asked.apiKey.confirm).toMatchObject({ question: "Replace this buyer's API key? The current key stops working at once.", label: "Replace the key" });
    expect(await buyerByApiKey(app.db, old)).not.toBeNull();

    const replaced = ((await keyAction("issue-api-key", true)).data as KeyAnswer).apiKey.issued!;
    expect(replaced).not.toBe(old);
    expect(await buyerByApiKey(app.db, old)).toBeNull();
    expect(await buyerByApiKey(app.db, replaced)).not.toBeNull();
    expect((await shownKey())!.prefix).toBe(replaced.slice(0, 10));

    expect(((await keyAction("revoke-api-key", false)).data as KeyAnswer).apiKey.confirm).toMatchObject({ label: "Revoke the key" });
    expect(await buyerByApiKey(app.db, replaced)).not.toBeNull();
    expect(((await keyAction("revoke-api-key", true)).data as KeyAnswer).apiKey).toEqual({ revoked: true });
    expect(await buyerByApiKey(app.db, replaced)).toBeNull();
    expect(await shownKey()).toBeNull();

    const after = await app.buyers.get(buyerId);
    expect({ ...after, apiKey: null }).toEqual({ ...before, apiKey: null });
  });

  it("lets nobody without the operator's session issue or revoke a key", async () => {
    const key = (await issueBuyerApiKey(app.db, buyerId))!;
    for (const cookie of [null, "__Host-admin_session=forged.AAAA"]) {
      expect((await keyAction("issue-api-key", true, cookie)).status).toBe(401);
      expect((await keyAction("revoke-api-key", true, cookie)).status).toBe(401);
    }
    expect(await buyerByApiKey(app.db, key)).toEqual({ id: buyerId, name: "Acme Law" });
  });
});
