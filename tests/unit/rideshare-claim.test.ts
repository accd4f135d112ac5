import { describe, expect, it } from "vitest";
import { fieldErrorsOf, isStepComplete, validateStep, type FormValues } from "#claims/engine/form-values";
import { isoDay } from "#claims/engine/schema-builders";
import {
  INCIDENT_WINDOW_YEARS,
  RIDESHARE_HAS_ATTORNEY,
  RIDESHARE_INCIDENT_TYPES,
  RIDESHARE_POLICE_REPORT,
  RIDESHARE_SERVICES,
  rideshareClaim,
  rideshareEligibility,
  rideshareToLead,
  type RideshareAnswers,
} from "#claims/rideshare/definition";

const daysAgo = (days: number) => isoDay(new Date(Date.now() - days * 86_400_000));

const valid = (overrides: Record<string, unknown> = {}) => ({
  incidentType: "sexual_assault",
  service: "uber",
  policeReport: "planning_to",
  hasAttorney: "no",
  incidentDate: daysAgo(200),
  fn: "Jane",
  ln: "Doe",
  em: "jane@example.com",
  ph: "(415) 555-2671",
  st: "TX",
  tcpa: true,
  ...overrides,
});
const parse = (overrides: Record<string, unknown> = {}) => rideshareClaim.schema.parse(valid(overrides)) as RideshareAnswers;
const errorsOf = (input: Record<string, unknown>) => {
  const result = rideshareClaim.schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
};

describe("rideshare eligibility (spec section 4)", () => {
  it("incident type 'no_incident' gives not eligible, reason 'No incident reported'", () => {
    expect(rideshareEligibility(parse({ incidentType: "no_incident" }))).toEqual({ outcome: "ineligible", reason: "No incident reported" });
  });

  it("'no_incident' is checked first: with an attorney too, the reason is still 'No incident reported'", () => {
    expect(rideshareEligibility(parse({ incidentType: "no_incident", hasAttorney: "yes" })).reason).toBe("No incident reported");
  });

  it("else has-attorney 'yes' gives not eligible, reason 'Already has attorney'", () => {
    for (const incidentType of ["sexual_assault", "physical_assault", "harassment", "kidnapping", "other"]) {
      expect(rideshareEligibility(parse({ incidentType, hasAttorney: "yes" }))).toEqual({
        outcome: "ineligible",
        reason: "Already has attorney",
      });
    }
  });

  it("else eligible, reason 'Meets basic criteria' (every incident type, service and police-report answer)", () => {
    for (const incidentType of ["sexual_assault", "physical_assault", "harassment", "kidnapping", "other"]) {
      for (const service of ["uber", "lyft", "other_rideshare", "taxi"]) {
        for (const policeReport of ["yes", "no", "planning_to"]) {
          expect(rideshareEligibility(parse({ incidentType, service, policeReport }))).toEqual({
            outcome: "eligible",
            reason: "Meets basic criteria",
          });
        }
      }
    }
  });

  it("an incident date is not part of the rule: eligible without one", () => {
    expect(rideshareEligibility(parse({ incidentDate: "" })).outcome).toBe("eligible");
  });
});

describe("rideshare lead mapping (spec section 3, 'Rideshare lead')", () => {
  const lead = rideshareToLead(
    parse({ incidentType: "kidnapping", service: "other_rideshare", policeReport: "yes", hasAttorney: "no", incidentDate: daysAgo(30) }),
  );

  it("cq1 incident type", () => expect(lead.cq?.[1]).toBe("kidnapping"));
  it("cq2 service", () => expect(lead.cq?.[2]).toBe("other_rideshare"));
  it("cq3 police report", () => expect(lead.cq?.[3]).toBe("yes"));
  it("cq4 has attorney", () => expect(lead.cq?.[4]).toBe("no"));
  it("cq5 incident date as an ISO (YYYY-MM-DD) string", () => expect(lead.cq?.[5]).toBe(daysAgo(30)));
  it("cq5 empty when no date was given (blank or left out)", () => {
    expect(rideshareToLead(parse({ incidentDate: "" })).cq?.[5]).toBe("");
    expect(rideshareToLead(parse({ incidentDate: undefined })).cq?.[5]).toBe("");
    expect(rideshareToLead(parse({ incidentDate: null })).cq?.[5]).toBe("");
  });
  it("contact fields, consent and case_type 'Rideshare'; the phone stored as 10 digits", () => {
    expect(lead).toMatchObject({ fn: "Jane", ln: "Doe", em: "jane@example.com", ph: "4155552671", st: "TX", tcpa: true });
    expect(rideshareClaim.caseType).toBe("Rideshare");
  });
  it("uses no cq column beyond cq5", () => expect(Object.keys(lead.cq ?? {})).toEqual(["1", "2", "3", "4", "5"]));
});

