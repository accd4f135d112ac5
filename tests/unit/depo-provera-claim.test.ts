import { describe, expect, it } from "vitest";
import {
  DEPO_DIAGNOSIS,
  DEPO_DIAGNOSIS_TIME,
  DEPO_SYMPTOMS,
  DEPO_USED,
  DEPO_USE_DURATION,
  depoProveraClaim,
  depoToLead,
  type DepoAnswers,
} from "#claims/depo-provera/definition";
import { fieldErrorsOf } from "#claims/engine/form-values";
import { depoProveraAnswers } from "#claims/depo-provera/examples";

const parse = (overrides: Record<string, unknown> = {}) => depoProveraClaim.schema.parse(depoProveraAnswers(overrides)) as DepoAnswers;
const errorsOf = (overrides: Record<string, unknown>) => {
  const result = depoProveraClaim.schema.safeParse(depoProveraAnswers(overrides));
  return result.success ? {} : fieldErrorsOf(result.error);
};
const values = (options: readonly { value: string }[]) => options.map((o) => o.value);

describe("Depo-Provera enumerations (spec section 3, 'Enumerations')", () => {
  it("cq1 yes, no, unsure", () => {
    expect(values(DEPO_USED)).toEqual(["yes", "no", "unsure"]);
  });
  it("cq2 less_than_1_year, 1_2_years, 2_5_years, more_than_5_years", () => {
    expect(values(DEPO_USE_DURATION)).toEqual(["less_than_1_year", "1_2_years", "2_5_years", "more_than_5_years"]);
  });
  it("cq3 yes_brain_tumor, yes_meningioma, yes_both, no, under_investigation", () => {
    expect(values(DEPO_DIAGNOSIS)).toEqual(["yes_brain_tumor", "yes_meningioma", "yes_both", "no", "under_investigation"]);
  });
  it("cq4 within_1_year, 1_3_years, 3_5_years, more_than_5_years, not_diagnosed", () => {
    expect(values(DEPO_DIAGNOSIS_TIME)).toEqual(["within_1_year", "1_3_years", "3_5_years", "more_than_5_years", "not_diagnosed"]);
  });
  it("cq5 headaches, vision_problems, hearing_loss, seizures, memory_issues, multiple, none", () => {
    expect(values(DEPO_SYMPTOMS)).toEqual(["headaches", "vision_problems", "hearing_loss", "seizures", "memory_issues", "multiple", "none"]);
  });
  it("every select of the form offers exactly its enumeration", () => {
    const fields = Object.fromEntries(depoProveraClaim.steps[0]!.fields.map((f) => [f.name, f]));
    expect(fields.cq1!.options).toBe(DEPO_USED);
    expect(fields.cq2!.options).toBe(DEPO_USE_DURATION);
    expect(fields.cq3!.options).toBe(DEPO_DIAGNOSIS);
    expect(fields.cq4!.options).toBe(DEPO_DIAGNOSIS_TIME);
    expect(fields.cq5!.options).toBe(DEPO_SYMPTOMS);
    for (const name of ["cq1", "cq2", "cq3", "cq4", "cq5"]) expect(fields[name]!.kind).toBe("select");
  });
});

describe("Depo-Provera lead (spec section 3, 'Depo-Provera claim form'; DESIGN section 7: saved)", () => {
  it("stores fn, ln, em, ph, st, cq1..cq5 and notes as answered, case_type 'Depo-Provera', no eligibility", () => {
    expect(depoToLead(parse())).toEqual({
      fn: "Jane",
      ln: "Doe",
      em: "jane.doe@example.com",
      ph: "4155552671",
      st: "TX",
      tcpa: true,
      notes: "Diagnosed after six years of injections.",
      cq: { 1: "yes", 2: "2_5_years", 3: "yes_meningioma", 4: "1_3_years", 5: "headaches" },
    });
    expect(depoProveraClaim.caseType).toBe("Depo-Provera");
    expect(depoProveraClaim.eligibility).toBeUndefined();
  });
  it("'cq5 and notes optional': left blank or out, they are stored as null", () => {
    expect(depoToLead(parse({ cq5: "", notes: "  " }))).toMatchObject({ notes: null, cq: { 5: null } });
    expect(depoToLead(parse({ cq5: undefined, notes: undefined }))).toMatchObject({ notes: null, cq: { 5: null } });
  });
});

