import { hash } from "node:crypto";
import { checkEmail } from "../contacts/email-address";
import { lookupE164 } from "../contacts/phone-number";

/**
 * A list entry's key: the first 8 bytes of a hash of the normalised value, as a signed 64-bit integer
 * (docs/decisions/047). Phones are E.164 ('+14155550134', server/contacts/phone-number.ts), e-mails
 * trimmed and lower-case (email-address.ts). A plain value is keyed by its SHA-256; an uploaded SHA-256
 * or MD5 hash by itself, so one lookup finds plain values and hashes alike. 64 bits: at 10 million
 * entries the chance that some lookup hits a stranger's key is about 10^-12.
 */
export type SuppressionKey = bigint;

const keyOfHex = (hex: string): SuppressionKey => BigInt.asIntN(64, BigInt(`0x${hex.slice(0, 16)}`));
// crypto.hash: one call per value, twice as fast as createHash for the ten million of an import.
const digest = (algorithm: "sha256" | "md5", value: string) => hash(algorithm, value, "hex");

export const sha256Key = (normalised: string) => keyOfHex(digest("sha256", normalised));
export const md5Key = (normalised: string) => keyOfHex(digest("md5", normalised));

const TEN_DIGITS = /^[2-9]\d{2}[2-9]\d{6}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;
const MD5_HEX = /^[0-9a-f]{32}$/;
/** 10 digits, area code and exchange not starting with 0 or 1, optionally after a 1: no libphonenumber for 10 million of them. */
const NANP = /^1?([2-9]\d{2}[2-9]\d{6})$/;

export type EntryKind = "phone" | "email" | "sha256" | "md5";
export type ParsedEntry = { kind: EntryKind; key: SuppressionKey } | null;

/** One uploaded cell as a key, or null when it is none of a US phone, an e-mail address, a SHA-256 or an MD5 hash. */
export function entryOf(cell: string): ParsedEntry {
  // The federal files' and most lists' lines: ten digits, nothing to parse.
  if (cell.length === 10 && TEN_DIGITS.test(cell)) return { kind: "phone", key: sha256Key(`+1${cell}`) };
  const text = cell.trim();
  if (!text) return null;
  const lower = text.toLowerCase();
  if (SHA256_HEX.test(lower)) return { kind: "sha256", key: keyOfHex(lower) };
  if (MD5_HEX.test(lower)) return { kind: "md5", key: keyOfHex(lower) };
  if (text.includes("@")) {
    const email = checkEmail(text);
    return email.ok ? { kind: "email", key: sha256Key(email.normalized) } : null;
  }
  const phone = phoneE164(text);
  return phone ? { kind: "phone", key: sha256Key(phone) } : null;
}

/** E.164 of an uploaded phone, read as a US number unless it says otherwise; null if it cannot be one. */
export function phoneE164(text: string): string | null {
  if (/[a-z]/i.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  const nanp = NANP.exec(digits);
  if (nanp && !text.trim().startsWith("+") ) return `+1${nanp[1]}`;
  if (digits.length < 8) return null;
  return lookupE164(text);
}

/**
 * The keys a lead is looked up by: the SHA-256 and MD5 of its E.164 phone and of its normalised
 * e-mail, and of the phone's 10 national digits, which many hashed lists are made of.
 */
export function leadKeys(contact: { phoneE164: string | null; emailNormalized: string | null }): SuppressionKey[] {
  const values: string[] = [];
  if (contact.phoneE164) {
    values.push(contact.phoneE164);
    if (contact.phoneE164.startsWith("+1")) values.push(contact.phoneE164.slice(2));
  }
  if (contact.emailNormalized) values.push(contact.emailNormalized);
  return values.flatMap((value) => [sha256Key(value), md5Key(value)]);
}
