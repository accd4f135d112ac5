import * as z from "zod/mini";
import { contactColumns, TCPA_FIELD, personalFields, personalSchemaShape, tcpaConsentText, tcpaSchema } from "../engine/personal-fields";
import { choice, choices, recentDate } from "../engine/schema-builders";
import type { ClaimDefinition, Eligibility, LeadColumns, Option, WebhookExtras } from "../engine/types";
import { YES_NO } from "../engine/options";
import { US_STATES } from "../engine/us-states";
import { mvaLanding } from "./landing";
import { mvaResultPages } from "./result-pages";

/** States where partner attorneys take car-accident claims (spec section 9). */
export const MVA_ALLOWED_STATES = [
  "AL", "AZ", "CA", "CO", "FL", "GA", "IA", "IL", "KY", "MA", "ME", "MO",
  "NC", "NH", "NJ", "NM", "NV", "NY", "OH", "PA", "SC", "TN", "TX", "WA",
] as const;

export const ACCIDENT_WINDOW_DAYS = 6 * 30;

export const INSURANCE_COVERAGE: readonly Option[] = [
  { value: "Defendant Insurance Coverage", label: "Defendant Insurance Coverage" },
  { value: "Driver UI or UIM Coverage", label: "Driver UI or UIM Coverage" },
  { value: "Driver Insurance Coverage (No Pay No Play)", label: "Driver Insurance Coverage (No Pay No Play)" },
];

// Field names are the spec's form-data keys; each holds the answer to the question as asked
// (docs/decisions/004-mva-answer-values.md).
const atFault: readonly Option[] = [
  { value: "No", label: "No, I was not at fault" },
  { value: "Yes", label: "Yes, I was at fault" },
];
const attorney: readonly Option[] = [
  { value: "No", label: "No attorney / Seeking change" },
  { value: "Yes", label: "I have an attorney" },
];
const violations: readonly Option[] = [
  { value: "No", label: "No moving violations" },
  { value: "Yes", label: "Yes, I had violations" },
];
const settlements: readonly Option[] = [
  { value: "No", label: "No prior settlements" },
  { value: "Yes", label: "Yes, I have settlements" },
];
const injuries: readonly Option[] = [
  { value: "Yes", label: "Yes" },
  { value: "No", label: "No, only minor issues" },
];
const lapse: readonly Option[] = [
  { value: "No", label: "No, consistent care" },
  { value: "Yes", label: "Yes, I had treatment gaps" },
];

const SELECT_AN_OPTION = "Please select an option";

const schema = z.object({
  ...personalSchemaShape(US_STATES),
  accidentDate: recentDate(ACCIDENT_WINDOW_DAYS, {
    required: "Please choose the date of the accident",
    range: "The accident must have happened within the last 6 months",
    future: "The accident date cannot be in the future",
  }),
  driverNotAtFault: choice(atFault, SELECT_AN_OPTION),
  treatmentWithin14Days: choice(YES_NO, SELECT_AN_OPTION),
  noAttorney: choice(attorney, SELECT_AN_OPTION),
  noMovingViolation: choice(violations, SELECT_AN_OPTION),
  noPriorSettlement: choice(settlements, SELECT_AN_OPTION),
  insuranceCoverage: choices(INSURANCE_COVERAGE, "Please select at least one option"),
  realInjuries: choice(injuries, SELECT_AN_OPTION),
  noTreatmentLapse: choice(lapse, SELECT_AN_OPTION),
  tcpa: tcpaSchema("You must agree to be contacted"),
});

export type MvaAnswers = z.infer<typeof schema>;

/** cq2 is the at-fault answer inverted: 'Yes' means the driver was not at fault. */
export function mvaToLead(a: MvaAnswers): LeadColumns {
  return {
    ...contactColumns(a),
    accident_date: a.accidentDate,
    cq: {
      1: a.noAttorney,
      2: a.driverNotAtFault === "Yes" ? "No" : "Yes",
      3: a.treatmentWithin14Days,
      4: a.accidentDate,
      5: a.noMovingViolation,
      6: a.noPriorSettlement,
      7: a.realInjuries,
      8: a.noTreatmentLapse,
      9: a.insuranceCoverage.join(", "),
      10: a.noTreatmentLapse,
    },
  };
}

