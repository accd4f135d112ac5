import { parsePhoneNumberFromString } from "libphonenumber-js";

export type PhoneCheck =
  { ok: true; e164: string } | { ok: false; message: string };

export const PHONE_LENGTH_MESSAGE =
  "A US phone number has 10 digits: the area code and the 7-digit number.";
export const PHONE_COUNTRY_MESSAGE =
  "Enter a US phone number: other countries' numbers are not taken.";
export const phoneAreaCodeMessage = (areaCode: string) =>
  `${areaCode} is not a US area code in use. Please check the phone number.`;
export const phoneExchangeMessage = (exchange: string) =>
  `A US phone number cannot start with ${exchange} after the area code. Please check the phone number.`;

/** A number every valid area code takes (555-01XX is reserved for fiction), to tell a bad area code from a bad exchange. */
const PROBE_LINE = "5550100";
/** NANP: N11 codes (211, 311, ... 911) are service codes, never assigned as exchanges; libphonenumber's pattern lets them through. */
const SERVICE_CODE = /^[2-9]11$/;

/**
 * A US phone number as E.164 ('+14155550134'), or why it is not one. libphonenumber's metadata knows
 * which area codes are in use and refuses exchanges starting with 0 or 1; N11 exchanges are refused here.
 */
export function checkUsPhone(text: string): PhoneCheck {
  const parsed = parsePhoneNumberFromString(text, "US");
  if (!parsed) return { ok: false, message: PHONE_LENGTH_MESSAGE };
  if (parsed.countryCallingCode !== "1")
    return { ok: false, message: PHONE_COUNTRY_MESSAGE };
  const national = String(parsed.nationalNumber);
  if (national.length !== 10 || !parsed.isPossible())
    return { ok: false, message: PHONE_LENGTH_MESSAGE };
  const areaCode = national.slice(0, 3);
  const exchange = national.slice(3, 6);
  if (!parsed.isValid() || parsed.country !== "US") {
    const probe = parsePhoneNumberFromString(areaCode + PROBE_LINE, "US");
    if (!probe?.isValid() || probe.country !== "US")
      return { ok: false, message: phoneAreaCodeMessage(areaCode) };
    return { ok: false, message: phoneExchangeMessage(exchange) };
  }
  if (SERVICE_CODE.test(exchange))
    return { ok: false, message: phoneExchangeMessage(exchange) };
  return { ok: true, e164: parsed.number };
}

/** How the claim schemas store a phone: 10 digits, area code and exchange not starting with 0 or 1. */
const STORED_US_NUMBER = /^[2-9]\d{2}[2-9]\d{6}$/;

/**
 * E.164 of a number already checked and stored as the claim schemas store it, without libphonenumber
 * (the seed's million rows); anything else goes through checkUsPhone.
 */
export function e164OfCheckedPhone(stored: string): string | null {
  if (STORED_US_NUMBER.test(stored)) return `+1${stored}`;
  const checked = checkUsPhone(stored);
  return checked.ok ? checked.e164 : null;
}

/**
 * E.164 of any number a person or a buyer gives us to look a lead up by ('(415) 555-0134',
 * '+1 415 555 0134'), read as a US number unless it says otherwise; null if it cannot be a number.
 * Looser than checkUsPhone: a lookup of a number we never took simply finds nothing.
 */
export function lookupE164(text: string): string | null {
  const parsed = parsePhoneNumberFromString(text.trim(), "US");
  return parsed?.isPossible() ? parsed.number : null;
}
