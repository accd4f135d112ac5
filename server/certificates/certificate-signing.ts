import type { KeyObject } from "node:crypto";
import { calculateJwkThumbprint, SignJWT } from "jose";
import type { Db } from "../db/database";
import type { Settings } from "../settings/settings";
import { generateSigningKey, privateKeyOf, publicJwkOf, signingKeyFrom, type Ed25519PrivateJwk, type Ed25519PublicJwk } from "../secrets/signing-key";

export const SIGNING_ALGORITHM = "EdDSA";
/** Explicit typing (RFC 8725 section 3.11): a verifier can tell our certificates from any other JWT we might sign. */
export const CERTIFICATE_JWT_TYPE = "consent-certificate+jwt";
export const JWKS_PATH = "/.well-known/jwks.json";
/** Where the key is kept when CERTIFICATE_SIGNING_KEY is unset: the first instance to start writes it. */
export const GENERATED_KEY_SETTING = "certificate_signing_key";

export interface PublishedKey extends Ed25519PublicJwk {
  kid: string;
  alg: typeof SIGNING_ALGORITHM;
  use: "sig";
}

export interface SignatureInfo {
  alg: typeof SIGNING_ALGORITHM;
  kid: string;
  typ: typeof CERTIFICATE_JWT_TYPE;
  /** The iss of every certificate this site signs. */
  issuer: string;
  jwksUrl: string;
}

interface SigningKey {
  privateKey: KeyObject;
  kid: string;
}

export type CertificateSigning = ReturnType<typeof createCertificateSigning>;

/**
 * The site's Ed25519 certificate key: CERTIFICATE_SIGNING_KEY, or one generated once and kept in the
 * settings table, so that every instance and every restart signs with the same key. Each key it signs
 * with is recorded in certificate_signing_keys and stays in the JWKS (docs/decisions/024).
 */
export function createCertificateSigning({
  db,
  settings,
  configuredKey,
  siteUrl,
  now = () => new Date(),
}: {
  db: Db;
  settings: Pick<Settings, "getOrCreate">;
  configuredKey: Ed25519PrivateJwk | null;
  siteUrl: string;
  now?: () => Date;
}) {
  let loading: Promise<SigningKey> | null = null;
  /** Read (and published) on first use; a failure is not remembered, so the next request tries again. */
  function currentKey(): Promise<SigningKey> {
    loading ??= loadKey().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  }

  async function loadKey(): Promise<SigningKey> {
    const jwk = configuredKey ?? signingKeyFrom(await settings.getOrCreate(GENERATED_KEY_SETTING, () => JSON.stringify(generateSigningKey())));
    const publicJwk = publicJwkOf(jwk);
    const kid = await calculateJwkThumbprint(publicJwk, "sha256");
    await db
      .insertInto("certificate_signing_keys")
      .values({ kid, public_jwk: JSON.stringify(publicJwk), created_at: now().toISOString() })
      .onConflict((oc) => oc.column("kid").doNothing())
      .execute();
    return { privateKey: privateKeyOf(jwk), kid };
  }

  /** The JWKS: the current key first, then every earlier one, so certificates signed before a key change still verify. */
  async function jwks(): Promise<{ keys: PublishedKey[] }> {
    const { kid: current } = await currentKey();
    const rows = await db.selectFrom("certificate_signing_keys").select(["kid", "public_jwk"]).orderBy("created_at", "desc").orderBy("kid").execute();
    rows.sort((a, b) => Number(b.kid === current) - Number(a.kid === current));
    return { keys: rows.map((row) => ({ ...(JSON.parse(row.public_jwk) as Ed25519PublicJwk), kid: row.kid, alg: SIGNING_ALGORITHM, use: "sig" })) };
  }

  /** A compact JWS of `claims`, with iss (the site), sub and iat. */
  async function sign(claims: Record<string, unknown>, subject: string): Promise<string> {
    const { privateKey, kid } = await currentKey();
    return new SignJWT(claims)
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: CERTIFICATE_JWT_TYPE })
      .setIssuer(siteUrl)
      .setSubject(subject)
      .setIssuedAt(now())
      .sign(privateKey);
  }

  async function info(): Promise<SignatureInfo> {
    const { kid } = await currentKey();
    return { alg: SIGNING_ALGORITHM, kid, typ: CERTIFICATE_JWT_TYPE, issuer: siteUrl, jwksUrl: siteUrl + JWKS_PATH };
  }

  return { jwks, sign, info, issuer: siteUrl };
}
