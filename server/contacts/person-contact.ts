import { createHash } from "node:crypto";
import { maskEmail, maskPhone } from "./mask";
import { checkEmail } from "./email-address";
import { lookupE164 } from "./phone-number";
import type { RevocationChannel } from "../db/schema";

/**
 * A phone number or an e-mail address a person gives to revoke consent, normalised exactly as the
 * lead's leads.phone_e164 / leads.email_normalized were (server/contacts/), so the lookup is one
 * indexed equality.
 */
export interface PersonContact {
  channel: RevocationChannel;
  /** The phone in E.164, or the trimmed, lower-case e-mail address. */
  normalised: string;
  sha256: string;
  masked: string;
}

export const CONTACT_REQUIRED = "Enter the phone number or e-mail address you gave us.";
export const PHONE_INVALID = "Enter a 10-digit US phone number with its area code, such as (415) 555-0134.";
export const EMAIL_INVALID = "Enter an e-mail address such as name@example.com.";
const MAX_LENGTH = 254;

/** A US number as the forms take it: area code and exchange do not start with 0 or 1. */
const US_E164 = /^\+1[2-9]\d{2}[2-9]\d{6}$/;

export type ContactParse = { ok: true; contact: PersonContact } | { ok: false; message: string };

export function phoneContact(text: string): ContactParse {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, message: CONTACT_REQUIRED };
  if (trimmed.length > 40 || !/^[\d\s().+-]+$/.test(trimmed)) return { ok: false, message: PHONE_INVALID };
  const e164 = lookupE164(trimmed);
  if (!e164 || !US_E164.test(e164)) return { ok: false, message: PHONE_INVALID };
  return { ok: true, contact: contactOf("phone", e164, maskPhone(e164.slice(2))) };
}

export function emailContact(text: string): ContactParse {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, message: CONTACT_REQUIRED };
  const checked = checkEmail(trimmed);
  if (trimmed.length > MAX_LENGTH || !checked.ok) return { ok: false, message: EMAIL_INVALID };
  return { ok: true, contact: contactOf("email", checked.normalized, maskEmail(checked.normalized)) };
}

/** One field that takes either: an @ makes it an e-mail address, anything else is read as a phone number. */
export function phoneOrEmailContact(text: string): ContactParse {
  return text.includes("@") ? emailContact(text) : phoneContact(text);
}

function contactOf(channel: RevocationChannel, normalised: string, masked: string): PersonContact {
  return { channel, normalised, masked, sha256: createHash("sha256").update(normalised).digest("hex") };
}
