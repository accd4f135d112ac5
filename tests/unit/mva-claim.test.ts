import { describe, expect, it } from "vitest";
import { answersFromValues, fieldErrorsOf, validateStep } from "#claims/engine/form-values";
import { isoDay } from "#claims/engine/schema-builders";
import { MVA_ALLOWED_STATES, mvaClaim, mvaEligibility, mvaToLead, type MvaAnswers } from "#claims/mva/definition";
import { mvaAnswers } from "#claims/mva/examples";

const parse = (overrides: Record<string, unknown> = {}) => mvaClaim.schema.parse(mvaAnswers(overrides)) as MvaAnswers;
const errorsOf = (overrides: Record<string, unknown>) => {
  const result = mvaClaim.schema.safeParse(mvaAnswers(overrides));
  return result.success ? {} : fieldErrorsOf(result.error);
};
const daysAgo = (days: number) => isoDay(new Date(Date.now() - days * 86_400_000));

describe("MVA eligibility (spec section 4)", () => {
  it("eligible = state in the allowed list AND attorney answer No AND cq2 Yes (not at fault)", () => {
    expect(mvaEligibility(parse({ st: "CA", noAttorney: "No", driverNotAtFault: "No" }))).toEqual({
      outcome: "eligible",
      reason: "Eligible",
    });
  });

  it("not eligible = attorney answer Yes", () => {
    expect(mvaEligibility(parse({ noAttorney: "Yes" }))).toEqual({ outcome: "ineligible", reason: "Ineligible" });
  });

  it("not eligible = cq2 No (the visitor was at fault)", () => {
    expect(mvaEligibility(parse({ driverNotAtFault: "Yes" }))).toEqual({ outcome: "ineligible", reason: "Ineligible" });
  });

  it("not eligible wins even in a state outside the list", () => {
    expect(mvaEligibility(parse({ st: "OR", noAttorney: "Yes" })).outcome).toBe("ineligible");
  });

  it("if neither, partial (reason 'Partial'): not at fault, no attorney, state not serviced", () => {
    expect(mvaEligibility(parse({ st: "OR" }))).toEqual({ outcome: "partial", reason: "Partial" });
  });

  it("every one of the 24 allowed states can be eligible", () => {
    expect(MVA_ALLOWED_STATES).toHaveLength(24);
    for (const st of MVA_ALLOWED_STATES) expect(mvaEligibility(parse({ st })).outcome).toBe("eligible");
  });
});

describe("MVA answer mapping (spec section 3, 'MVA lead')", () => {
  const lead = mvaToLead(
    parse({
      noAttorney: "No",
      driverNotAtFault: "No",
      treatmentWithin14Days: "Yes",
      accidentDate: daysAgo(20),
      noMovingViolation: "No",
      noPriorSettlement: "Yes",
      realInjuries: "No",
      noTreatmentLapse: "Yes",
      insuranceCoverage: ["Defendant Insurance Coverage", "Driver Insurance Coverage (No Pay No Play)"],
    }),
  );

  it("cq1 = attorney answer", () => expect(lead.cq?.[1]).toBe("No"));
  it("cq2 = at-fault answer inverted (at-fault No becomes cq2 Yes)", () => expect(lead.cq?.[2]).toBe("Yes"));
  it("cq2 = at-fault answer inverted (at-fault Yes becomes cq2 No)", () =>
    expect(mvaToLead(parse({ driverNotAtFault: "Yes" })).cq?.[2]).toBe("No"));
  it("cq3 = treatment within 14 days", () => expect(lead.cq?.[3]).toBe("Yes"));
  it("cq4 = accident date as yyyy-MM-dd, also stored as accident_date", () => {
    expect(lead.cq?.[4]).toBe(daysAgo(20));
    expect(lead.accident_date).toBe(daysAgo(20));
  });
  it("cq5 = moving violation", () => expect(lead.cq?.[5]).toBe("No"));
  it("cq6 = prior settlement", () => expect(lead.cq?.[6]).toBe("Yes"));
  it("cq7 = real injuries", () => expect(lead.cq?.[7]).toBe("No"));
  it("cq8 and cq10 = treatment lapse", () => {
    expect(lead.cq?.[8]).toBe("Yes");
    expect(lead.cq?.[10]).toBe("Yes");
  });
  it("cq9 = coverage choices joined by comma and space", () =>
    expect(lead.cq?.[9]).toBe("Defendant Insurance Coverage, Driver Insurance Coverage (No Pay No Play)"));
  it("contact fields are copied; the phone is kept as its 10 digits", () => {
    expect(lead).toMatchObject({ fn: "Jane", ln: "Doe", em: "jane.doe@example.com", ph: "4155552671", st: "CA", tcpa: true });
  });
});

describe("MVA schema messages (spec section 5 and DESIGN section 7)", () => {
  it.each([
    [{ fn: "" }, "fn", "First name is required"],
    [{ fn: "J" }, "fn", "First name must be at least 2 characters"],
    [{ ln: undefined }, "ln", "Last name is required"],
    [{ ln: "D" }, "ln", "Last name must be at least 2 characters"],
    [{ em: "" }, "em", "Email is required"],
    [{ em: "not-an-email" }, "em", "Please enter a valid email address"],
    [{ ph: "" }, "ph", "Phone number is required"],
    [{ ph: "555-1234" }, "ph", "Please enter a valid phone number"],
    [{ ph: "(015) 555-2671" }, "ph", "Please enter a valid phone number"],
    [{ st: "" }, "st", "Please select your state"],
    [{ st: "XX" }, "st", "Please select your state"],
    [{ accidentDate: "" }, "accidentDate", "Please choose the date of the accident"],
    [{ accidentDate: "2026-02-30" }, "accidentDate", "Please choose the date of the accident"],
    [{ accidentDate: daysAgo(181) }, "accidentDate", "The accident must have happened within the last 6 months"],
    [{ accidentDate: daysAgo(-3) }, "accidentDate", "The accident date cannot be in the future"],
    [{ driverNotAtFault: "" }, "driverNotAtFault", "Please select an option"],
    [{ noAttorney: "maybe" }, "noAttorney", "Please select an option"],
    [{ insuranceCoverage: [] }, "insuranceCoverage", "Please select at least one option"],
    [{ insuranceCoverage: ["Something else"] }, "insuranceCoverage", "Please select at least one option"],
    [{ tcpa: false }, "tcpa", "You must agree to be contacted"],
    [{ tcpa: "true" }, "tcpa", "You must agree to be contacted"],
  ])("%j gives %s: %s", (overrides, field, message) => {
    expect(errorsOf(overrides)[field]).toBe(message);
  });

  it("accepts the last day of the 180-day window and today", () => {
    expect(errorsOf({ accidentDate: daysAgo(180) })).toEqual({});
    expect(errorsOf({ accidentDate: daysAgo(0) })).toEqual({});
  });

  it("validates one step at a time from raw form values", () => {
    const values = { fn: "J", ln: "Doe", em: "x", ph: "4155552671", st: "CA" };
    expect(validateStep(mvaClaim, 0, values)).toEqual({
      fn: "First name must be at least 2 characters",
      em: "Please enter a valid email address",
    });
    expect(validateStep(mvaClaim, 4, { noTreatmentLapse: "No", tcpa: "on" })).toEqual({});
    expect(answersFromValues(mvaClaim, { tcpa: "on", insuranceCoverage: "Driver UI or UIM Coverage" })).toMatchObject({
      tcpa: true,
      insuranceCoverage: ["Driver UI or UIM Coverage"],
    });
  });
});
