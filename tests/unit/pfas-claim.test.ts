import { describe, expect, it } from "vitest";
import { emptyValues, fieldErrorsOf, validateStep } from "#claims/engine/form-values";
import { TCPA_FIELD } from "#claims/engine/personal-fields";
import { PFAS_MESSAGES, pfasClaim, pfasToLead, type PfasAnswers } from "#claims/pfas/definition";

const valid = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  fn: "Jane",
  ln: "Doe",
  em: "jane@example.com",
  ph: "(415) 555-2671",
  st: "MI",
  exposureLocation: "Tap water in Oscoda, MI, near the old air force base, 1990-2005",
  healthConditions: "Kidney cancer",
  additionalInfo: "My neighbours were ill too",
  tcpa: true,
  ...overrides,
});
const parse = (overrides: Record<string, unknown> = {}) => pfasClaim.schema.parse(valid(overrides)) as PfasAnswers;
const errorsFor = (overrides: Record<string, unknown>) => {
  const result = pfasClaim.schema.safeParse(valid(overrides));
  return result.success ? {} : fieldErrorsOf(result.error);
};
const without = (field: string) => {
  const answers = valid();
  delete answers[field];
  return answers;
};

describe("PFAS validation messages (spec section 5, 'PFAS form')", () => {
  it.each([
    ["First name at least 2 characters: 'First name must be at least 2 characters'", "fn", ["", "J", " J "], "First name must be at least 2 characters"],
    ["Last name at least 2: 'Last name must be at least 2 characters'", "ln", ["", "D"], "Last name must be at least 2 characters"],
    ["Email valid: 'Please enter a valid email address'", "em", ["", "jane@", "jane.example.com"], "Please enter a valid email address"],
    ["Phone at least 10 characters: 'Please enter a valid phone number'", "ph", ["", "555-2671", "(015) 555-2671"], "Please enter a valid phone number"],
    ["State: 'Please select your state'", "st", ["", "Michigan", "XX"], "Please select your state"],
    ["Exposure location at least 1 character: 'Please describe where you were exposed'", "exposureLocation", ["", "   "], "Please describe where you were exposed"],
  ])("%s", (_rule, field, badValues, message) => {
    for (const value of badValues) expect(errorsFor({ [field]: value }), `${field}=${JSON.stringify(value)}`).toEqual({ [field]: message });
    expect(fieldErrorsOf(pfasClaim.schema.safeParse(without(field)).error!)).toEqual({ [field]: message });
  });

  it("uses the spec's exact texts", () => {
    expect(PFAS_MESSAGES).toEqual({
      firstName: "First name must be at least 2 characters",
      lastName: "Last name must be at least 2 characters",
      email: "Please enter a valid email address",
      phone: "Please enter a valid phone number",
      state: "Please select your state",
      exposureLocation: "Please describe where you were exposed",
      consent: "You must agree to be contacted",
    });
  });

  it("requires TCPA consent: 'You must agree to be contacted'", () => {
    expect(errorsFor({ tcpa: false })).toEqual({ tcpa: "You must agree to be contacted" });
    expect(fieldErrorsOf(pfasClaim.schema.safeParse(without("tcpa")).error!)).toEqual({ tcpa: "You must agree to be contacted" });
  });

  it("Health conditions and additional info optional", () => {
    const { healthConditions: _h, additionalInfo: _a, ...required } = valid();
    expect(pfasClaim.schema.safeParse(required).success).toBe(true);
    expect(pfasClaim.schema.safeParse(valid({ healthConditions: "", additionalInfo: "  " })).success).toBe(true);
  });

  it("stores the phone as 10 digits", () => {
    expect(parse().ph).toBe("4155552671");
  });

  it("checks each step on Next with the same messages (DESIGN section 7)", () => {
    expect(pfasClaim.gating).toBe("validate-on-next");
    const values = emptyValues(pfasClaim, "key-12345678");
    expect(validateStep(pfasClaim, 0, values)).toEqual({
      fn: PFAS_MESSAGES.firstName,
      ln: PFAS_MESSAGES.lastName,
      em: PFAS_MESSAGES.email,
      ph: PFAS_MESSAGES.phone,
      st: PFAS_MESSAGES.state,
    });
    expect(validateStep(pfasClaim, 1, values)).toEqual({ exposureLocation: PFAS_MESSAGES.exposureLocation });
    expect(validateStep(pfasClaim, 2, values)).toEqual({ tcpa: PFAS_MESSAGES.consent });
  });
});

describe("PFAS lead (spec section 3, 'PFAS lead')", () => {
  it("case_type 'PFAS'; cq1 exposure location; cq2 health conditions; cq3 additional info", () => {
    expect(pfasClaim.caseType).toBe("PFAS");
    expect(pfasToLead(parse())).toEqual({
      fn: "Jane",
      ln: "Doe",
      em: "jane@example.com",
      ph: "4155552671",
      st: "MI",
      tcpa: true,
      cq: { 1: "Tap water in Oscoda, MI, near the old air force base, 1990-2005", 2: "Kidney cancer", 3: "My neighbours were ill too" },
    });
  });

  it("cq2 health conditions or null; cq3 additional info or null", () => {
    expect(pfasToLead(parse({ healthConditions: undefined, additionalInfo: undefined })).cq).toEqual({
      1: "Tap water in Oscoda, MI, near the old air force base, 1990-2005",
      2: null,
      3: null,
    });
    expect(pfasToLead(parse({ healthConditions: " ", additionalInfo: "" })).cq).toMatchObject({ 2: null, 3: null });
  });

  it("stores everything with no eligibility flag (spec section 4)", () => {
    expect(pfasClaim.eligibility).toBeUndefined();
  });
});

describe("PFAS form (spec section 2, 'PFAS')", () => {
  it("lives at /pfas-claim-form, with its landing at /pfas-claim", () => {
    expect(pfasClaim.routes).toEqual({ landing: "/pfas-claim", form: "/pfas-claim-form" });
  });

  it("has 3 steps: personal info; exposure location and health conditions; additional info with 'What happens next?' and consent", () => {
    expect(pfasClaim.steps.map((s) => s.fields.map((f) => f.name))).toEqual([
      ["fn", "ln", "em", "ph", "st"],
      ["exposureLocation", "healthConditions"],
      ["additionalInfo", "tcpa"],
    ]);
    const [, exposure, last] = pfasClaim.steps;
    expect(exposure!.fields.map((f) => [f.kind, Boolean(f.optional)])).toEqual([
      ["textarea", false],
      ["textarea", true],
    ]);
    expect(last!.fields.at(-1)).toBe(TCPA_FIELD);
    expect(last!.panel?.title).toBe("What happens next?");
  });

  it("offers the 50 state codes", () => {
    const state = pfasClaim.steps[0]!.fields.find((f) => f.name === "st")!;
    expect(state.options).toHaveLength(50);
  });

  it("has the spec's buttons, messages and contact promise, with no artificial delay", () => {
    expect(pfasClaim.copy).toMatchObject({
      next: "Continue",
      submit: "Get My Free Case Review",
      submitting: "Submitting...",
      submitError: "Failed to submit your claim. Please try again.",
      savedNotice: "Your PFAS claim has been submitted successfully! Lead ID: {id}",
      contactWithin: "within 24 hours",
    });
    expect(pfasClaim.minBusyMs).toBe(0);
    expect(pfasClaim.results).toEqual({ none: expect.objectContaining({ heading: "Thank You!" }) });
    expect(pfasClaim.resultAction ?? "home").toBe("home");
  });
});
