import * as z from "zod/mini";
import {
  DEFAULT_PERSONAL_MESSAGES,
  TCPA_FIELD,
  personalFields,
  personalSchemaShape,
  tcpaConsentText,
  tcpaSchema,
  type PersonalMessages,
} from "../engine/personal-fields";
import { choice, choices, personName } from "../engine/schema-builders";
import type { ClaimDefinition, LeadColumns, Option, PartnerDelivery } from "../engine/types";
import { YES_NO_IDS } from "../engine/options";
import { US_STATES } from "../engine/us-states";
import { afffLanding } from "./landing";

/** Spec section 3, 'Enumerations': the ids are stored; the labels are what visitors read. */
export const AFFF_EXPOSURE_LOCATIONS: readonly Option[] = [
  { value: "fire-department", label: "Fire department or fire training" },
  { value: "military-base", label: "Military base or airfield" },
  { value: "ship", label: "Navy or other ship" },
  { value: "other", label: "Other location" },
];
export const AFFF_DIAGNOSES: readonly Option[] = [
  { value: "kidney-cancer", label: "Kidney cancer" },
  { value: "testicular-cancer", label: "Testicular cancer" },
  { value: "liver-cancer", label: "Liver cancer" },
  { value: "thyroid-disease", label: "Thyroid disease or thyroid cancer" },
  { value: "ulcerative-colitis", label: "Ulcerative colitis" },
  { value: "none", label: "None of these", exclusive: true },
];
export const AFFF_YES_NO = YES_NO_IDS;

/** Spec section 5, 'AFFF'. */
export const AFFF_MESSAGES = {
  selectOption: "Please select an option",
  location: "Please select at least one location",
  diagnosis: "Please select at least one option",
  fullName: "Full name is required",
  phone: "Please enter a valid phone number",
  email: "Please enter a valid email address",
  state: "Please enter your state",
  consent: "You must agree to be contacted",
} as const;

const contactMessages: PersonalMessages = {
  ...DEFAULT_PERSONAL_MESSAGES,
  emailRequired: AFFF_MESSAGES.email,
  emailInvalid: AFFF_MESSAGES.email,
  phoneRequired: AFFF_MESSAGES.phone,
  phoneInvalid: AFFF_MESSAGES.phone,
  state: AFFF_MESSAGES.state,
};
// AFFF asks for one full name instead of first and last name.
const { em, ph, st } = personalSchemaShape(US_STATES, contactMessages);

const schema = z.object({
  age: choice(AFFF_YES_NO, AFFF_MESSAGES.selectOption),
  exposedToAFFF: choice(AFFF_YES_NO, AFFF_MESSAGES.selectOption),
  exposureLocation: choices(AFFF_EXPOSURE_LOCATIONS, AFFF_MESSAGES.location),
  diagnosis: choices(AFFF_DIAGNOSES, AFFF_MESSAGES.diagnosis),
  hasAttorney: choice(AFFF_YES_NO, AFFF_MESSAGES.selectOption),
  fullName: personName(AFFF_MESSAGES.fullName, { min: 2, max: 200 }),
  ph,
  em,
  st,
  tcpa: tcpaSchema(AFFF_MESSAGES.consent),
});

export type AfffAnswers = z.infer<typeof schema>;

/** Spec section 3: the full name split on the first space; one word leaves the last name empty. */
export function splitFullName(fullName: string): { fn: string; ln: string } {
  const name = fullName.trim();
  const space = name.indexOf(" ");
  if (space === -1) return { fn: name, ln: "" };
  return { fn: name.slice(0, space), ln: name.slice(space + 1).trim() };
}

/** cq1 age answer; cq2 exposed to AFFF; cq3 exposure locations joined by ','; cq4 diagnoses joined by ','. */
export function afffToLead(a: AfffAnswers): LeadColumns {
  return {
    ...splitFullName(a.fullName),
    em: a.em,
    ph: a.ph,
    st: a.st,
    tcpa: a.tcpa,
    cq: { 1: a.age, 2: a.exposedToAFFF, 3: a.exposureLocation.join(","), 4: a.diagnosis.join(",") },
  };
}

/**
 * The lead-buying partner's fixed submission values (spec sections 3 and 9). SRC is the source code
 * the partner assigns; the spec does not give its value, so this placeholder is replaced when the
 * partner delivery is set up.
 */
export const AFFF_PARTNER_FIELDS = {
  SRC: "web_form",
  Sub_ID: "12",
  Pub_ID: "12345",
  TYPE: "75",
  API_Action: "submitLead",
  Zip: "10001",
  Format: "JSON",
} as const;

/** The partner's value when the visitor's IP is unknown (spec section 9). */
export const AFFF_UNKNOWN_IP = "{ip}";

