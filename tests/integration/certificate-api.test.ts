import { createPublicKey, generateKeyPairSync } from "node:crypto";
import fc from "fast-check";
import { calculateJwkThumbprint, compactVerify, createRemoteJWKSet, decodeProtectedHeader, errors, importJWK, jwtVerify, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueBuyerApiKey, revokeBuyerApiKey } from "../../server/distribution/buyers/buyer-api-key";
import { createBuyerStore } from "../../server/distribution/buyers/buyer-store";
import { CERTIFICATE_JWT_TYPE, JWKS_PATH } from "../../server/certificates/certificate-signing";
import { ConfigError, loadConfig } from "../../server/config";
import { startApiApp } from "../support/api-app";
import { mvaAnswers } from "#claims/mva/examples";
import { createTestSupplier } from "../../tools/suppliers";
import { runSuiteDataClaims, withCopies } from "../support/suite-data-claims";
import { buyerInput } from "../support/routing-fixtures";
import { leadOfCertificate, markLeadSentTo } from "../support/sent-leads";
import { testDatabaseUrl } from "../support/test-database";

// The signed certificate (GET /api/certificates/:id), the keys that check it (GET /.well-known/jwks.json)
// and the buyers' match API (POST /api/certificates/:id/match), over real HTTP on a real database.
// A verifier here trusts nothing but the JWKS it fetched: the database is never read to check a signature.

const SITE_URL = "https://claims.example";
type Api = Awaited<ReturnType<typeof startApiApp>>;

const startApi = (env: Record<string, string> = {}) => startApiApp({ LEAD_RATE_LIMIT_PER_HOUR: "0", SITE_URL, ...env });

async function submitLead(api: Api, answers: Record<string, unknown>, slug = "mva", headers: Record<string, string> = {}): Promise<string> {
  const response = await api.post(`/api/leads/${slug}`, mvaAnswers(answers), headers);
  expect(response.status, await response.clone().text()).toBe(201);
  const { certificateUrl } = (await response.json()) as { certificateUrl: string };
  return new URL(certificateUrl).searchParams.get("cert")!;
}

const jwksOf = (api: Api) => createRemoteJWKSet(new URL(api.url + JWKS_PATH));
const fetchJws = async (api: Api, certificateId: string) => (await fetch(`${api.url}/api/certificates/${certificateId}`)).text();
const verifyAgainstJwks = (api: Api, jws: string, certificateId: string) =>
  jwtVerify(jws, jwksOf(api), { issuer: SITE_URL, subject: certificateId, typ: CERTIFICATE_JWT_TYPE, algorithms: ["EdDSA"] });
const publishedKeys = async (api: Api) => ((await (await fetch(api.url + JWKS_PATH)).json()) as { keys: Array<JWK & { kid: string }> }).keys;

function ed25519Key() {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  return { pem: privateKey.export({ format: "pem", type: "pkcs8" }).toString(), jwk: privateKey.export({ format: "jwk" }), publicKey };
}

