import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Buyers' credentials at rest: AES-256-GCM, a random 12-byte IV per value, sealed as
 * `v1.<iv>.<tag>.<ciphertext>`, each part base64url. The version names the algorithm and the key
 * derivation, so that either can change while older values still open.
 */
export interface SecretBox {
  seal(plaintext: string, context?: string): string;
  /** Throws SecretBoxError when the value is not sealed, was sealed with another key, or was altered. */
  open(sealed: string, context?: string): string;
}

export class SecretBoxError extends Error {
  override name = "SecretBoxError";
}

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const MIN_PASSPHRASE_LENGTH = 32;
const HKDF_INFO = "claim-intake secret-box v1";

/**
 * The 32-byte key from SECRETS_KEY, read in this order:
 * 1. 64 hex digits: the key itself;
 * 2. base64 or base64url of exactly 32 bytes (`openssl rand -base64 32`): the key itself;
 * 3. hex digits alone, or padded base64, of any other length: refused, as a key cut short;
 * 4. anything else of at least 32 characters: a passphrase, stretched by HKDF-SHA256 with no salt and
 *    the info "claim-intake secret-box v1". HKDF does not slow guessing down, so the passphrase must
 *    itself be random; a short one is refused.
 */
export function secretsKeyFrom(value: string): Buffer {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const key = Buffer.from(text, "base64");
    if (key.length === KEY_BYTES) return key;
  }
  // Taken as a passphrase, a mistyped key would seal under a key nobody meant.
  if (/^[0-9a-fA-F]+$/.test(text) || /^[A-Za-z0-9+/]+={1,2}$/.test(text)) {
    throw new SecretBoxError("SECRETS_KEY looks like a hex or base64 key but is not 32 bytes long.");
  }
  if (text.length < MIN_PASSPHRASE_LENGTH) {
    throw new SecretBoxError(
      `SECRETS_KEY must be 32 bytes as 64 hex digits or base64 (openssl rand -base64 32), or a random passphrase of at least ${MIN_PASSPHRASE_LENGTH} characters.`,
    );
  }
  return Buffer.from(hkdfSync("sha256", text, Buffer.alloc(0), HKDF_INFO, KEY_BYTES));
}

/**
 * `context` (a buyer's id and the field, say) is authenticated with the value but not stored in it,
 * so a sealed value copied to another buyer's row does not open there.
 */
export function createSecretBox(secretsKey: string): SecretBox {
  const key = secretsKeyFrom(secretsKey);
  return {
    seal(plaintext, context = "") {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [VERSION, ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url"))].join(".");
    },
    open(sealed, context = "") {
      const parts = sealed.split(".");
      if (parts[0] !== VERSION) {
        const version = parts.length === 4 ? ` (version '${parts[0]}')` : "";
        throw new SecretBoxError(`Not a sealed secret this server can read${version}: expected ${VERSION}.<iv>.<tag>.<ciphertext>.`);
      }
      const [iv, tag, ciphertext] = parts.slice(1).map(fromBase64Url);
      if (parts.length !== 4 || iv?.length !== IV_BYTES || tag?.length !== TAG_BYTES || !ciphertext) {
        throw new SecretBoxError(`Not a sealed secret: expected ${VERSION}.<iv>.<tag>.<ciphertext> with a 12-byte IV and a 16-byte tag.`);
      }
      const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
      } catch {
        // GCM cannot tell a wrong key from an altered value: both fail the tag.
        throw new SecretBoxError("The secret cannot be opened: SECRETS_KEY is not the key it was sealed with, or the sealed value was altered.");
      }
    },
  };
}

/** What an operator sees of a saved credential: its last four characters, when that gives little away. */
export function lastFour(secret: string): string {
  const characters = Array.from(secret);
  // Four of a short secret is most of it.
  if (characters.length < 8) return "••••";
  return `••••${characters.slice(-4).join("")}`;
}

function fromBase64Url(part: string): Buffer | undefined {
  return /^[A-Za-z0-9_-]*$/.test(part) ? Buffer.from(part, "base64url") : undefined;
}