/**
 * Spec section 4: eligible = state in the allowed list AND attorney answer No AND cq2 Yes;
 * not eligible = attorney answer Yes OR cq2 No; otherwise partial.
 */
export function mvaEligibility(a: MvaAnswers): Eligibility {
  const { cq } = mvaToLead(a);
  const allowedState = (MVA_ALLOWED_STATES as readonly string[]).includes(a.st);
  if (cq![1] === "Yes" || cq![2] === "No") return { outcome: "ineligible", reason: "Ineligible" };
  if (allowedState && cq![1] === "No" && cq![2] === "Yes") return { outcome: "eligible", reason: "Eligible" };
  return { outcome: "partial", reason: "Partial" };
}

/**
 * What MVA adds to the webhook payload (spec section 3, 'Webhook payload'): the accident date, the
 * coverage choices joined, and the answers the setup page lists.
 */
export const MVA_WEBHOOK_FIELDS: WebhookExtras<MvaAnswers>["extraFields"] = {
  accidentDate: (a) => a.accidentDate,
  insuranceCoverage: (a) => a.insuranceCoverage.join(", "),
  treatmentWithin14Days: (a) => a.treatmentWithin14Days,
  realInjuries: (a) => a.realInjuries,
  noTreatmentLapse: (a) => a.noTreatmentLapse,
};

export const mvaClaim: ClaimDefinition<typeof schema> = {
  slug: "mva",
  caseType: "MVA",
  routes: { landing: "/mva-claim-landing", form: "/mva-claim" },
  landing: mvaLanding,
  steps: [
    { title: "Personal Information", fields: personalFields(US_STATES) },
    {
      title: "Accident Details",
      fields: [
        {
          name: "accidentDate",
          label: "Date of the accident",
          kind: "date",
          pastDays: ACCIDENT_WINDOW_DAYS,
          hint: "Choose a date within the last 6 months.",
        },
        { name: "driverNotAtFault", label: "Were you at fault for the accident?", kind: "radio", options: atFault },
      ],
    },
    {
      title: "Legal & Treatment",
      fields: [
        { name: "treatmentWithin14Days", label: "Did you receive medical treatment within 14 days of the accident?", kind: "radio", options: YES_NO },
        { name: "noAttorney", label: "Do you currently have an attorney for this accident?", kind: "radio", options: attorney },
        { name: "noMovingViolation", label: "Did you receive any moving violations related to the accident?", kind: "radio", options: violations },
      ],
    },
    {
      title: "Insurance & Injuries",
      fields: [
        { name: "noPriorSettlement", label: "Have you received prior injury settlements?", kind: "radio", options: settlements },
        {
          name: "insuranceCoverage",
          label: "Which insurance coverage applies?",
          kind: "checkboxes",
          options: INSURANCE_COVERAGE,
          hint: "Select all that apply.",
        },
        { name: "realInjuries", label: "Did you suffer real injuries that needed medical attention?", kind: "radio", options: injuries },
      ],
    },
    {
      title: "Final Steps",
      fields: [
        { name: "noTreatmentLapse", label: "Was there a gap of more than 30 days in your treatment?", kind: "radio", options: lapse },
        TCPA_FIELD,
      ],
    },
  ],
  schema,
  gating: "next-disabled-until-complete",
  minBusyMs: 1500,
  consentText: tcpaConsentText,
  copy: {
    formTitle: "Car Accident Claim Evaluation",
    formIntro: "Answer five short steps to see whether you may qualify. It takes about 2 minutes.",
    submit: "Submit Claim",
    submitting: "Processing...",
    submitError: "Submission Error: we could not save your claim. Your answers are still here; please try again.",
    savedNotice: "Lead Saved. Lead ID: {id}",
    contactWithin: "within 24 hours",
  },
  eligibility: mvaEligibility,
  toLead: mvaToLead,
  webhook: { extraFields: MVA_WEBHOOK_FIELDS },
  resultPages: mvaResultPages,
};

/** The claim this folder defines: claims/registry.ts finds it as the default export of <folder>/definition.ts. */
export default mvaClaim;