// MVA's, and its copies' as data claims (support/suite-data-claims.ts): the certificate is the lead service's, whatever the claim.
describe("the signed certificate", () => {
  let api: Api;
  let forgetDataClaims: () => void;
  /** A supplier made once the data claims are published: a supplier names the claims it may send. */
  let headers: Record<string, string>;
  beforeAll(async () => {
    api = await startApi();
    forgetDataClaims = await runSuiteDataClaims(api.db);
    headers = (await createTestSupplier(api.db)).headers;
  });
  afterAll(async () => {
    forgetDataClaims?.();
    await api?.close();
  });

  describe.each(withCopies("mva").map((claim) => [claim.slug, claim] as const))("of %s", (slug, claim) => {
    let certificateId: string;
    const submit = (answers: Record<string, unknown>) => submitLead(api, answers, slug, headers);
    beforeAll(async () => {
      certificateId = await submit({ em: `jane.signed.${slug}@example.com`, ph: "(415) 555-0134" });
    });

    it("is a compact JWS that verifies against the JWKS fetched over HTTP, with the masked certificate, iss, sub and iat", async () => {
      const response = await fetch(`${api.url}/api/certificates/${certificateId}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/jose/);
      const jws = await response.text();
      expect(jws.split(".")).toHaveLength(3);

      const before = Math.floor(Date.now() / 1000);
      const { payload, protectedHeader } = await verifyAgainstJwks(api, jws, certificateId);
      expect(protectedHeader).toEqual({ alg: "EdDSA", kid: (await publishedKeys(api))[0]!.kid, typ: CERTIFICATE_JWT_TYPE });
      expect(payload).toMatchObject({ iss: SITE_URL, sub: certificateId, certificateId, formType: claim.caseType, ipAddress: "127.0.0.***" });
      expect(payload.iat).toBeGreaterThanOrEqual(before - 5);
      // The same masked data the public page shows, and not the page's counters.
      const answers = new Map((payload.answers as Array<{ label: string; value: string }>).map((a) => [a.value, a.label]));
      expect([...answers.keys()]).toContain("j***@example.com");
      expect([...answers.keys()]).toContain("(***) ***-0134");
      expect(JSON.stringify(payload)).not.toContain("jane.signed");
      expect(JSON.stringify(payload)).not.toContain("555-0134");
      expect(payload).not.toHaveProperty("verificationCount");
    });

    it("publishes only public Ed25519 keys, named by their RFC 7638 thumbprint, for an hour", async () => {
      const response = await fetch(api.url + JWKS_PATH);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
      const { keys } = (await response.json()) as { keys: Array<JWK & { kid: string }> };
      expect(keys).toHaveLength(1);
      const [key] = keys;
      expect(Object.keys(key!).sort()).toEqual(["alg", "crv", "kid", "kty", "use", "x"]);
      expect(key).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig" });
      expect(key!.kid).toBe(await calculateJwkThumbprint({ kty: key!.kty, crv: key!.crv, x: key!.x }));
    });

    it("fails verification when its payload is altered, even by one claim", async () => {
      const [header, payload, signature] = (await fetchJws(api, certificateId)).split(".");
      const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
      for (const altered of [{ ...claims, formType: "PFAS" }, { ...claims, ipAddress: "198.51.100.***" }, { ...claims, iat: claims.iat + 1 }]) {
        const forged = [header, Buffer.from(JSON.stringify(altered)).toString("base64url"), signature].join(".");
        await expect(verifyAgainstJwks(api, forged, certificateId)).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);
      }
      // Nor is another certificate's signature good for this one.
      const other = await submit({ em: "someone.else@example.com", ph: "(415) 555-0199" });
      const [, , otherSignature] = (await fetchJws(api, other)).split(".");
      await expect(verifyAgainstJwks(api, [header, payload, otherSignature].join("."), certificateId)).rejects.toBeInstanceOf(
        errors.JWSSignatureVerificationFailed,
      );
    });

    it("is not counted as a verification: the counter is the public page's", async () => {
      await fetchJws(api, certificateId);
      const row = await api.db.selectFrom("submission_certificates").select(["verification_count", "verified_at"]).where("certificate_id", "=", certificateId).executeTakeFirstOrThrow();
      expect([Number(row.verification_count), row.verified_at]).toEqual([0, null]);
    });

    it.each([
      ["an unknown", "tfp_1700000000000_abcdefghi"],
      ["a malformed", "not-a-certificate"],
      ["an over-long", `tfp_${"9".repeat(500)}`],
    ])("answers %s ID with a 404 JSON error", async (_kind, id) => {
      const response = await fetch(`${api.url}/api/certificates/${encodeURIComponent(id)}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "There is no certificate with this ID." });
    });

    it("refuses other methods with 405", async () => {
      const response = await api.post(`/api/certificates/${certificateId}`, {});
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
    });
  });
});

