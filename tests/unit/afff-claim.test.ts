import { describe, expect, it } from "vitest";
import {
  AFFF_DIAGNOSES,
  AFFF_EXPOSURE_LOCATIONS,
  AFFF_LEGAL_BRIDGE,
  AFFF_PARTNER_FIELDS,
  AFFF_YES_NO,
  afffClaim,
  afffToLead,
  splitFullName,
  type AfffAnswers,
} from "#claims/afff/definition";
import { apiKeyFields, partnerFields } from "#claims/engine/deliveries";
import type { SubmittedLead } from "#claims/engine/types";
import { fieldErrorsOf, isStepComplete, validateStep } from "#claims/engine/form-values";
import { afffAnswers } from "#claims/afff/examples";

const parse = (overrides: Record<string, unknown> = {}) => afffClaim.schema.parse(afffAnswers(overrides)) as AfffAnswers;
const errorsOf = (overrides: Record<string, unknown>) => {
  const result = afffClaim.schema.safeParse(afffAnswers(overrides));
  return result.success ? {} : fieldErrorsOf(result.error);
};
const context: SubmittedLead = {
  fn: "Jane",
  ln: "Doe",
  em: "jane.doe@example.com",
  ph: "4155552671",
  st: "CO",
  tcpa: true,
  ip: "203.0.113.7",
  userAgent: "UnitTest/1.0",
  pageUrl: "https://claims.example/afff-firefoam-claim",
  certificateUrl: "https://claims.example/verify-trustedforms-pro?cert=tfp_1700000000000_abcdefghi",
};

describe("AFFF lead mapping (spec section 3, 'AFFF lead')", () => {
  it("'Full name split on the first space into fn and ln'", () => {
    expect(splitFullName("Jane Doe")).toEqual({ fn: "Jane", ln: "Doe" });
    expect(splitFullName("Mary Ann Smith")).toEqual({ fn: "Mary", ln: "Ann Smith" });
  });
  it("'ln empty if one word'", () => {
    expect(splitFullName("Cher")).toEqual({ fn: "Cher", ln: "" });
    expect(afffToLead(parse({ fullName: "  Cher  " }))).toMatchObject({ fn: "Cher", ln: "" });
  });
  it("keeps the full name in the answers (form_data)", () => {
    expect(parse({ fullName: "Mary Ann Smith" }).fullName).toBe("Mary Ann Smith");
  });
  it("'cq1 age answer (yes/no for the 20-80 question)'", () => {
    expect(afffToLead(parse({ age: "yes" })).cq?.[1]).toBe("yes");
    expect(afffToLead(parse({ age: "no" })).cq?.[1]).toBe("no");
  });
  it("'cq2 exposed-to-AFFF (yes/no)'", () => {
    expect(afffToLead(parse({ exposedToAFFF: "yes" })).cq?.[2]).toBe("yes");
    expect(afffToLead(parse({ exposedToAFFF: "no" })).cq?.[2]).toBe("no");
  });
  it("'cq3 exposure locations joined by comma'", () => {
    expect(afffToLead(parse({ exposureLocation: ["fire-department", "ship"] })).cq?.[3]).toBe("fire-department,ship");
    expect(afffToLead(parse({ exposureLocation: ["other"] })).cq?.[3]).toBe("other");
  });
  it("'cq4 diagnoses joined by comma'", () => {
    expect(afffToLead(parse({ diagnosis: ["kidney-cancer", "thyroid-disease"] })).cq?.[4]).toBe("kidney-cancer,thyroid-disease");
    expect(afffToLead(parse({ diagnosis: ["none"] })).cq?.[4]).toBe("none");
  });
  it("'tcpa is the consent value'; contact columns as entered; case_type 'AFFF'", () => {
    expect(afffToLead(parse())).toEqual({
      fn: "Jane",
      ln: "Doe",
      em: "jane.doe@example.com",
      ph: "4155552671",
      st: "CO",
      tcpa: true,
      cq: { 1: "yes", 2: "yes", 3: "fire-department,military-base", 4: "kidney-cancer" },
    });
    expect(afffClaim.caseType).toBe("AFFF");
  });
  it("'No eligibility flag'", () => {
    expect(afffClaim.eligibility).toBeUndefined();
  });
});

