import * as z from "zod/mini";
import { contactColumns, TCPA_FIELD, personalFields, personalSchemaShape, tcpaConsentText, tcpaSchema, type PersonalMessages } from "../engine/personal-fields";
import { optionalText, requiredText } from "../engine/schema-builders";
import type { ClaimDefinition, LeadColumns } from "../engine/types";
import { US_STATES } from "../engine/us-states";
import { pfasLanding } from "./landing";

/**
 * Spec section 5, 'PFAS form'. Each rule has one message, so a blank field gets the same text as a
 * too-short or malformed one.
 */
export const PFAS_MESSAGES = {
  firstName: "First name must be at least 2 characters",
  lastName: "Last name must be at least 2 characters",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  state: "Please select your state",
  exposureLocation: "Please describe where you were exposed",
  consent: "You must agree to be contacted",
} as const;

const personalMessages: PersonalMessages = {
  firstNameRequired: PFAS_MESSAGES.firstName,
  firstNameShort: PFAS_MESSAGES.firstName,
  lastNameRequired: PFAS_MESSAGES.lastName,
  lastNameShort: PFAS_MESSAGES.lastName,
  emailRequired: PFAS_MESSAGES.email,
  emailInvalid: PFAS_MESSAGES.email,
  phoneRequired: PFAS_MESSAGES.phone,
  phoneInvalid: PFAS_MESSAGES.phone,
  state: PFAS_MESSAGES.state,
};

const LONG_TEXT = 4000;

const schema = z.object({
  ...personalSchemaShape(US_STATES, personalMessages),
  exposureLocation: requiredText(PFAS_MESSAGES.exposureLocation, { max: LONG_TEXT }),
  healthConditions: optionalText(),
  additionalInfo: optionalText(),
  tcpa: tcpaSchema(PFAS_MESSAGES.consent),
});

export type PfasAnswers = z.infer<typeof schema>;

/** Spec section 3, 'PFAS lead': cq1 exposure location; cq2 health conditions or null; cq3 additional info or null. */
export function pfasToLead(a: PfasAnswers): LeadColumns {
  return {
    ...contactColumns(a),
    cq: { 1: a.exposureLocation, 2: a.healthConditions, 3: a.additionalInfo },
  };
}

export const pfasClaim: ClaimDefinition<typeof schema> = {
  slug: "pfas",
  caseType: "PFAS",
  routes: { landing: "/pfas-claim", form: "/pfas-claim-form" },
  landing: pfasLanding,
  steps: [
    { title: "Personal Information", fields: personalFields(US_STATES) },
    {
      title: "Exposure & Health",
      fields: [
        {
          name: "exposureLocation",
          label: "Where were you exposed to PFAS?",
          kind: "textarea",
          hint: "For example: your town or water system, a military base or a workplace, and roughly when.",
          privacy: "free-text",
        },
        {
          name: "healthConditions",
          label: "Health conditions you have been diagnosed with",
          kind: "textarea",
          optional: true,
          hint: "For example: kidney or testicular cancer, thyroid disease, liver disease or ulcerative colitis.",
          privacy: "free-text",
        },
      ],
    },
    {
      title: "Additional Information",
      panel: {
        title: "What happens next?",
        points: [
          "A legal expert reviews your answers, free of charge.",
          "We contact you within 24 hours to talk about your options.",
          "If you have a case, an experienced PFAS attorney takes it on: no fees unless you win.",
        ],
      },
      fields: [
        {
          name: "additionalInfo",
          label: "Anything else we should know?",
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
  minBusyMs: 0,
  consentText: tcpaConsentText,
  copy: {
    formTitle: "PFAS Exposure Claim",
    formIntro: "Three short steps to a free, confidential case review. It takes about 2 minutes.",
    next: "Continue",
    submit: "Get My Free Case Review",
    submitting: "Submitting...",
    submitError: "Failed to submit your claim. Please try again.",
    savedNotice: "Your PFAS claim has been submitted successfully! Lead ID: {id}",
    contactWithin: "within 24 hours",
  },
  formPage: { backToHome: true, contactPanel: true },
  results: {
    none: { heading: "Thank You!", message: "We have received your PFAS exposure claim." },
  },
  toLead: pfasToLead,
};

/** The claim this folder defines: claims/registry.ts finds it as the default export of <folder>/definition.ts. */
export default pfasClaim;
