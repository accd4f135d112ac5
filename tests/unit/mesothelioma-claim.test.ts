import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "#claims/engine/form-values";
import { MESO_AGE_RANGES, MESO_DIAGNOSES, MESO_EXPOSURE_TYPES, mesoEligibility, mesoToLead, mesotheliomaClaim, type MesoAnswers } from "#claims/mesothelioma/definition";

const valid = (overrides: Record<string, unknown> = {}) => ({
  fn: "Jane",
  ln: "Doe",
  em: "jane@example.com",
  ph: "4155552671",
  st: "WY",
  diagnosis: "Mesothelioma",
  ageRange: "60-69",
  exposureType: "Military Service",
  hasAttorney: "No",
  tcpa: true,
  ...overrides,
});
const parse = (overrides: Record<string, unknown> = {}) => mesotheliomaClaim.schema.parse(valid(overrides)) as MesoAnswers;

describe("mesothelioma eligibility (spec section 4)", () => {
  it("eligible = diagnosis present and not 'No Diagnosis', exposure type chosen, has-attorney 'No'", () => {
    for (const diagnosis of ["Mesothelioma", "Lung Cancer", "Asbestosis", "Other Asbestos-Related Disease"]) {
      expect(mesoEligibility(parse({ diagnosis }))).toEqual({ outcome: "eligible", reason: "Eligible" });
    }
  });
  it("not eligible = 'No Diagnosis'", () => {
    expect(mesoEligibility(parse({ diagnosis: "No Diagnosis" }))).toEqual({ outcome: "ineligible", reason: "Ineligible" });
  });
  it("not eligible = has-attorney 'Yes'", () => {
    expect(mesoEligibility(parse({ hasAttorney: "Yes" }))).toEqual({ outcome: "ineligible", reason: "Ineligible" });
  });
  it("otherwise 'Partial' (no exposure type recorded)", () => {
    expect(mesoEligibility({ ...parse(), exposureType: "" } as MesoAnswers)).toEqual({ outcome: "partial", reason: "Partial" });
  });
});

describe("mesothelioma lead mapping (spec section 3)", () => {
  it("cq1 diagnosis; cq2 exposure type; cq3 has-attorney (Yes/No); cq4 age range; case_type 'Mesothelioma'", () => {
    expect(mesoToLead(parse())).toMatchObject({ fn: "Jane", st: "WY", tcpa: true, cq: { 1: "Mesothelioma", 2: "Military Service", 3: "No", 4: "60-69" } });
    expect(mesotheliomaClaim.caseType).toBe("Mesothelioma");
  });
  it("offers the spec's enumerations exactly", () => {
    expect(MESO_DIAGNOSES.map((o) => o.value)).toEqual(["Mesothelioma", "Lung Cancer", "Asbestosis", "Other Asbestos-Related Disease", "No Diagnosis"]);
    expect(MESO_EXPOSURE_TYPES.map((o) => o.value)).toEqual([
      "Occupational (Workplace)",
      "Military Service",
      "Secondary (Family Member)",
      "Environmental",
      "Products/Consumer Goods",
      "Unsure",
    ]);
    expect(MESO_AGE_RANGES.map((o) => o.value)).toEqual(["Under 40", "40-49", "50-59", "60-69", "70-79", "80+"]);
  });
  it("offers the 50 state codes", () => {
    const state = mesotheliomaClaim.steps[0]!.fields.find((f) => f.name === "st")!;
    expect(state.options).toHaveLength(50);
  });
  it("has four steps gated on Next, and the spec's labels and contact promise", () => {
    expect(mesotheliomaClaim.steps).toHaveLength(4);
    expect(mesotheliomaClaim.gating).toBe("next-disabled-until-complete");
    expect(mesotheliomaClaim.copy).toMatchObject({ submit: "Submit Claim", submitting: "Processing...", contactWithin: "within 24-48 hours" });
    expect(mesotheliomaClaim.results).toMatchObject({
      ineligible: { heading: "We're Sorry" },
      eligible: { heading: "You May Be Eligible" },
      partial: { heading: "Thank You!" },
    });
  });
  it("rejects a missing consent and unknown options", () => {
    const result = mesotheliomaClaim.schema.safeParse(valid({ tcpa: false, diagnosis: "Flu" }));
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error!)).toEqual({ tcpa: "You must agree to be contacted", diagnosis: "Please select an option" });
  });
});
