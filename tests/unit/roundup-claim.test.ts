import { describe, expect, it } from "vitest";
import { errorSummary, fieldErrorsOf, isStepComplete } from "#claims/engine/form-values";
import {
  ROUNDUP_DIAGNOSES,
  ROUNDUP_YEARS_OF_USE,
  roundupClaim,
  roundupEligibility,
  roundupToLead,
  type RoundupAnswers,
} from "#claims/roundup/definition";

const valid = (overrides: Record<string, unknown> = {}) => ({
  fn: "Jane",
  ln: "Doe",
  em: "jane@example.com",
  ph: "415-555-2671",
  st: "IA",
  usedWeedKiller: "Yes",
  yearsOfUse: "6-10 years",
  diagnosis: "Non-Hodgkin's Lymphoma",
  hasAttorney: "No",
  tcpa: true,
  ...overrides,
});
const parse = (overrides: Record<string, unknown> = {}) => roundupClaim.schema.parse(valid(overrides)) as RoundupAnswers;
const errorsOf = (input: Record<string, unknown>) => {
  const result = roundupClaim.schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
};
const DIAGNOSED = ROUNDUP_DIAGNOSES.map((o) => o.value).filter((d) => d !== "No Diagnosis");

describe("RoundUp eligibility (spec section 4)", () => {
  it("eligible if used weed killer is Yes AND diagnosis is anything but 'No Diagnosis' AND has attorney is No", () => {
    expect(DIAGNOSED).toHaveLength(7);
    for (const diagnosis of DIAGNOSED) {
      expect(roundupEligibility(parse({ diagnosis }))).toEqual({ outcome: "eligible", reason: "Eligible" });
    }
  });

  it("years of use do not change the outcome", () => {
    for (const yearsOfUse of ROUNDUP_YEARS_OF_USE.map((o) => o.value)) {
      expect(roundupEligibility(parse({ yearsOfUse })).outcome).toBe("eligible");
    }
  });

  it("not eligible if used is not Yes", () => {
    expect(roundupEligibility(parse({ usedWeedKiller: "No" }))).toEqual({ outcome: "ineligible", reason: "Ineligible" });
  });

  it("not eligible if diagnosis is 'No Diagnosis'", () => {
    expect(roundupEligibility(parse({ diagnosis: "No Diagnosis" }))).toEqual({ outcome: "ineligible", reason: "Ineligible" });
  });

  it("not eligible if diagnosis is empty", () => {
    expect(roundupEligibility({ ...parse(), diagnosis: "" } as unknown as RoundupAnswers)).toEqual({ outcome: "ineligible", reason: "Ineligible" });
  });

  it("not eligible if has attorney is Yes", () => {
    expect(roundupEligibility(parse({ hasAttorney: "Yes" }))).toEqual({ outcome: "ineligible", reason: "Ineligible" });
  });

  it("otherwise partial (an attorney answer that is neither Yes nor No, which the form cannot send)", () => {
    expect(roundupEligibility({ ...parse(), hasAttorney: "" } as unknown as RoundupAnswers)).toEqual({ outcome: "partial", reason: "Partial" });
  });
});

describe("RoundUp lead mapping (spec section 3, 'RoundUp lead')", () => {
  const lead = roundupToLead(parse({ usedWeedKiller: "No", yearsOfUse: "Less than 1 year", diagnosis: "T-Cell Lymphoma", hasAttorney: "Yes" }));

  it("cq1 used weed killer", () => expect(lead.cq?.[1]).toBe("No"));
  it("cq2 years of use", () => expect(lead.cq?.[2]).toBe("Less than 1 year"));
  it("cq3 diagnosis", () => expect(lead.cq?.[3]).toBe("T-Cell Lymphoma"));
  it("cq4 has attorney", () => expect(lead.cq?.[4]).toBe("Yes"));
  it("uses no cq column beyond cq4", () => expect(Object.keys(lead.cq ?? {})).toEqual(["1", "2", "3", "4"]));
  it("fn, ln, em, ph, st, tcpa and case_type 'RoundUp'; the phone stored as 10 digits", () => {
    expect(lead).toMatchObject({ fn: "Jane", ln: "Doe", em: "jane@example.com", ph: "4155552671", st: "IA", tcpa: true });
    expect(roundupClaim.caseType).toBe("RoundUp");
  });
});

