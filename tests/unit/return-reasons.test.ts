import { describe, expect, it } from "vitest";
import { RETURN_REASON_LABELS } from "../../app/buyer/format";
import { checkReason, monthBounds, RETURN_REASONS } from "../../server/returns/lead-returns";
import { nextMonth, previousMonth } from "../../server/statements/statements";

describe("return reasons and statement months", () => {
  it("labels every reason code the server takes, and no other", () => {
    expect(Object.keys(RETURN_REASON_LABELS).sort()).toEqual([...RETURN_REASONS].sort());
  });

  it("needs a text for 'other' only, and refuses unknown codes and long texts", () => {
    expect(checkReason("duplicate", undefined)).toEqual({ ok: true, reason: "duplicate", text: null });
    expect(checkReason("other", "  ")).toMatchObject({ ok: false });
    expect(checkReason("other", "never asked")).toEqual({ ok: true, reason: "other", text: "never asked" });
    expect(checkReason("refund", "x")).toMatchObject({ ok: false });
    expect(checkReason("duplicate", "x".repeat(501))).toMatchObject({ ok: false });
    expect(checkReason("duplicate", 5)).toMatchObject({ ok: false });
  });

  it("counts a month in the buyer's zone, across a year's end and a DST change", () => {
    expect(monthBounds("2026-11", "America/New_York")).toEqual({ start: "2026-11-01T04:00:00.000Z", end: "2026-12-01T05:00:00.000Z" });
    expect(monthBounds("2026-12", "UTC")).toEqual({ start: "2026-12-01T00:00:00.000Z", end: "2027-01-01T00:00:00.000Z" });
    expect([nextMonth("2026-12"), previousMonth("2027-01"), nextMonth("2026-09"), previousMonth("2026-10")]).toEqual(["2027-01", "2026-12", "2026-10", "2026-09"]);
  });
});
