import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_CENTS } from "../../server/money";
import { checkSpendRow, parseSpendCsv } from "../../server/campaigns/spend-rows";

// The spend file's rows (docs/decisions/062): amounts read from their text into whole cents, never
// through a float, and the columns found by their header in any order.

const TODAY = "2026-11-27";
const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

describe("spend rows", () => {
  it("reads any amount written in dollars and cents back to the same whole cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS }), (cents) => {
        const checked = checkSpendRow({ day: TODAY, source: "google", campaign: "x", spend: dollars(cents) }, TODAY);
        expect(checked).toEqual({ ok: true, row: { day: TODAY, utmSource: "google", utmCampaign: "x", spendCents: cents } });
      }),
    );
  });

  it("takes a spreadsheet's dollars, a byte-order mark and headers in any order and case", () => {
    const parsed = parseSpendCsv(`\uFEFFSpend,UTM_Campaign,utm_source,Day\n"$1,234.50",Brand ,Google,2026-11-01\n7,b,bing,2026-11-02\n`, TODAY);
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { day: "2026-11-01", utmSource: "google", utmCampaign: "brand", spendCents: 123450 },
        { day: "2026-11-02", utmSource: "bing", utmCampaign: "b", spendCents: 700 },
      ],
    });
  });

  it("refuses amounts above the most a price may be, and lists at most twenty lines", () => {
    expect(checkSpendRow({ day: TODAY, source: "a", campaign: "b", spend: "100000.01" }, TODAY)).toMatchObject({ ok: false, errors: { spend: expect.stringContaining("above $100000") } });
    const bad = ["date,source,campaign,spend", ...Array.from({ length: 25 }, () => `${TODAY},a,b,x`)].join("\n");
    const parsed = parseSpendCsv(bad, TODAY);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.errors).toHaveLength(21);
      expect(parsed.errors.at(-1)).toBe("… and 5 more lines with problems.");
    }
  });
});