describe("the signing key", () => {
  it("comes from CERTIFICATE_SIGNING_KEY as a PKCS#8 PEM or a private JWK, and the JWS verifies with that public key alone", async () => {
    const key = ed25519Key();
    const publicJwk = key.publicKey.export({ format: "jwk" });
    const kid = await calculateJwkThumbprint(publicJwk);
    for (const value of [key.pem, JSON.stringify(key.jwk), key.pem.replace(/\n/g, "\\n")]) {
      const api = await startApi({ CERTIFICATE_SIGNING_KEY: value });
      try {
        const certificateId = await submitLead(api, {});
        const jws = await fetchJws(api, certificateId);
        expect(decodeProtectedHeader(jws).kid).toBe(kid);
        const { payload } = await compactVerify(jws, await importJWK(publicJwk, "EdDSA"));
        expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({ sub: certificateId });
        expect((await publishedKeys(api)).map((k) => k.kid)).toEqual([kid]);
      } finally {
        await api.close();
      }
    }
    // It starts several app instances, each migrating a new database: more than 5 s on a busy machine.
  }, 30_000);

  it("refuses at start-up anything but an Ed25519 private key, naming the variable and not echoing the value", () => {
    const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    const publicOnly = JSON.stringify(createPublicKey(ed25519Key().pem).export({ format: "jwk" }));
    for (const value of ["not a key", rsa, publicOnly, '{"kty":"OKP","crv":"Ed25519","x":"AAAA","d":"BBBB"}']) {
      let thrown: unknown;
      try {
        loadConfig({ CERTIFICATE_SIGNING_KEY: value });
      } catch (error) {
        thrown = error;
      }
      expect(thrown, value.slice(0, 20)).toBeInstanceOf(ConfigError);
      expect((thrown as Error).message).toMatch(/CERTIFICATE_SIGNING_KEY: must be an Ed25519 private key/);
      expect((thrown as Error).message).not.toContain(value.slice(40, 80) || value);
    }
  });

  it("is generated once and kept: a second instance and a restart on the same database sign with the same key", async () => {
    const DATABASE_URL = await testDatabaseUrl("cert-keys");
    const first = await startApi({ DATABASE_URL });
    const second = await startApi({ DATABASE_URL });
    let certificateId: string;
    let jws: string;
    try {
      certificateId = await submitLead(first, { em: "kept.key@example.com", ph: "(415) 555-0111" });
      jws = await fetchJws(first, certificateId);
      const [firstKeys, secondKeys] = await Promise.all([publishedKeys(first), publishedKeys(second)]);
      expect(firstKeys).toHaveLength(1);
      expect(secondKeys).toEqual(firstKeys);
      expect(decodeProtectedHeader(await fetchJws(second, certificateId)).kid).toBe(firstKeys[0]!.kid);
      await verifyAgainstJwks(second, jws, certificateId);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }

    const restarted = await startApi({ DATABASE_URL });
    try {
      await verifyAgainstJwks(restarted, jws, certificateId);
      expect(decodeProtectedHeader(await fetchJws(restarted, certificateId)).kid).toBe(decodeProtectedHeader(jws).kid);
    } finally {
      await restarted.close();
    }

    // Rotation: the site now signs with a configured key, and the generated key stays published, so a
    // certificate fetched before the change still verifies against the JWKS.
    const configured = ed25519Key();
    const rotated = await startApi({ DATABASE_URL, CERTIFICATE_SIGNING_KEY: configured.pem });
    try {
      const keys = await publishedKeys(rotated);
      expect(keys.map((k) => k.kid)).toEqual([await calculateJwkThumbprint(configured.publicKey.export({ format: "jwk" })), decodeProtectedHeader(jws).kid]);
      await verifyAgainstJwks(rotated, jws, certificateId);
      const fresh = await fetchJws(rotated, certificateId);
      expect(decodeProtectedHeader(fresh).kid).toBe(keys[0]!.kid);
      await verifyAgainstJwks(rotated, fresh, certificateId);
    } finally {
      await rotated.close();
    }
    // It starts several app instances, each migrating a new database: more than 5 s on a busy machine.
  }, 30_000);
});

