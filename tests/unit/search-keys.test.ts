import fc from "fast-check";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { describe, expect, it } from "vitest";
import { phoneDigits, reversedDigits, searchKey, utmKey } from "../../server/db/search-keys";

describe("phoneDigits", () => {
  it("reads every formatting of a number as its national digits", () => {
    for (const text of ["(415) 555-0134", "+1 415 555 0134", "415.555.0134", "1-415-555-0134", "4155550134"]) {
      expect(phoneDigits(text)).toBe("4155550134");
    }
  });

  it("gives a number as the schemas store it the national number libphonenumber reads", () => {
    const digit = (min: number) => fc.integer({ min, max: 9 }).map(String);
    const stored = fc
      .tuple(digit(2), fc.array(digit(0), { minLength: 2, maxLength: 2 }), digit(2), fc.array(digit(0), { minLength: 6, maxLength: 6 }))
      .map(([a, b, c, d]) => a + b.join("") + c + d.join(""));
    fc.assert(
      fc.property(stored, (number) => {
        expect(phoneDigits(number)).toBe(parsePhoneNumberFromString(number, "US")!.nationalNumber);
      }),
    );
  });

  it("keeps the digits of what libphonenumber cannot read", () => {
    expect(phoneDigits("12345")).toBe("12345");
    expect(phoneDigits("")).toBeNull();
  });
});

describe("searchKey", () => {
  it("is lower case without accents", () => {
    expect(searchKey("Zoë")).toBe("zoe");
    expect(searchKey("Nguyễn")).toBe("nguyen");
    expect(searchKey("  ")).toBeNull();
  });

  it("folds the letters NFKD keeps whole, and typographic apostrophes", () => {
    expect(searchKey("Łukasz Wróbel")).toBe("lukasz wrobel");
    expect(searchKey("Søren Ærø")).toBe("soren aero");
    expect(searchKey("Strauß")).toBe("strauss");
    expect(searchKey("O’Brien")).toBe("o'brien");
    expect(searchKey("Đặng Œuvre Þór")).toBe("dang oeuvre thor");
  });
});

describe("reversedDigits and utmKey", () => {
  it("turn a number round, so its last digits are a prefix", () => {
    expect(reversedDigits("4155550134")).toBe("4310555514");
    expect(reversedDigits(null)).toBeNull();
  });

  it("keep UTM values as the dashboard counts them", () => {
    expect(utmKey("  Google ")).toBe("google");
    expect(utmKey("   ")).toBeNull();
    expect(utmKey(undefined)).toBeNull();
  });
});