describe("Depo-Provera form (spec sections 2, 7 and 9)", () => {
  it("is one page with the personal fields, cq1..cq5, notes and TCPA consent", () => {
    expect(depoProveraClaim.steps).toHaveLength(1);
    expect(depoProveraClaim.steps[0]!.fields.map((f) => f.name)).toEqual(["fn", "ln", "em", "ph", "st", "cq1", "cq2", "cq3", "cq4", "cq5", "notes", "tcpa"]);
    const optional = depoProveraClaim.steps[0]!.fields.filter((f) => f.optional).map((f) => f.name);
    expect(optional).toEqual(["cq5", "notes"]);
  });
  it("reads 'Submitting Your Claim...' while sending, for at least the spec's 2 seconds", () => {
    expect(depoProveraClaim.copy.submitting).toBe("Submitting Your Claim...");
    expect(depoProveraClaim.minBusyMs).toBe(2000);
  });
  it("ends on a thank-you screen with 'Submit Another Claim', promising contact within 24 hours", () => {
    expect(depoProveraClaim.resultAction).toBe("submit-another");
    expect(depoProveraClaim.results?.none?.heading).toBe("Thank You!");
    expect(depoProveraClaim.copy.contactWithin).toBe("within 24 hours");
    expect(depoProveraClaim.routes).toEqual({ landing: "/depo-provera", form: "/depo-provera-claim" });
  });
  it("offers the 50 state codes", () => {
    expect(depoProveraClaim.steps[0]!.fields.find((f) => f.name === "st")!.options).toHaveLength(50);
  });
});

describe("Depo-Provera validation messages (spec section 5, 'Depo-Provera')", () => {
  it.each([
    ["fn at least 2 ('First name must be at least 2 characters')", { fn: "J" }, "fn", "First name must be at least 2 characters"],
    ["fn blank", { fn: "" }, "fn", "First name must be at least 2 characters"],
    ["ln at least 2 ('Last name must be at least 2 characters')", { ln: "D" }, "ln", "Last name must be at least 2 characters"],
    ["ln missing", { ln: undefined }, "ln", "Last name must be at least 2 characters"],
    ["em valid ('Please enter a valid email address')", { em: "jane.example.com" }, "em", "Please enter a valid email address"],
    ["em blank", { em: "" }, "em", "Please enter a valid email address"],
    ["ph at least 10 ('Please enter a valid phone number')", { ph: "555-2671" }, "ph", "Please enter a valid phone number"],
    ["ph a 10-digit US number (DESIGN section 7)", { ph: "1234567890" }, "ph", "Please enter a valid phone number"],
    ["st ('Please select your state')", { st: "" }, "st", "Please select your state"],
    ["st one of the 50 states", { st: "Texas" }, "st", "Please select your state"],
    ["cq1 ('Please select an option')", { cq1: "" }, "cq1", "Please select an option"],
    ["cq2 ('Please select an option')", { cq2: undefined }, "cq2", "Please select an option"],
    ["cq3 ('Please select an option')", { cq3: "maybe" }, "cq3", "Please select an option"],
    ["cq4 ('Please select an option')", { cq4: "" }, "cq4", "Please select an option"],
    ["cq5, when given, one of its options", { cq5: "fever" }, "cq5", "Please select an option"],
    ["TCPA consent ('You must agree to be contacted')", { tcpa: false }, "tcpa", "You must agree to be contacted"],
  ])("%s", (_rule, overrides, field, message) => {
    expect(errorsOf(overrides)[field]).toBe(message);
  });

  it("accepts two-letter names and leaves out cq5 and notes", () => {
    expect(errorsOf({ fn: "Jo", ln: "Li", cq5: "", notes: "" })).toEqual({});
  });
});