describe("rideshare enumerations (spec section 3)", () => {
  it("incident type: sexual_assault, physical_assault, harassment, kidnapping, other, no_incident", () => {
    expect(RIDESHARE_INCIDENT_TYPES.map((o) => o.value)).toEqual(["sexual_assault", "physical_assault", "harassment", "kidnapping", "other", "no_incident"]);
  });
  it("service: uber, lyft, other_rideshare, taxi", () => {
    expect(RIDESHARE_SERVICES.map((o) => o.value)).toEqual(["uber", "lyft", "other_rideshare", "taxi"]);
  });
  it("police report: yes, no, planning_to", () => {
    expect(RIDESHARE_POLICE_REPORT.map((o) => o.value)).toEqual(["yes", "no", "planning_to"]);
  });
  it("has attorney: yes, no", () => expect(RIDESHARE_HAS_ATTORNEY.map((o) => o.value)).toEqual(["yes", "no"]));
  it("every option has a human label, not the stored value", () => {
    for (const option of [...RIDESHARE_INCIDENT_TYPES, ...RIDESHARE_SERVICES, ...RIDESHARE_POLICE_REPORT, ...RIDESHARE_HAS_ATTORNEY]) {
      expect(option.label).not.toMatch(/_/);
      expect(option.label[0]).toBe(option.label[0]!.toUpperCase());
    }
  });
  it("offers the 50 state codes", () => {
    const state = rideshareClaim.steps[2]!.fields.find((f) => f.name === "st")!;
    expect(state.options).toHaveLength(50);
  });
  it("rejects values outside the enumerations", () => {
    expect(errorsOf(valid({ incidentType: "robbery", service: "bus", policeReport: "maybe", hasAttorney: "Yes" }))).toEqual({
      incidentType: "Please select an option",
      service: "Please select an option",
      policeReport: "Please select an option",
      hasAttorney: "Please select an option",
    });
  });
});

