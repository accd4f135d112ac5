import * as z from "zod/mini";
import { contactColumns, TCPA_FIELD, personalFields, personalSchemaShape, tcpaConsentText, tcpaSchema, type PersonalMessages } from "../engine/personal-fields";
import { choice, optionalChoice, optionalText } from "../engine/schema-builders";
import type { ClaimDefinition, LeadColumns, Option } from "../engine/types";
import { US_STATES } from "../engine/us-states";
import { depoProveraLanding } from "./landing";

/** Spec section 3, 'Enumerations' (Depo-Provera): the values are stored; the labels are what visitors read. */
export const DEPO_USED: readonly Option[] = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
  { value: "unsure", label: "I'm not sure" },
];
export const DEPO_USE_DURATION: readonly Option[] = [
  { value: "less_than_1_year", label: "Less than 1 year" },
  { value: "1_2_years", label: "1-2 years" },
  { value: "2_5_years", label: "2-5 years" },
  { value: "more_than_5_years", label: "More than 5 years" },
];
export const DEPO_DIAGNOSIS: readonly Option[] = [
  { value: "yes_brain_tumor", label: "Yes, a brain tumor" },
  { value: "yes_meningioma", label: "Yes, a meningioma" },
  { value: "yes_both", label: "Yes, both" },
  { value: "no", label: "No" },
  { value: "under_investigation", label: "Under investigation by my doctor" },
];
export const DEPO_DIAGNOSIS_TIME: readonly Option[] = [
  { value: "within_1_year", label: "Within the last year" },
  { value: "1_3_years", label: "1-3 years ago" },
  { value: "3_5_years", label: "3-5 years ago" },
  { value: "more_than_5_years", label: "More than 5 years ago" },
  { value: "not_diagnosed", label: "I have not been diagnosed" },
];
export const DEPO_SYMPTOMS: readonly Option[] = [
  { value: "headaches", label: "Headaches" },
  { value: "vision_problems", label: "Vision problems" },
  { value: "hearing_loss", label: "Hearing loss" },
  { value: "seizures", label: "Seizures" },
  { value: "memory_issues", label: "Memory issues" },
  { value: "multiple", label: "Several of these" },
  { value: "none", label: "None of these" },
];

/** Spec section 5, 'Depo-Provera': the minimum-length message also answers a blank field. */
export const DEPO_MESSAGES: PersonalMessages = {
  firstNameRequired: "First name must be at least 2 characters",
  firstNameShort: "First name must be at least 2 characters",
  lastNameRequired: "Last name must be at least 2 characters",
  lastNameShort: "Last name must be at least 2 characters",
  emailRequired: "Please enter a valid email address",
  emailInvalid: "Please enter a valid email address",
  phoneRequired: "Please enter a valid phone number",
  phoneInvalid: "Please enter a valid phone number",
  state: "Please select your state",
};
const SELECT_AN_OPTION = "Please select an option";

const schema = z.object({
  ...personalSchemaShape(US_STATES, DEPO_MESSAGES),
  cq1: choice(DEPO_USED, SELECT_AN_OPTION),
  cq2: choice(DEPO_USE_DURATION, SELECT_AN_OPTION),
  cq3: choice(DEPO_DIAGNOSIS, SELECT_AN_OPTION),
  cq4: choice(DEPO_DIAGNOSIS_TIME, SELECT_AN_OPTION),
  cq5: optionalChoice(DEPO_SYMPTOMS, SELECT_AN_OPTION),
  notes: optionalText(),
  tcpa: tcpaSchema("You must agree to be contacted"),
});

export type DepoAnswers = z.infer<typeof schema>;

/** The form's fields are the lead's columns: cq1..cq5 and notes as answered. */
export function depoToLead(a: DepoAnswers): LeadColumns {
  return {
    ...contactColumns(a),
    notes: a.notes,
    cq: { 1: a.cq1, 2: a.cq2, 3: a.cq3, 4: a.cq4, 5: a.cq5 },
  };
}

const select = "Select an answer";

export const depoProveraClaim: ClaimDefinition<typeof schema> = {
  slug: "depo-provera",
  caseType: "Depo-Provera",
  routes: { landing: "/depo-provera", form: "/depo-provera-claim" },
  landing: depoProveraLanding,
  steps: [
    {
      title: "Your Free Claim Review",
      fields: [
        ...personalFields(US_STATES),
        { name: "cq1", label: "Did you receive Depo-Provera injections?", kind: "select", options: DEPO_USED, placeholder: select },
        { name: "cq2", label: "How long did you use Depo-Provera?", kind: "select", options: DEPO_USE_DURATION, placeholder: select },
        {
          name: "cq3",
          label: "Have you been diagnosed with a brain tumor or meningioma?",
          kind: "select",
          options: DEPO_DIAGNOSIS,
          placeholder: select,
        },
        { name: "cq4", label: "When were you diagnosed?", kind: "select", options: DEPO_DIAGNOSIS_TIME, placeholder: select },
        {
          name: "cq5",
          label: "Which symptoms have you experienced?",
          kind: "select",
          options: DEPO_SYMPTOMS,
          placeholder: select,
          optional: true,
        },
        {
          name: "notes",
          label: "Anything else you would like us to know?",
          kind: "textarea",
          optional: true,
          privacy: "free-text",
        },
        TCPA_FIELD,
      ],
    },
  ],
  schema,
  gating: "validate-on-next",
  minBusyMs: 2000,
  consentText: tcpaConsentText,
  copy: {
    formTitle: "Depo-Provera Brain Tumor Claim",
    formIntro: "One short form: tell us about your Depo-Provera use and any diagnosis, and an attorney will review your claim for free.",
    submit: "Submit My Claim",
    submitting: "Submitting Your Claim...",
    submitError: "Submission Error: we could not save your claim. Your answers are still here; please try again.",
    savedNotice: "Your Depo-Provera claim has been submitted successfully. Lead ID: {id}",
    contactWithin: "within 24 hours",
  },
  results: {
    none: {
      heading: "Thank You!",
      message: "We received your Depo-Provera claim. An attorney who handles Depo-Provera cases will review your answers.",
    },
  },
  resultAction: "submit-another",
  toLead: depoToLead,
};

/** The claim this folder defines: claims/registry.ts finds it as the default export of <folder>/definition.ts. */
export default depoProveraClaim;
