import { createHash } from "node:crypto";

/**
 * The person's identifiers as each platform documents them (docs/decisions/061): normalised, then
 * SHA-256 as lower-case hex. Nothing else about the person is sent.
 */

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

const GOOGLE_MAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * Google Ads (enhanced conversions for leads): trimmed, lower case, and for gmail.com and
 * googlemail.com addresses the periods before the @ removed.
 */
export function googleEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  const at = normalized.lastIndexOf("@");
  if (at < 0) return normalized;
  const [local, domain] = [normalized.slice(0, at), normalized.slice(at + 1)];
  return GOOGLE_MAIL_DOMAINS.has(domain) ? `${local.replaceAll(".", "")}@${domain}` : normalized;
}

/** Google Ads: E.164, '+' and country code then the number ('+14155550134'); null when it is not one. */
export function googlePhone(e164: string): string | null {
  const normalized = e164.trim();
  return /^\+[1-9]\d{6,14}$/.test(normalized) ? normalized : null;
}

/** Meta Conversions API `em`: trimmed and lower case. */
export function metaEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Meta Conversions API `ph`: digits only, country code first, no '+' or leading zeros ('14155550134'). */
export function metaPhone(e164: string): string | null {
  const digits = e164.replace(/\D/g, "").replace(/^0+/, "");
  return digits.length >= 7 && digits.length <= 15 ? digits : null;
}

/** The hashed identifiers of a lead for one platform; absent ones are left out. */
export function hashedIdentifiers(platform: "google" | "meta", contact: { email: string | null; phoneE164: string | null }) {
  const email = contact.email?.trim() ? (platform === "google" ? googleEmail : metaEmail)(contact.email) : null;
  const phone = contact.phoneE164 ? (platform === "google" ? googlePhone : metaPhone)(contact.phoneE164) : null;
  return { email: email ? sha256Hex(email) : null, phone: phone ? sha256Hex(phone) : null };
}
