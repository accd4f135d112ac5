import { describe, expect, it } from "vitest";
import { claimBySlug } from "#claims/registry";
import { contactColumns, contactErrors, lowQualityText } from "../../server/contacts/contact-identity";
import { checkEmail, EMAIL_DOMAIN_MESSAGE, EMAIL_LOCAL_PART_MESSAGE, EMAIL_SYNTAX_MESSAGE, isDisposableEmail, normalizeEmail } from "../../server/contacts/email-address";
import {
  checkUsPhone,
  e164OfCheckedPhone,
  PHONE_COUNTRY_MESSAGE,
  PHONE_LENGTH_MESSAGE,
  phoneAreaCodeMessage,
  phoneExchangeMessage,
} from "../../server/contacts/phone-number";
import { createRandom } from "../../server/seed/random";
import { AREA_CODES, randomPerson } from "../../server/seed/people";

describe("US phone numbers, as libphonenumber-js reads them", () => {
  it.each([
    ["4155550134", "+14155550134"],
    ["(415) 555-0134", "+14155550134"],
    ["415.555.0134", "+14155550134"],
    ["+1 415 555 0134", "+14155550134"],
    ["1-415-555-0134", "+14155550134"],
    ["(212) 555-0100", "+12125550100"],
    ["(312) 555-0199", "+13125550199"],
    ["(800) 555-0100", "+18005550100"],
  ])("takes %s as %s", (text, e164) => {
    expect(checkUsPhone(text)).toEqual({ ok: true, e164 });
  });

  it.each([
    ["415555013", PHONE_LENGTH_MESSAGE],
    ["41555501345", PHONE_LENGTH_MESSAGE],
    ["", PHONE_LENGTH_MESSAGE],
    ["not a number", PHONE_LENGTH_MESSAGE],
    ["+44 20 7946 0958", PHONE_COUNTRY_MESSAGE],
    // Area codes not in use in the US: 555 and 999 are unassigned, 123 starts with 1, 604 is Canada's.
    ["(555) 555-0134", phoneAreaCodeMessage("555")],
    ["(999) 555-0134", phoneAreaCodeMessage("999")],
    ["1234567890", phoneAreaCodeMessage("123")],
    ["(604) 555-0100", phoneAreaCodeMessage("604")],
    // Exchanges never assigned: starting with 0 or 1, and the N11 service codes.
    ["(415) 155-0134", phoneExchangeMessage("155")],
    ["(415) 055-0134", phoneExchangeMessage("055")],
    ["(415) 911-0134", phoneExchangeMessage("911")],
    ["(415) 411-0134", phoneExchangeMessage("411")],
  ])("refuses %s: %s", (text, message) => {
    expect(checkUsPhone(text)).toEqual({ ok: false, message });
  });

  it("says what is wrong in words a visitor understands", () => {
    expect(phoneAreaCodeMessage("555")).toBe("555 is not a US area code in use. Please check the phone number.");
    expect(phoneExchangeMessage("911")).toBe("A US phone number cannot start with 911 after the area code. Please check the phone number.");
  });

  it("gives the same E.164 on the seed's fast path as libphonenumber does", () => {
    for (const stored of ["4155550134", "2125550100", "9725550199"]) expect(e164OfCheckedPhone(stored)).toBe((checkUsPhone(stored) as { e164: string }).e164);
    expect(e164OfCheckedPhone("+1 (415) 555-0134")).toBe("+14155550134");
    // A number stored as the schemas store it is taken as checked; any other goes through libphonenumber.
    expect(e164OfCheckedPhone("555 555 0134")).toBeNull();
  });

  it("accepts every phone the seed makes", () => {
    for (const areaCode of AREA_CODES) expect(checkUsPhone(`${areaCode}5550100`), areaCode).toMatchObject({ ok: true });
    const random = createRandom(12);
    for (let i = 0; i < 2000; i++) {
      const { phone } = randomPerson(random);
      expect(checkUsPhone(phone), phone).toMatchObject({ ok: true });
    }
  });
});

describe("e-mail addresses", () => {
  it.each([
    ["jane.doe@example.com", "jane.doe@example.com"],
    ["  Jane.Doe@Example.COM ", "jane.doe@example.com"],
    ["o'brien+claims@mail.example.org", "o'brien+claims@mail.example.org"],
    [`${"a".repeat(64)}@example.com`, `${"a".repeat(64)}@example.com`],
  ])("takes %s, normalised to %s", (text, normalized) => {
    expect(checkEmail(text)).toEqual({ ok: true, normalized });
    expect(normalizeEmail(text)).toBe(normalized);
  });

  it.each([
    ["jane.doe", EMAIL_SYNTAX_MESSAGE],
    ["jane@", EMAIL_SYNTAX_MESSAGE],
    ["@example.com", EMAIL_SYNTAX_MESSAGE],
    ["jane@example", EMAIL_SYNTAX_MESSAGE],
    ["jane..doe@example.com", EMAIL_SYNTAX_MESSAGE],
    [".jane@example.com", EMAIL_SYNTAX_MESSAGE],
    ["jane doe@example.com", EMAIL_SYNTAX_MESSAGE],
    ["jane@exa_mple.com", EMAIL_SYNTAX_MESSAGE],
    ["jane@example.c", EMAIL_SYNTAX_MESSAGE],
    [`jane@${"a".repeat(250)}.com`, EMAIL_SYNTAX_MESSAGE],
    [`${"a".repeat(65)}@example.com`, EMAIL_LOCAL_PART_MESSAGE],
    [`jane@${"a".repeat(64)}.com`, EMAIL_DOMAIN_MESSAGE],
  ])("refuses %s", (text, message) => {
    expect(checkEmail(text)).toEqual({ ok: false, message });
  });

  it.each([
    ["someone@mailinator.com", true],
    ["Someone@MAILINATOR.COM", true],
    ["someone@inbox.mailinator.com", true],
    ["someone@guerrillamail.com", true],
    ["someone@10minutemail.com", true],
    ["someone@example.com", false],
    ["someone@gmail.com", false],
    ["someone@mailinator.com.example.org", false],
  ])("knows whether %s is a disposable address: %s", (email, disposable) => {
    expect(isDisposableEmail(email)).toBe(disposable);
  });
});

describe("a lead's contact columns and errors", () => {
  const mva = claimBySlug("mva")!;

  it("flags a disposable address as low quality, keeping the lead", () => {
    expect(contactColumns({ em: "Someone@Mailinator.com", ph: "4155550134" })).toEqual({
      phone_e164: "+14155550134",
      email_normalized: "someone@mailinator.com",
      low_quality: "disposable-email",
    });
    expect(contactColumns({ em: "jane@example.com", ph: null })).toEqual({ phone_e164: null, email_normalized: "jane@example.com", low_quality: null });
    expect(lowQualityText("disposable-email")).toBe("Disposable e-mail address");
    expect(lowQualityText(null)).toBeNull();
  });

  it("puts each error on the claim's own phone and e-mail fields", () => {
    expect(contactErrors(mva, { em: "jane@example.com", ph: "4155550134" })).toEqual({});
    expect(contactErrors(mva, { em: `${"a".repeat(65)}@example.com`, ph: "5555550134" })).toEqual({
      ph: phoneAreaCodeMessage("555"),
      em: EMAIL_LOCAL_PART_MESSAGE,
    });
  });
});
