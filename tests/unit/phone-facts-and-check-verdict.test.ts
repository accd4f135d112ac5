import { describe, expect, it } from "vitest";
import { checkVerdictOf } from "../../server/distribution/checks/check-verdict";
import { phoneFactsOf } from "../../server/contacts/phone-facts";

describe("phone facts known offline", () => {
  it("gives libphonenumber's type and the area code's state, and a mismatch with the stated state", () => {
    expect(phoneFactsOf("+14155550142", "CA")).toEqual({
      lineType: "fixed_line_or_mobile",
      areaCode: "415",
      areaCodeState: "CA",
      areaCodeInState: true,
    });
    expect(phoneFactsOf("+14155550142", "tx")).toMatchObject({
      areaCodeState: "CA",
      areaCodeInState: false,
    });
    expect(phoneFactsOf("+18005550142", "TX")).toMatchObject({
      lineType: "toll_free",
      areaCodeState: null,
      areaCodeInState: null,
    });
    expect(phoneFactsOf("+12125550142", null)).toMatchObject({
      areaCodeState: "NY",
      areaCodeInState: null,
    });
    expect(phoneFactsOf(null, "TX")).toEqual({
      lineType: null,
      areaCode: null,
      areaCodeState: null,
      areaCodeInState: null,
    });
  });
});

describe("reading a check's answer", () => {
  const conditions = [
    {
      field: "status",
      equals: "litigator",
      means: "block" as const,
      detailField: "reason",
    },
    { field: "status", equals: "clean", means: "pass" as const },
  ];
  it("the first matching rule decides; an answer matching none blocks when a pass rule exists; non-2xx is unavailable", () => {
    expect(
      checkVerdictOf(
        conditions,
        200,
        '{"status":"litigator","reason":"On the list"}',
      ),
    ).toEqual({ outcome: "block", detail: "On the list" });
    expect(checkVerdictOf(conditions, 200, '{"status":"clean"}')).toEqual({
      outcome: "pass",
      detail: 'status = "clean"',
    });
    expect(checkVerdictOf(conditions, 200, '{"status":"other"}').outcome).toBe(
      "block",
    );
    expect(checkVerdictOf(conditions, 200, "not json").outcome).toBe("block");
    expect(checkVerdictOf([], 200, "not json")).toEqual({
      outcome: "pass",
      detail: null,
    });
    expect(checkVerdictOf(conditions, 503, "")).toEqual({
      outcome: "unavailable",
      detail: "HTTP 503",
    });
  });
});