describe("rideshare form (spec sections 2, 5 and 9)", () => {
  it("'Rideshare Assault Claim Form' in 4 steps: incident and service; police report, attorney, date; contact; consent", () => {
    expect(rideshareClaim.copy.formTitle).toBe("Rideshare Assault Claim Form");
    expect(rideshareClaim.steps.map((s) => s.fields.map((f) => f.name))).toEqual([
      ["incidentType", "service"],
      ["policeReport", "hasAttorney", "incidentDate"],
      ["fn", "ln", "em", "ph", "st"],
      ["tcpa"],
    ]);
    expect(rideshareClaim.routes).toEqual({ landing: "/ride-share-assault", form: "/rideshare-assault-claim" });
  });

  it("Next is disabled until the step's required fields are filled; the incident date is optional", () => {
    expect(rideshareClaim.gating).toBe("next-disabled-until-complete");
    const values: FormValues = { incidentType: "harassment", service: "", policeReport: "no", hasAttorney: "", incidentDate: "" };
    expect(isStepComplete(rideshareClaim, 0, values)).toBe(false);
    expect(isStepComplete(rideshareClaim, 0, { ...values, service: "lyft" })).toBe(true);
    expect(isStepComplete(rideshareClaim, 1, values)).toBe(false);
    expect(isStepComplete(rideshareClaim, 1, { ...values, hasAttorney: "no" })).toBe(true);
    expect(validateStep(rideshareClaim, 1, { ...values, hasAttorney: "no" })).toEqual({});
    expect(isStepComplete(rideshareClaim, 3, { tcpa: "" })).toBe(false);
  });

  it("buttons 'Next' and 'Submit Claim'; no artificial delay; contact within 24-48 hours", () => {
    expect(rideshareClaim.copy).toMatchObject({ next: "Next", submit: "Submit Claim", contactWithin: "within 24-48 hours" });
    expect(rideshareClaim.minBusyMs).toBe(0);
  });

  it("a failed save: 'There was an error submitting your claim. Please try again.'", () => {
    expect(rideshareClaim.copy.submitError).toBe("There was an error submitting your claim. Please try again.");
  });

  it("result variants 'We're Sorry' (ineligible), 'We Can Help' (eligible), 'Thank You!' (otherwise)", () => {
    expect(rideshareClaim.results?.ineligible?.heading).toBe("We're Sorry");
    expect(rideshareClaim.results?.eligible?.heading).toBe("We Can Help");
    expect(rideshareClaim.results?.partial?.heading).toBe("Thank You!");
    expect(rideshareClaim.results?.none?.heading).toBe("Thank You!");
    expect(rideshareClaim.copy.savedNotice).toContain("Lead ID: {id}");
  });

  it("asks for TCPA consent with the consent text on the last step", () => {
    const [consent] = rideshareClaim.steps[3]!.fields;
    expect(consent).toMatchObject({ name: "tcpa", kind: "consent" });
    expect(rideshareClaim.consentText({ name: "Acme", phone: "1", email: "a@b.c" })).toContain("Consent is not a condition of purchasing");
  });
});

describe("rideshare messages", () => {
  it("without consent at submit: 'Please agree to be contacted to continue.'", () => {
    expect(errorsOf(valid({ tcpa: false }))).toEqual({ tcpa: "Please agree to be contacted to continue." });
    expect(errorsOf(valid({ tcpa: undefined }))).toEqual({ tcpa: "Please agree to be contacted to continue." });
  });

  it("each missing answer has its message", () => {
    expect(errorsOf({})).toEqual({
      incidentType: "Please select an option",
      service: "Please select an option",
      policeReport: "Please select an option",
      hasAttorney: "Please select an option",
      fn: "First name is required",
      ln: "Last name is required",
      em: "Email is required",
      ph: "Phone number is required",
      st: "Please select your state",
      tcpa: "Please agree to be contacted to continue.",
    });
  });

  it("contact formats: names of 2+ characters, a valid email, a 10-digit US phone, one of the 50 states", () => {
    expect(errorsOf(valid({ fn: "J", ln: "D", em: "jane@", ph: "555-1234", st: "XX" }))).toEqual({
      fn: "First name must be at least 2 characters",
      ln: "Last name must be at least 2 characters",
      em: "Please enter a valid email address",
      ph: "Please enter a valid phone number",
      st: "Please select your state",
    });
  });

  it(`the incident date, when given, is a real day within the last ${INCIDENT_WINDOW_YEARS} years and not in the future`, () => {
    expect(errorsOf(valid({ incidentDate: "2024-02-30" }))).toEqual({ incidentDate: "Please enter a valid date" });
    expect(errorsOf(valid({ incidentDate: "last spring" }))).toEqual({ incidentDate: "Please enter a valid date" });
    expect(errorsOf(valid({ incidentDate: 20240101 }))).toEqual({ incidentDate: "Please enter a valid date" });
    expect(errorsOf(valid({ incidentDate: daysAgo(-5) }))).toEqual({ incidentDate: "The incident date cannot be in the future" });
    expect(errorsOf(valid({ incidentDate: daysAgo(INCIDENT_WINDOW_YEARS * 365 + 2) }))).toEqual({
      incidentDate: `The incident date must be within the last ${INCIDENT_WINDOW_YEARS} years`,
    });
    expect(errorsOf(valid({ incidentDate: daysAgo(INCIDENT_WINDOW_YEARS * 365 - 1) }))).toEqual({});
    expect(errorsOf(valid({ incidentDate: daysAgo(0) }))).toEqual({});
  });
});
