import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
// CommonJS packages: Node's ESM loader gives them as a default export only.
import zxcvbnCore from "@zxcvbn-ts/core";
import commonLanguage from "@zxcvbn-ts/language-common";

const { ZxcvbnFactory } = zxcvbnCore;

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** 'scrypt$<salt>$<hash>', both base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString("base64")}$${hash.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scrypt(password, Buffer.from(salt, "base64"), expected.length);
  return timingSafeEqual(actual, expected);
}

export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

let estimator: InstanceType<typeof ZxcvbnFactory> | null = null;
let common: Set<string> | null = null;

/**
 * What is wrong with a new password, or null (NIST 800-63B 3.1.1.2): at least 12 characters, not on
 * the bundled list of common and breached passwords (@zxcvbn-ts/language-common, about 49,000), and
 * not an easy variation of one (zxcvbn's score below 3: 'password1234', a keyboard row, a repeat).
 * No composition rules. The list ships in the package: nothing is looked up over the network.
 */
export function passwordProblem(password: string, related: string[] = []): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Please choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Please choose a password of at most ${MAX_PASSWORD_LENGTH} characters.`;
  estimator ??= new ZxcvbnFactory({ dictionary: commonLanguage.dictionary, graphs: commonLanguage.adjacencyGraphs });
  common ??= new Set(commonLanguage.dictionary["passwords-common"]);
  if (common.has(password.toLowerCase())) {
    return "This password is on a list of common or breached passwords. Please choose another: a few unrelated words work well.";
  }
  const { score } = estimator.check(password, related);
  if (score < 3) return "This password is too easy to guess (it is close to a common password or pattern). Please choose another: a few unrelated words work well.";
  return null;
}
