import { randomInt } from "node:crypto";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** 'tfp_' + milliseconds since the epoch + '_' + 9 random characters (spec section 9). */
export function newCertificateId(now = new Date()): string {
  let suffix = "";
  for (let i = 0; i < 9; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `tfp_${now.getTime()}_${suffix}`;
}

export const CERTIFICATE_ID_PATTERN = /^tfp_\d{13}_[a-z0-9]{9}$/;

export function certificateUrl(siteUrl: string, certificateId: string): string {
  return `${siteUrl}/verify-trustedforms-pro?cert=${encodeURIComponent(certificateId)}`;
}
