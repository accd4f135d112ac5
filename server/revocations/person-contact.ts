import { createHash } from "node:crypto";
import { z } from "zod";
import { maskEmail, maskPhone } from "../certificates/mask";
import type { RevocationChannel } from "../db/schema";
import { phoneDigits, searchKey } from "../leads/search-keys";

/**
 * A phone number or an e-mail address a person gives to revoke consent, normalised exactly as the
 * lead's leads.phone_digits / leads.em_search were, so the lookup is one indexed equality.
 */
export interface PersonContact {
  channel: RevocationChannel;
  /** National digits of a phone, or the e-mail's search key (lower case, accents removed). */
  normalised: string;
  sha256: string;
  masked: string;
}

export const CONTACT_REQUIRED = "Enter the phone number or e-mail address you gave us.";
export const PHONE_INVALID = "Enter a 10-digit US phone number with its area code, such as (415) 555-0134.";
export const EMAIL_INVALID = "Enter an e-mail address such as name@example.com.";
const MAX_LENGTH = 254;

/** A US number as the forms store it: area code and exchange do not start with 0 or 1. */
const US_NATIONAL = /^[2-9]\d{2}[2-9]\d{6}$/;
const emailSyntax = z.email();

export type ContactParse = { ok: true; contact: PersonContact } | { ok: false; message: string };

export function phoneContact(text: string): ContactParse {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, message: CONTACT_REQUIRED };
  if (trimmed.length > 40 || !/^[\d\s().+-]+$/.test(trimmed)) return { ok: false, message: PHONE_INVALID };
  const digits = phoneDigits(trimmed);
  if (!digits || !US_NATIONAL.test(digits)) return { ok: false, message: PHONE_INVALID };
  return { ok: true, contact: contactOf("phone", digits, maskPhone(digits)) };
}

export function emailContact(text: string): ContactParse {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, message: CONTACT_REQUIRED };
  if (trimmed.length > MAX_LENGTH || !emailSyntax.safeParse(trimmed).success) return { ok: false, message: EMAIL_INVALID };
  const key = searchKey(trimmed)!;
  return { ok: true, contact: contactOf("email", key, maskEmail(key)) };
}

/** One field that takes either: an @ makes it an e-mail address, anything else is read as a phone number. */
export function phoneOrEmailContact(text: string): ContactParse {
  return text.includes("@") ? emailContact(text) : phoneContact(text);
}

function contactOf(channel: RevocationChannel, normalised: string, masked: string): PersonContact {
  return { channel, normalised, masked, sha256: createHash("sha256").update(normalised).digest("hex") };
}
