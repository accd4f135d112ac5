import * as z from "zod/mini";
import {
  contactColumns,
  DEFAULT_PERSONAL_MESSAGES,
  TCPA_FIELD,
  personalFields,
  personalSchemaShape,
  tcpaConsentText,
  tcpaSchema,
} from "../engine/personal-fields";
import { choice, optionalRecentDate } from "../engine/schema-builders";
import type { ClaimDefinition, Eligibility, LeadColumns, Option } from "../engine/types";
import { YES_NO_IDS } from "../engine/options";
import { US_STATES } from "../engine/us-states";
import { SUPPORT_HOTLINE, rideshareLanding } from "./landing";

/** Spec section 3, 'Enumerations': the values are stored as given; the labels are what visitors read. */
export const RIDESHARE_INCIDENT_TYPES: readonly Option[] = [
  { value: "sexual_assault", label: "Sexual assault" },
  { value: "physical_assault", label: "Physical assault" },
  { value: "harassment", label: "Harassment" },
  { value: "kidnapping", label: "Kidnapping or being held against my will" },
  { value: "other", label: "Something else happened" },
  { value: "no_incident", label: "No incident occurred" },
];
export const RIDESHARE_SERVICES: readonly Option[] = [
  { value: "uber", label: "Uber" },
  { value: "lyft", label: "Lyft" },
  { value: "other_rideshare", label: "Another rideshare app" },
  { value: "taxi", label: "Taxi" },
];
export const RIDESHARE_POLICE_REPORT: readonly Option[] = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
  { value: "planning_to", label: "Not yet, but I plan to" },
];
export const RIDESHARE_HAS_ATTORNEY = YES_NO_IDS;

/** How far back the incident date may go: claims can be brought years later, but not decades. */
export const INCIDENT_WINDOW_YEARS = 10;
const INCIDENT_WINDOW_DAYS = INCIDENT_WINDOW_YEARS * 365;

export const RIDESHARE_MESSAGES = {
  selectAnOption: "Please select an option",
  incidentDateInvalid: "Please enter a valid date",
  incidentDateRange: `The incident date must be within the last ${INCIDENT_WINDOW_YEARS} years`,
  incidentDateFuture: "The incident date cannot be in the future",
  /** Spec section 5, 'Rideshare': the alert shown when consent is missing at submit. */
  consent: "Please agree to be contacted to continue.",
} as const;

const m = RIDESHARE_MESSAGES;

const schema = z.object({
  incidentType: choice(RIDESHARE_INCIDENT_TYPES, m.selectAnOption),
  service: choice(RIDESHARE_SERVICES, m.selectAnOption),
  policeReport: choice(RIDESHARE_POLICE_REPORT, m.selectAnOption),
  hasAttorney: choice(RIDESHARE_HAS_ATTORNEY, m.selectAnOption),
  incidentDate: optionalRecentDate(INCIDENT_WINDOW_DAYS, {
    invalid: m.incidentDateInvalid,
    range: m.incidentDateRange,
    future: m.incidentDateFuture,
  }),
  ...personalSchemaShape(US_STATES, DEFAULT_PERSONAL_MESSAGES),
  tcpa: tcpaSchema(m.consent),
});

export type RideshareAnswers = z.infer<typeof schema>;

/**
 * Spec section 4: incident type 'no_incident' gives not eligible ('No incident reported'); else
 * has-attorney 'yes' gives not eligible ('Already has attorney'); else eligible ('Meets basic criteria').
 */
export function rideshareEligibility(a: RideshareAnswers): Eligibility {
  if (a.incidentType === "no_incident") return { outcome: "ineligible", reason: "No incident reported" };
  if (a.hasAttorney === "yes") return { outcome: "ineligible", reason: "Already has attorney" };
  return { outcome: "eligible", reason: "Meets basic criteria" };
}

/** cq1 incident type; cq2 service; cq3 police report; cq4 has attorney; cq5 incident date or empty. */
export function rideshareToLead(a: RideshareAnswers): LeadColumns {
  return {
    ...contactColumns(a),
    cq: { 1: a.incidentType, 2: a.service, 3: a.policeReport, 4: a.hasAttorney, 5: a.incidentDate ?? "" },
  };
}

const THANK_YOU = { heading: "Thank You!", message: "We received your information and will review it carefully and in confidence." };

export const rideshareClaim: ClaimDefinition<typeof schema> = {
  slug: "rideshare",
  caseType: "Rideshare",
  routes: { landing: "/ride-share-assault", form: "/rideshare-assault-claim" },
  landing: rideshareLanding,
  steps: [
    {
      title: "What Happened",
      fields: [
        { name: "incidentType", label: "Which best describes what happened?", kind: "radio", options: RIDESHARE_INCIDENT_TYPES },
        { name: "service", label: "Which service were you using?", kind: "radio", options: RIDESHARE_SERVICES },
      ],
    },
    {
      title: "Reporting & Representation",
      fields: [
        { name: "policeReport", label: "Has a police report been filed?", kind: "radio", options: RIDESHARE_POLICE_REPORT },
        { name: "hasAttorney", label: "Do you already have an attorney for this incident?", kind: "radio", options: RIDESHARE_HAS_ATTORNEY },
        {
          name: "incidentDate",
          label: "Date of the incident",
          kind: "date",
          optional: true,
          pastDays: INCIDENT_WINDOW_DAYS,
          hint: "If you are not sure of the exact date, you can leave this blank.",
        },
      ],
    },
    { title: "Contact Information", fields: personalFields(US_STATES) },
    { title: "Terms & Consent", fields: [TCPA_FIELD] },
  ],
  schema,
  gating: "next-disabled-until-complete",
  minBusyMs: 0,
  consentText: tcpaConsentText,
  copy: {
    formTitle: "Rideshare Assault Claim Form",
    formIntro:
      "Four short, confidential steps. Share only what you are comfortable with; your answers are never shared with the rideshare company.",
    next: "Next",
    submit: "Submit Claim",
    submitting: "Submitting...",
    submitError: "There was an error submitting your claim. Please try again.",
    savedNotice: "Your claim was received securely. Lead ID: {id}",
    contactWithin: "within 24-48 hours",
  },
  results: {
    ineligible: {
      heading: "We're Sorry",
      message:
        "Based on your answers, our partner attorneys are not able to take on this claim: they can help only with an incident that happened during a ride, and only when no other attorney already represents you. If something did happen, a local attorney or your current attorney can advise you.",
      help: { text: `Free, confidential support is available at any hour from the ${SUPPORT_HOTLINE.name}:`, ...SUPPORT_HOTLINE },
    },
    eligible: {
      heading: "We Can Help",
      message:
        "Thank you for sharing this with us; we know it is not easy. Your answers suggest you may have a claim, and everything you told us stays confidential.",
    },
    partial: THANK_YOU,
    none: THANK_YOU,
  },
  eligibility: rideshareEligibility,
  toLead: rideshareToLead,
};

/** The claim this folder defines: claims/registry.ts finds it as the default export of <folder>/definition.ts. */
export default rideshareClaim;
