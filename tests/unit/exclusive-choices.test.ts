import { describe, expect, it } from "vitest";
import { afffClaim } from "#claims/afff/definition";
import { fieldErrorsOf } from "#claims/engine/form-values";

/** Issue 9, item 11: 'None of these' is exclusive. */
describe("AFFF diagnosis: 'None of these' stands alone", () => {
  const base = {
    age: "yes",
    exposedToAFFF: "yes",
    exposureLocation: ["ship"],
    hasAttorney: "no",
    fullName: "Mary Ann Smith",
    ph: "(415) 555-2671",
    em: "mary@example.com",
    st: "CO",
    tcpa: true,
  };
  const errors = (diagnosis: string[]) => {
    const result = afffClaim.schema.safeParse({ ...base, diagnosis });
    return result.success ? {} : fieldErrorsOf(result.error);
  };

  it("refuses 'none' together with a diagnosis", () => {
    expect(errors(["kidney-cancer", "none"])).toEqual({ diagnosis: "'None of these' cannot be combined with other answers" });
  });

  it("accepts 'none' alone, or diagnoses without it", () => {
    expect(errors(["none"])).toEqual({});
    expect(errors(["kidney-cancer", "liver-cancer"])).toEqual({});
    expect(errors([])).toEqual({ diagnosis: "Please select at least one option" });
  });
});
