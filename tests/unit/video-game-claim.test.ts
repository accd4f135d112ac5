import { describe, expect, it } from "vitest";
import { emptyValues, fieldErrorsOf, validateStep } from "#claims/engine/form-values";
import { TCPA_FIELD } from "#claims/engine/personal-fields";
import { VIDEO_GAME_MESSAGES, videoGameClaim, videoGameToLead, type VideoGameAnswers } from "#claims/video-game/definition";

const valid = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  fn: "Sam",
  ln: "Lee",
  em: "sam.lee@example.com",
  ph: "312-555-0199",
  st: "IL",
  gamesPlayed: "Battle royale shooters, a block-building game",
  gamingPeriod: "2018 to now",
  hoursPerDay: "7",
  moneySpent: "$4,000",
  healthImpacts: "Anxiety, no sleep, dropped out of college",
  relationshipImpacts: "Stopped seeing friends",
  financialImpacts: "Maxed out a credit card",
  treatmentSought: "Counseling since 2023",
  manipulativeFeatures: "Loot boxes and daily login rewards",
  additionalInfo: "My parents can confirm",
  tcpa: true,
  ...overrides,
});
const parse = (overrides: Record<string, unknown> = {}) => videoGameClaim.schema.parse(valid(overrides)) as VideoGameAnswers;
const errorsFor = (answers: Record<string, unknown>) => {
  const result = videoGameClaim.schema.safeParse(answers);
  return result.success ? {} : fieldErrorsOf(result.error);
};
const without = (field: string) => {
  const answers = valid();
  delete answers[field];
  return answers;
};

describe("video game validation messages (spec section 5, 'Video game form')", () => {
  it.each([
    ["'First name is required'", "fn", "First name is required"],
    ["'Last name is required'", "ln", "Last name is required"],
    ["'Email is required'", "em", "Email is required"],
    ["'Phone number is required'", "ph", "Phone number is required"],
    ["'State is required'", "st", "State is required"],
    ["'Please list the games you played'", "gamesPlayed", "Please list the games you played"],
    ["'Gaming period is required'", "gamingPeriod", "Gaming period is required"],
    ["'Hours per day is required'", "hoursPerDay", "Hours per day is required"],
    ["'Money spent is required'", "moneySpent", "Money spent is required"],
    ["'Please describe health impacts'", "healthImpacts", "Please describe health impacts"],
    ["'Please describe manipulative features'", "manipulativeFeatures", "Please describe manipulative features"],
    ["consent: 'You must agree to be contacted'", "tcpa", "You must agree to be contacted"],
  ])("%s", (_message, field, message) => {
    expect(errorsFor(without(field))).toEqual({ [field]: message });
    const blank = field === "tcpa" ? false : "  ";
    expect(errorsFor(valid({ [field]: blank }))).toEqual({ [field]: message });
  });

  it("Optional: relationship, financial, treatment, additional info", () => {
    for (const field of ["relationshipImpacts", "financialImpacts", "treatmentSought", "additionalInfo"]) {
      expect(errorsFor(without(field)), field).toEqual({});
      expect(errorsFor(valid({ [field]: "" })), field).toEqual({});
    }
  });

  it("checks email and phone formats too (DESIGN section 7), with the site's messages", () => {
    expect(errorsFor(valid({ em: "sam@", ph: "555-0199" }))).toEqual({
      em: "Please enter a valid email address",
      ph: "Please enter a valid phone number",
    });
  });

  it("average hours per day is a number from 0 to 24", () => {
    expect(parse({ hoursPerDay: "0" }).hoursPerDay).toBe(0);
    expect(parse({ hoursPerDay: " 24 " }).hoursPerDay).toBe(24);
    expect(parse({ hoursPerDay: "2.5" }).hoursPerDay).toBe(2.5);
    expect(parse({ hoursPerDay: 6 }).hoursPerDay).toBe(6);
    for (const hoursPerDay of ["25", "-1", "lots", "1e1", 24.5]) {
      expect(errorsFor(valid({ hoursPerDay })), String(hoursPerDay)).toEqual({ hoursPerDay: VIDEO_GAME_MESSAGES.hoursPerDayRange });
    }
  });

  it("checks each step on Next with the same messages (DESIGN section 7)", () => {
    expect(videoGameClaim.gating).toBe("validate-on-next");
    const values = emptyValues(videoGameClaim, "key-12345678");
    expect(validateStep(videoGameClaim, 0, values)).toEqual({
      fn: "First name is required",
      ln: "Last name is required",
      em: "Email is required",
      ph: "Phone number is required",
      st: "State is required",
    });
    expect(validateStep(videoGameClaim, 1, values)).toEqual({
      gamesPlayed: "Please list the games you played",
      gamingPeriod: "Gaming period is required",
      hoursPerDay: "Hours per day is required",
      moneySpent: "Money spent is required",
    });
    expect(validateStep(videoGameClaim, 2, values)).toEqual({ healthImpacts: "Please describe health impacts" });
    expect(validateStep(videoGameClaim, 3, values)).toEqual({
      manipulativeFeatures: "Please describe manipulative features",
      tcpa: "You must agree to be contacted",
    });
  });
});

