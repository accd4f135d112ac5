import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { Outcome } from "#claims/engine/types";

/**
 * The lead console finds leads by prefix on these stored keys, so the same function makes the key
 * when a lead is saved and when an operator searches: lower case, accents removed ('Zoë' -> 'zoe').
 */
export function searchKey(text: string | null | undefined): string | null {
  if (!text) return null;
  const key = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[øłđðħıßæœþ’‘]/g, (letter) => UNDECOMPOSED[letter]!)
    .trim();
  return key || null;
}

/**
 * Letters that carry their mark in the letter itself, so NFKD leaves them whole: 'Łukasz' is found
 * as 'lukasz', 'Søren' as 'soren', 'Strauß' as 'strauss'; a typographic apostrophe ('O’Brien') as the plain one.
 */
const UNDECOMPOSED: Record<string, string> = {
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  ħ: "h",
  ı: "i",
  ß: "ss",
  æ: "ae",
  œ: "oe",
  þ: "th",
  "’": "'",
  "‘": "'",
};

/** UTM values as the dashboard counts them (server/analytics/funnel-events.ts): trimmed, lower case. */
export function utmKey(value: string | null | undefined): string | null {
  return value?.trim().toLowerCase() || null;
}

/**
 * A phone's national digits backwards, so that a search by its last digits ('0134', '5550134') is a
 * prefix of this key, which an index answers like the other searches (docs/decisions/042).
 */
export function reversedDigits(digits: string | null): string | null {
  return digits ? Array.from(digits).reverse().join("") : null;
}

/** How the claim schemas store a phone; libphonenumber reads it as itself, 30 times slower (the seed's hot path). */
const STORED_US_NUMBER = /^[2-9]\d{2}[2-9]\d{6}$/;

/**
 * A phone number as its national digits, whatever its formatting: '(415) 555-0134', '+1 415 555 0134'
 * and '4155550134' all become '4155550134'. Numbers libphonenumber cannot read keep their digits.
 */
export function phoneDigits(text: string | null | undefined): string | null {
  if (!text) return null;
  if (STORED_US_NUMBER.test(text)) return text;
  const parsed = parsePhoneNumberFromString(text, "US");
  if (parsed?.isPossible()) return parsed.nationalNumber;
  const digits = text.replace(/\D/g, "");
  return (digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits) || null;
}

export type LeadOutcome = Outcome | "none";

/** The derived columns of a lead row that the console filters and searches on. */
export interface LeadSearchColumns {
  outcome: LeadOutcome;
  fn_search: string | null;
  ln_search: string | null;
  em_search: string | null;
  phone_digits: string | null;
  phone_digits_reversed: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
}

export function leadSearchColumns(lead: {
  fn: string | null;
  ln: string | null;
  em: string | null;
  ph: string | null;
  outcome: Outcome | null;
  attribution: { utm_source?: string; utm_campaign?: string } | null;
}): LeadSearchColumns {
  const digits = phoneDigits(lead.ph);
  return {
    outcome: lead.outcome ?? "none",
    fn_search: searchKey(lead.fn),
    ln_search: searchKey(lead.ln),
    em_search: searchKey(lead.em),
    phone_digits: digits,
    phone_digits_reversed: reversedDigits(digits),
    utm_source: utmKey(lead.attribution?.utm_source),
    utm_campaign: utmKey(lead.attribution?.utm_campaign),
  };
}