describe("POST /api/certificates/:id/match", () => {
  let api: Api;
  let certificateId: string;
  let buyerId: string;
  let key: string;
  const match = (body: unknown, headers: Record<string, string> = { authorization: `Bearer ${key}` }, id = certificateId) =>
    api.post(`/api/certificates/${encodeURIComponent(id)}/match`, body, headers);
  const checks = () => api.db.selectFrom("certificate_match_checks").selectAll().orderBy("checked_at").orderBy("id").execute();

  beforeAll(async () => {
    // The limits are the subject of the tests below; these check answers a hundred times over.
    api = await startApi({ BUYER_API_CHECKS_PER_MINUTE: "100000", BUYER_API_CHECKS_PER_SUBJECT_PER_DAY: "100000" });
    certificateId = await submitLead(api, { em: "A@B.com ", ph: "(415) 555-0134" });
    const created = await createBuyerStore(api.db, null).create(buyerInput("Acme Law", {}, { active: false }));
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    buyerId = created.buyer.id;
    key = (await issueBuyerApiKey(api.db, buyerId))!;
    await markLeadSentTo(api.db, await leadOfCertificate(api.db, certificateId), buyerId);
  });
  afterAll(() => api?.close());

  it("matches the lead's e-mail and phone whatever their formatting, and records the check with the buyer but not the values", async () => {
    await api.db.deleteFrom("certificate_match_checks").execute();
    const cases: Array<[Record<string, string>, Record<string, boolean>]> = [
      [{ email: "a@b.com", phone: "+14155550134" }, { email: true, phone: true }],
      [{ email: " A@B.COM " }, { email: true }],
      [{ phone: "(415) 555-0134" }, { phone: true }],
      [{ phone: "415.555.0134" }, { phone: true }],
      [{ phone: "1 415 555 0134" }, { phone: true }],
      [{ email: "a@b.co", phone: "(415) 555-0135" }, { email: false, phone: false }],
      [{ email: "b@a.com", phone: "+14155550134" }, { email: false, phone: true }],
    ];
    for (const [body, expected] of cases) {
      const response = await match(body);
      expect(response.status, JSON.stringify(body)).toBe(200);
      expect(await response.json(), JSON.stringify(body)).toEqual({ ...expected, consent_kind: "supplier-asserted" });
    }
    // The X-Api-Key header works too.
    expect(await (await match({ email: "a@b.com" }, { "x-api-key": key })).json()).toEqual({ email: true, consent_kind: "supplier-asserted" });

    const rows = await checks();
    expect(rows.map((r) => [r.certificate_id, r.buyer_id, r.email_matched, r.phone_matched])).toEqual([
      [certificateId, buyerId, 1, 1],
      [certificateId, buyerId, 1, null],
      [certificateId, buyerId, null, 1],
      [certificateId, buyerId, null, 1],
      [certificateId, buyerId, null, 1],
      [certificateId, buyerId, 0, 0],
      [certificateId, buyerId, 0, 1],
      [certificateId, buyerId, 1, null],
    ]);
    // Nothing but who, what, when and the results: no column could hold a value the buyer sent.
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(["buyer_id", "certificate_id", "checked_at", "email_matched", "id", "phone_matched"]);
      expect(JSON.stringify(row)).not.toContain("@");
    }
  });

  it.each([
    ["no key", {}, "A buyer API key is required"],
    ["an unknown key", { authorization: "Bearer lpk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }, "This API key is not valid"],
    ["a malformed key", { authorization: "Bearer hello" }, "This API key is not valid"],
  ])("answers 401 with %s, and records nothing", async (_case, headers, message) => {
    const before = (await checks()).length;
    const response = await match({ email: "a@b.com" }, headers);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer realm="buyers"/);
    expect((await response.json()).error).toContain(message);
    expect(await checks()).toHaveLength(before);
  });

  it("stops taking a key once the operator revokes it or issues a new one", async () => {
    const old = key;
    key = (await issueBuyerApiKey(api.db, buyerId))!;
    expect((await match({ email: "a@b.com" }, { authorization: `Bearer ${old}` })).status).toBe(401);
    expect((await match({ email: "a@b.com" })).status).toBe(200);
    await revokeBuyerApiKey(api.db, buyerId);
    expect((await match({ email: "a@b.com" })).status).toBe(401);
    key = (await issueBuyerApiKey(api.db, buyerId))!;
  });

  it.each([
    ["an empty object", {}, 'Send "email", "phone" or both to check.'],
    ["a number for email", { email: 42 }, "email must be a string."],
    ["null for phone", { phone: null }, "phone must be a string."],
    ["a blank email", { email: "   " }, "email is empty."],
    ["a phone that is not one", { phone: "call me" }, "phone is not a phone number: send it as +14155550134 or (415) 555-0134."],
    ["an unknown field", { mail: "a@b.com" }, 'Unknown field "mail": only "email" and "phone" can be checked.'],
    ["an array", [{ email: "a@b.com" }], 'The body must be a JSON object: { "email": "...", "phone": "..." }.'],
    ["a string", '"a@b.com"', 'The body must be a JSON object: { "email": "...", "phone": "..." }.'],
    ["malformed JSON", '{"email": ', "Malformed JSON"],
  ])("answers 400 to %s, and records nothing", async (_case, body, message) => {
    const before = (await checks()).length;
    const response = await match(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
    expect(await checks()).toHaveLength(before);
  });

  it("answers 415 to a body that is not JSON, 413 to a huge one, and 404 to an unknown certificate", async () => {
    const form = await fetch(`${api.url}/api/certificates/${certificateId}/match`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/x-www-form-urlencoded" },
      body: "email=a%40b.com",
    });
    expect(form.status).toBe(415);
    expect((await match({ email: "x".repeat(40_000) })).status).toBe(413);
    for (const id of ["tfp_1700000000000_abcdefghi", "nope"]) {
      const response = await match({ email: "a@b.com" }, undefined, id);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "There is no certificate with this ID." });
    }
    const get = await fetch(`${api.url}/api/certificates/${certificateId}/match`);
    expect(get.status).toBe(405);
  });

  it("answers any body with 200 or a 4xx, never a 5xx, and records only the checks it answered", async () => {
    const before = (await checks()).length;
    let answered = 0;
    const value = fc.oneof(fc.string({ unit: "binary", maxLength: 60 }), fc.jsonValue(), fc.constantFrom("+14155550134", "(415) 555-0134", "a@b.com", "\u0000", "%ff"));
    const bodies = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.dictionary(fc.constantFrom("email", "phone", "Email", "__proto__", "constructor", ""), value).map((v) => JSON.stringify(v)),
      fc.string({ unit: "binary", maxLength: 120 }),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const response = await match(body);
        expect([200, 400]).toContain(response.status);
        const answer = (await response.json()) as Record<string, unknown>;
        if (response.status === 200) {
          answered++;
          expect(Object.entries(answer).every(([name, v]) => (name === "consent_kind" ? v === "supplier-asserted" : typeof v === "boolean"))).toBe(true);
        } else expect(typeof answer.error).toBe("string");
      }),
      { numRuns: 100, seed: 20261123, endOnFailure: true },
    );
    expect(await checks()).toHaveLength(before + answered);
    // A hundred requests over HTTP with a recorded check each: more than the default 5 s on a busy machine.
  }, 30_000);

  it("is described, with the signed certificate and the bearer key, in the OpenAPI document", async () => {
    const openApi = (await (await fetch(`${api.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(openApi.components.securitySchemes.buyerApiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(openApi.paths["/api/certificates/{certificateId}/match"]!.post!.security).toEqual([{ buyerApiKey: [] }]);
    expect(Object.keys(openApi.paths["/api/certificates/{certificateId}/match"]!.post!.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "404", "415"]),
    );
    expect(openApi.paths["/api/certificates/{certificateId}"]!.get!.responses).toHaveProperty("200");
    expect(openApi.paths["/.well-known/jwks.json"]!.get!.responses).toHaveProperty("200");
  });
});