describe("RoundUp enumerations (spec section 3)", () => {
  it("years of use: Less than 1 year, 1-2 years, 3-5 years, 6-10 years, More than 10 years", () => {
    expect(ROUNDUP_YEARS_OF_USE.map((o) => o.value)).toEqual(["Less than 1 year", "1-2 years", "3-5 years", "6-10 years", "More than 10 years"]);
  });
  it("diagnosis: the seven cancers and 'No Diagnosis'", () => {
    expect(ROUNDUP_DIAGNOSES.map((o) => o.value)).toEqual([
      "Non-Hodgkin's Lymphoma",
      "Hairy Cell Leukemia",
      "Multiple Myeloma",
      "Chronic Lymphocytic Leukemia",
      "B-Cell Lymphoma",
      "T-Cell Lymphoma",
      "Other Cancer",
      "No Diagnosis",
    ]);
  });
  it("used weed killer and has attorney: Yes / No", () => {
    const options = (name: string) => roundupClaim.steps.flatMap((s) => s.fields).find((f) => f.name === name)!.options!.map((o) => o.value);
    expect(options("usedWeedKiller")).toEqual(["Yes", "No"]);
    expect(options("hasAttorney")).toEqual(["Yes", "No"]);
  });
  it("the state list offers the 50 US two-letter codes (spec section 9)", () => {
    const state = roundupClaim.steps[0]!.fields.find((f) => f.name === "st")!;
    expect(state.options).toHaveLength(50);
    expect(state.options!.every((o) => /^[A-Z]{2}$/.test(o.value))).toBe(true);
  });
  it("rejects values outside the enumerations", () => {
    expect(errorsOf(valid({ usedWeedKiller: "yes", yearsOfUse: "20 years", diagnosis: "Flu", hasAttorney: "Maybe" }))).toEqual({
      usedWeedKiller: "Please select an option",
      yearsOfUse: "Please select an option",
      diagnosis: "Please select an option",
      hasAttorney: "Please select an option",
    });
  });
});

describe("RoundUp form (spec sections 2, 5, 8 and 9)", () => {
  it("4 steps: personal info; used weed killer and years; diagnosis and attorney; TCPA consent", () => {
    expect(roundupClaim.steps.map((s) => s.fields.map((f) => f.name))).toEqual([
      ["fn", "ln", "em", "ph", "st"],
      ["usedWeedKiller", "yearsOfUse"],
      ["diagnosis", "hasAttorney"],
      ["tcpa"],
    ]);
    expect(roundupClaim.routes).toEqual({ landing: "/roundup-claim-landing", landingAliases: ["/roundup-cancer"], form: "/roundup-claim" });
  });

  it("Next is disabled until the step's fields are filled", () => {
    expect(roundupClaim.gating).toBe("next-disabled-until-complete");
    expect(isStepComplete(roundupClaim, 1, { usedWeedKiller: "Yes", yearsOfUse: "" })).toBe(false);
    expect(isStepComplete(roundupClaim, 1, { usedWeedKiller: "Yes", yearsOfUse: "3-5 years" })).toBe(true);
    expect(isStepComplete(roundupClaim, 2, { diagnosis: "Other Cancer", hasAttorney: "" })).toBe(false);
    expect(isStepComplete(roundupClaim, 3, { tcpa: "on" })).toBe(true);
  });

  it("'Submit Claim' shows 'Processing...' for at least the spec's 1.5 s", () => {
    expect(roundupClaim.copy).toMatchObject({ next: "Next", submit: "Submit Claim", submitting: "Processing..." });
    expect(roundupClaim.minBusyMs).toBe(1500);
  });

  it("success 'Your RoundUp claim information has been saved successfully. Lead ID: {id}'", () => {
    expect(roundupClaim.copy.savedNotice).toContain("Your RoundUp claim information has been saved successfully. Lead ID: {id}");
  });

  it("failure 'Error: Database save failed', without internal details", () => {
    expect(roundupClaim.copy.submitError).toContain("Error: Database save failed.");
    expect(roundupClaim.copy.submitError).toMatch(/try again/);
  });

  it("results 'We're Sorry', 'Congratulations!', 'Thank You!', each promising contact within 24-48 hours", () => {
    expect(roundupClaim.results?.ineligible?.heading).toBe("We're Sorry");
    expect(roundupClaim.results?.eligible?.heading).toBe("Congratulations!");
    expect(roundupClaim.results?.partial?.heading).toBe("Thank You!");
    expect(roundupClaim.copy.contactWithin).toBe("within 24-48 hours");
    // The result screen adds the promise to the others; the declined one carries it in its message.
  });
});

describe("RoundUp messages", () => {
  it("a missing name, email, phone, state or consent fails with 'Missing required fields', each field with its message", () => {
    expect(errorSummary(errorsOf({}), {})).toBe("Missing required fields");
    expect(errorsOf({})).toEqual({
      fn: "First name is required",
      ln: "Last name is required",
      em: "Email is required",
      ph: "Phone number is required",
      st: "Please select your state",
      usedWeedKiller: "Please select an option",
      yearsOfUse: "Please select an option",
      diagnosis: "Please select an option",
      hasAttorney: "Please select an option",
      tcpa: "You must agree to be contacted",
    });
  });

  it("consent must be given: 'You must agree to be contacted'", () => {
    expect(errorsOf(valid({ tcpa: false }))).toEqual({ tcpa: "You must agree to be contacted" });
    expect(errorsOf(valid({ tcpa: "true" }))).toEqual({ tcpa: "You must agree to be contacted" });
  });

  it("contact formats: names of 2+ characters, a valid email, a 10-digit US phone, one of the 50 states", () => {
    expect(errorsOf(valid({ fn: "J", ln: " D ", em: "jane.example.com", ph: "12345", st: "PR" }))).toEqual({
      fn: "First name must be at least 2 characters",
      ln: "Last name must be at least 2 characters",
      em: "Please enter a valid email address",
      ph: "Please enter a valid phone number",
      st: "Please select your state",
    });
  });
});