describe("AFFF partner submission (spec sections 3, 7 and 9)", () => {
  const afffPartnerFields = (a: AfffAnswers, lead: SubmittedLead) => partnerFields(AFFF_LEGAL_BRIDGE, a, lead);
  it("has the fixed values: type code '75', Sub_ID '12', Pub_ID '12345', zip '10001', action 'submitLead', format 'JSON'", () => {
    expect(AFFF_PARTNER_FIELDS).toMatchObject({ TYPE: "75", Sub_ID: "12", Pub_ID: "12345", Zip: "10001", API_Action: "submitLead", Format: "JSON" });
    expect(AFFF_PARTNER_FIELDS.SRC).toEqual(expect.any(String));
  });
  it("maps spec section 7's fields in its order, the key from configuration, as a multipart form", () => {
    expect(Object.keys(AFFF_LEGAL_BRIDGE.fields)).toEqual([
      "Format", "Key", "API_Action", "TYPE", "IP_Address", "SRC", "Landing_Page", "Sub_ID", "Pub_ID", "First_Name", "Last_Name",
      "Phone", "Email", "State", "Zip", "TCPA", "User_Agent", "Already_Represented", "Diagnosis", "Case_Notes", "xxTrustedFormCerturl",
    ]);
    expect(apiKeyFields(AFFF_LEGAL_BRIDGE)).toEqual(["Key"]);
    expect(AFFF_LEGAL_BRIDGE).toMatchObject({ partner: "legal-bridge", format: "multipart" });
    expect(afffClaim.partners).toEqual([AFFF_LEGAL_BRIDGE]);
  });
  it("carries the names, contact, landing page, IP, user agent, TCPA, representation, diagnosis, case notes and the certificate URL", () => {
    const fields = afffPartnerFields(parse({ hasAttorney: "no", diagnosis: ["kidney-cancer", "liver-cancer"] }), context);
    expect(fields).toEqual({
      ...AFFF_PARTNER_FIELDS,
      First_Name: "Jane",
      Last_Name: "Doe",
      Phone: "4155552671",
      Email: "jane.doe@example.com",
      State: "CO",
      Landing_Page: context.pageUrl,
      IP_Address: "203.0.113.7",
      User_Agent: "UnitTest/1.0",
      TCPA: "Yes",
      Already_Represented: "No",
      Diagnosis: "Kidney cancer, Liver cancer",
      Case_Notes: "Age 20-80: Yes; Exposed to AFFF: Yes; Exposure locations: Fire department or fire training, Military base or airfield",
      xxTrustedFormCerturl: context.certificateUrl,
    });
    expect(fields).not.toHaveProperty("Key");
  });
  it("'IP address (default '{ip}')' when the visitor's IP is unknown", () => {
    expect(afffPartnerFields(parse(), { ...context, ip: null }).IP_Address).toBe("{ip}");
  });
  it("already-represented 'Yes' when the visitor has an attorney", () => {
    expect(afffPartnerFields(parse({ hasAttorney: "yes" }), context).Already_Represented).toBe("Yes");
  });
});

describe("AFFF enumerations and form (spec sections 2, 3 and 9)", () => {
  it("offers the spec's exposure ids exactly: fire-department, military-base, ship, other", () => {
    expect(AFFF_EXPOSURE_LOCATIONS.map((o) => o.value)).toEqual(["fire-department", "military-base", "ship", "other"]);
  });
  it("offers the spec's diagnosis ids exactly: kidney-cancer, testicular-cancer, liver-cancer, thyroid-disease, ulcerative-colitis, none", () => {
    expect(AFFF_DIAGNOSES.map((o) => o.value)).toEqual([
      "kidney-cancer",
      "testicular-cancer",
      "liver-cancer",
      "thyroid-disease",
      "ulcerative-colitis",
      "none",
    ]);
  });
  it("answers age, exposure and attorney with yes/no", () => {
    expect(AFFF_YES_NO.map((o) => o.value)).toEqual(["yes", "no"]);
  });
  it("has 4 steps with 'Continue', validated on Continue, and 'Get My Free Case Review' for at least the spec's 1 s", () => {
    expect(afffClaim.steps).toHaveLength(4);
    expect(afffClaim.steps.map((s) => s.fields.map((f) => f.name))).toEqual([
      ["age", "exposedToAFFF"],
      ["exposureLocation"],
      ["diagnosis", "hasAttorney"],
      ["fullName", "ph", "em", "st", "tcpa"],
    ]);
    expect(afffClaim.gating).toBe("validate-on-next");
    expect(afffClaim.minBusyMs).toBe(1000);
    expect(afffClaim.copy).toMatchObject({ next: "Continue", submit: "Get My Free Case Review", contactWithin: "within 24 hours" });
    expect(afffClaim.routes).toEqual({ landing: "/afff-firefoam", form: "/afff-firefoam-claim" });
  });
  it("always ends on 'Thank You!'", () => {
    expect(Object.keys(afffClaim.results!)).toEqual(["none"]);
    expect(afffClaim.results!.none!.heading).toBe("Thank You!");
  });
  it("offers the 50 state codes", () => {
    expect(afffClaim.steps[3]!.fields.find((f) => f.name === "st")!.options).toHaveLength(50);
  });
});