describe("video game lead (spec section 3, 'Video game lead')", () => {
  it("cq1 games played; cq2 gaming period; cq3 hours per day; cq4 money spent; cq5 health impacts; cq6 relationship; cq7 financial; cq8 treatment; cq9 manipulative practices; cq10 additional info", () => {
    expect(videoGameClaim.caseType).toBe("Video Game Addiction");
    expect(videoGameToLead(parse())).toEqual({
      fn: "Sam",
      ln: "Lee",
      em: "sam.lee@example.com",
      ph: "3125550199",
      st: "IL",
      tcpa: true,
      cq: {
        1: "Battle royale shooters, a block-building game",
        2: "2018 to now",
        3: "7",
        4: "$4,000",
        5: "Anxiety, no sleep, dropped out of college",
        6: "Stopped seeing friends",
        7: "Maxed out a credit card",
        8: "Counseling since 2023",
        9: "Loot boxes and daily login rewards",
        10: "My parents can confirm",
      },
    });
  });

  it("cq6 relationship impacts or null; cq7 financial impacts or null; cq8 treatment sought or null; cq10 additional info or null", () => {
    const lead = videoGameToLead(
      parse({ relationshipImpacts: undefined, financialImpacts: "", treatmentSought: " ", additionalInfo: undefined }),
    );
    expect(lead.cq).toMatchObject({ 6: null, 7: null, 8: null, 10: null });
  });

  it("cq3 keeps fractional hours as typed", () => {
    expect(videoGameToLead(parse({ hoursPerDay: "2.5" })).cq![3]).toBe("2.5");
  });

  it("stores everything with no eligibility flag (spec section 4)", () => {
    expect(videoGameClaim.eligibility).toBeUndefined();
  });
});

describe("video game form (spec section 2, 'Video game addiction')", () => {
  it("lives at /video-game-addiction-claim, with its landing at /video-game-addiction", () => {
    expect(videoGameClaim.routes).toEqual({ landing: "/video-game-addiction", form: "/video-game-addiction-claim" });
  });

  it("has 4 steps: personal info; gaming history; impact; manipulative features, additional info, 'Next Steps' and consent", () => {
    expect(videoGameClaim.steps.map((s) => s.fields.map((f) => f.name))).toEqual([
      ["fn", "ln", "em", "ph", "st"],
      ["gamesPlayed", "gamingPeriod", "hoursPerDay", "moneySpent"],
      ["healthImpacts", "relationshipImpacts", "financialImpacts", "treatmentSought"],
      ["manipulativeFeatures", "additionalInfo", "tcpa"],
    ]);
    const hours = videoGameClaim.steps[1]!.fields.find((f) => f.name === "hoursPerDay")!;
    expect(hours).toMatchObject({ kind: "number", min: 0, max: 24 });
    expect(videoGameClaim.steps[2]!.fields.map((f) => Boolean(f.optional))).toEqual([false, true, true, true]);
    const last = videoGameClaim.steps[3]!;
    expect(last.fields.at(-1)).toBe(TCPA_FIELD);
    expect(last.panel?.title).toBe("Next Steps");
  });

  it("offers the 50 state codes", () => {
    expect(videoGameClaim.steps[0]!.fields.find((f) => f.name === "st")!.options).toHaveLength(50);
  });

  it("has the spec's final button, messages and contact promise, with no artificial delay", () => {
    expect(videoGameClaim.copy).toMatchObject({
      submit: "Submit My Gaming Addiction Claim",
      submitError: "Failed to submit your claim. Please try again.",
      savedNotice: "Your Video Game Addiction claim has been submitted successfully! Lead ID: {id}",
      contactWithin: "within 24 hours",
    });
    expect(videoGameClaim.copy.next ?? "Next").toBe("Next");
    expect(videoGameClaim.minBusyMs).toBe(0);
    expect(videoGameClaim.results).toEqual({ none: expect.objectContaining({ heading: "Thank You!" }) });
  });
});
