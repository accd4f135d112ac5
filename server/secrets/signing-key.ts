import { createPrivateKey, generateKeyPairSync, type KeyObject } from "node:crypto";

/** An Ed25519 private key as a JWK (RFC 8037): the public part x and the private part d. */
export interface Ed25519PrivateJwk {
  kty: "OKP";
  crv: "Ed25519";
  x: string;
  d: string;
}

export type Ed25519PublicJwk = Omit<Ed25519PrivateJwk, "d">;

export class SigningKeyError extends Error {
  override name = "SigningKeyError";
}

const NOT_ED25519 = "must be an Ed25519 private key: a JWK ({\"kty\":\"OKP\",\"crv\":\"Ed25519\",\"x\":...,\"d\":...}) or a PKCS#8 PEM";

/**
 * The private key CERTIFICATE_SIGNING_KEY names: a private JWK as JSON, or a PKCS#8 PEM
 * (`openssl genpkey -algorithm ed25519`). A PEM squeezed onto one line with literal `\n`s, as many
 * environment files hold it, is read as well. Anything but an Ed25519 private key is refused.
 */
export function signingKeyFrom(value: string): Ed25519PrivateJwk {
  const text = value.trim();
  let key: KeyObject;
  try {
    if (text.startsWith("{")) {
      const jwk = JSON.parse(text) as Record<string, unknown>;
      if (jwk.kty !== "OKP" || jwk.crv !== "Ed25519" || typeof jwk.d !== "string") throw new SigningKeyError(NOT_ED25519);
      key = createPrivateKey({ key: jwk, format: "jwk" });
    } else if (text.startsWith("-----BEGIN")) {
      key = createPrivateKey({ key: text.replace(/\\n/g, "\n"), format: "pem" });
    } else {
      throw new SigningKeyError(NOT_ED25519);
    }
  } catch (error) {
    if (error instanceof SigningKeyError) throw error;
    throw new SigningKeyError(`${NOT_ED25519} (${(error as Error).message})`);
  }
  if (key.asymmetricKeyType !== "ed25519") throw new SigningKeyError(`${NOT_ED25519}, not ${key.asymmetricKeyType ?? "a symmetric key"}`);
  return privateJwkOf(key);
}

export function generateSigningKey(): Ed25519PrivateJwk {
  return privateJwkOf(generateKeyPairSync("ed25519").privateKey);
}

export function publicJwkOf({ kty, crv, x }: Ed25519PrivateJwk): Ed25519PublicJwk {
  return { kty, crv, x };
}

export function privateKeyOf(jwk: Ed25519PrivateJwk): KeyObject {
  return createPrivateKey({ key: { ...jwk }, format: "jwk" });
}

function privateJwkOf(key: KeyObject): Ed25519PrivateJwk {
  const { kty, crv, x, d } = key.export({ format: "jwk" });
  return { kty: kty as "OKP", crv: crv as "Ed25519", x: x!, d: d! };
}