describe("AFFF validation messages (spec section 5, 'AFFF')", () => {
  it.each([
    ["Age yes/no, else 'Please select an option'", { age: undefined }, "age", "Please select an option"],
    ["Age: an answer other than yes/no", { age: "maybe" }, "age", "Please select an option"],
    ["Exposed-to-AFFF yes/no, else 'Please select an option'", { exposedToAFFF: "" }, "exposedToAFFF", "Please select an option"],
    ["Exposure locations at least one, else 'Please select at least one location'", { exposureLocation: [] }, "exposureLocation", "Please select at least one location"],
    ["Exposure locations: only the spec's ids", { exposureLocation: ["home"] }, "exposureLocation", "Please select at least one location"],
    ["Diagnosis at least one, else 'Please select at least one option'", { diagnosis: [] }, "diagnosis", "Please select at least one option"],
    ["Has-attorney yes/no, else 'Please select an option'", { hasAttorney: undefined }, "hasAttorney", "Please select an option"],
    ["Full name at least 2 characters, else 'Full name is required' (blank)", { fullName: "" }, "fullName", "Full name is required"],
    ["Full name at least 2 characters, else 'Full name is required' (1 character)", { fullName: "J" }, "fullName", "Full name is required"],
    ["Phone at least 10 characters, else 'Please enter a valid phone number'", { ph: "555-1234" }, "ph", "Please enter a valid phone number"],
    ["Phone: blank", { ph: "" }, "ph", "Please enter a valid phone number"],
    ["Phone: a 10-digit US number (DESIGN section 7)", { ph: "0123456789" }, "ph", "Please enter a valid phone number"],
    ["Email valid, else 'Please enter a valid email address'", { em: "jane@" }, "em", "Please enter a valid email address"],
    ["Email: blank", { em: "" }, "em", "Please enter a valid email address"],
    ["State, else 'Please enter your state'", { st: "" }, "st", "Please enter your state"],
    ["State: one of the 50 states", { st: "XX" }, "st", "Please enter your state"],
    ["TCPA consent true, else 'You must agree to be contacted'", { tcpa: false }, "tcpa", "You must agree to be contacted"],
  ])("%s", (_rule, overrides, field, message) => {
    expect(errorsOf(overrides)[field]).toBe(message);
  });

  it("accepts a full name of exactly 2 characters and a formatted phone number", () => {
    expect(errorsOf({ fullName: "Al", ph: "(415) 555-2671" })).toEqual({});
  });
});

describe("AFFF gating on Continue (spec section 5)", () => {
  const values = (overrides: Record<string, string | string[]> = {}) => ({
    age: "",
    exposedToAFFF: "",
    exposureLocation: [] as string[],
    diagnosis: [] as string[],
    hasAttorney: "",
    ...overrides,
  });
  it("'step 1 needs age and exposed answers'", () => {
    expect(validateStep(afffClaim, 0, values({ age: "yes" }))).toEqual({ exposedToAFFF: "Please select an option" });
    expect(validateStep(afffClaim, 0, values({ age: "yes", exposedToAFFF: "no" }))).toEqual({});
  });
  it("'step 2 at least one location'", () => {
    expect(validateStep(afffClaim, 1, values())).toEqual({ exposureLocation: "Please select at least one location" });
    expect(isStepComplete(afffClaim, 1, values({ exposureLocation: ["ship"] }))).toBe(true);
  });
  it("'step 3 at least one diagnosis and an attorney answer'", () => {
    expect(validateStep(afffClaim, 2, values({ diagnosis: ["none"] }))).toEqual({ hasAttorney: "Please select an option" });
    expect(validateStep(afffClaim, 2, values({ hasAttorney: "no" }))).toEqual({ diagnosis: "Please select at least one option" });
    expect(validateStep(afffClaim, 2, values({ diagnosis: ["none"], hasAttorney: "no" }))).toEqual({});
  });
});