const yesNo = (value: string) => (value === "yes" ? "Yes" : "No");
const labelsOf = (options: readonly Option[], values: readonly string[]) =>
  values.map((v) => options.find((o) => o.value === v)?.label ?? v).join(", ");
const fixed = (name: keyof typeof AFFF_PARTNER_FIELDS) => ({ value: AFFF_PARTNER_FIELDS[name] });

/**
 * What the lead-buying partner receives for an AFFF lead: spec section 7's fields in its order, as a
 * multipart form; an answer with status 'Error' carries the partner's error. Everything but the key
 * is also recorded in the lead's form_data (spec section 3, 'AFFF lead').
 */
export const AFFF_LEGAL_BRIDGE: PartnerDelivery<AfffAnswers> = {
  partner: "legal-bridge",
  format: "multipart",
  fields: {
    Format: fixed("Format"),
    Key: { apiKey: true },
    API_Action: fixed("API_Action"),
    TYPE: fixed("TYPE"),
    IP_Address: (_, lead) => lead.ip ?? AFFF_UNKNOWN_IP,
    SRC: fixed("SRC"),
    Landing_Page: "pageUrl",
    Sub_ID: fixed("Sub_ID"),
    Pub_ID: fixed("Pub_ID"),
    First_Name: "fn",
    Last_Name: "ln",
    Phone: "ph",
    Email: "em",
    State: "st",
    Zip: fixed("Zip"),
    TCPA: (a) => (a.tcpa ? "Yes" : "No"),
    User_Agent: "userAgent",
    Already_Represented: (a) => yesNo(a.hasAttorney),
    Diagnosis: (a) => labelsOf(AFFF_DIAGNOSES, a.diagnosis),
    Case_Notes: (a) =>
      `Age 20-80: ${yesNo(a.age)}; Exposed to AFFF: ${yesNo(a.exposedToAFFF)}; ` +
      `Exposure locations: ${labelsOf(AFFF_EXPOSURE_LOCATIONS, a.exposureLocation)}`,
    xxTrustedFormCerturl: "certificateUrl",
  },
  rejection: { field: "status", value: "Error", messageField: "error" },
};

// The spec's order on step 4: full name, phone, email, state.
const personal = personalFields(US_STATES);
const contactFields = ["ph", "em", "st"].map((name) => personal.find((f) => f.name === name)!);

export const afffClaim: ClaimDefinition<typeof schema> = {
  slug: "afff",
  caseType: "AFFF",
  routes: { landing: "/afff-firefoam", form: "/afff-firefoam-claim" },
  landing: afffLanding,
  steps: [
    {
      title: "Basic Eligibility",
      fields: [
        { name: "age", label: "Are you between 20 and 80 years old?", kind: "radio", options: AFFF_YES_NO },
        { name: "exposedToAFFF", label: "Were you exposed to AFFF firefighting foam?", kind: "radio", options: AFFF_YES_NO },
      ],
    },
    {
      title: "Exposure Locations",
      fields: [
        {
          name: "exposureLocation",
          label: "Where were you exposed to AFFF?",
          hint: "Select every place that applies.",
          kind: "checkboxes",
          options: AFFF_EXPOSURE_LOCATIONS,
        },
      ],
    },
    {
      title: "Diagnosis & Representation",
      fields: [
        {
          name: "diagnosis",
          label: "Have you been diagnosed with any of these conditions?",
          hint: "Select every diagnosis that applies.",
          kind: "checkboxes",
          options: AFFF_DIAGNOSES,
        },
        { name: "hasAttorney", label: "Do you currently have an attorney for this claim?", kind: "radio", options: AFFF_YES_NO },
      ],
    },
    {
      title: "Contact Information",
      fields: [
        { name: "fullName", label: "Full Name", kind: "text", autoComplete: "name", privacy: "name" },
        ...contactFields,
        TCPA_FIELD,
      ],
    },
  ],
  schema,
  gating: "validate-on-next",
  minBusyMs: 1000,
  consentText: tcpaConsentText,
  copy: {
    formTitle: "AFFF Firefighting Foam Claim",
    formIntro: "Four short steps to find out whether exposure to firefighting foam may entitle you to compensation.",
    next: "Continue",
    submit: "Get My Free Case Review",
    submitting: "Submitting...",
    submitError: "Submission Error: we could not save your claim. Your answers are still here; please try again.",
    savedNotice: "Your AFFF claim has been submitted successfully. Lead ID: {id}",
    contactWithin: "within 24 hours",
  },
  results: {
    none: {
      heading: "Thank You!",
      message: "We received your AFFF claim. An attorney experienced with firefighting foam cases will review your answers.",
    },
  },
  toLead: afffToLead,
  partners: [AFFF_LEGAL_BRIDGE],
};

/** The claim this folder defines: claims/registry.ts finds it as the default export of <folder>/definition.ts. */
export default afffClaim;
