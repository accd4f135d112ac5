import * as z from "zod/mini";
import { contactColumns, TCPA_FIELD, personalFields, personalSchemaShape, tcpaConsentText, tcpaSchema } from "../engine/personal-fields";
import { choice } from "../engine/schema-builders";
import type { ClaimDefinition, Eligibility, LeadColumns } from "../engine/types";
import { US_STATES } from "../engine/us-states";
import { YES_NO, labelledAsIs } from "../engine/options";
import { mesotheliomaLanding } from "./landing";


/** Spec section 3, 'Enumerations'. */
export const MESO_DIAGNOSES = labelledAsIs(["Mesothelioma", "Lung Cancer", "Asbestosis", "Other Asbestos-Related Disease", "No Diagnosis"]);
export const MESO_EXPOSURE_TYPES = labelledAsIs([
  "Occupational (Workplace)",
  "Military Service",
  "Secondary (Family Member)",
  "Environmental",
  "Products/Consumer Goods",
  "Unsure",
]);
export const MESO_AGE_RANGES = labelledAsIs(["Under 40", "40-49", "50-59", "60-69", "70-79", "80+"]);

const SELECT_AN_OPTION = "Please select an option";

const schema = z.object({
  ...personalSchemaShape(US_STATES),
  diagnosis: choice(MESO_DIAGNOSES, SELECT_AN_OPTION),
  ageRange: choice(MESO_AGE_RANGES, SELECT_AN_OPTION),
  exposureType: choice(MESO_EXPOSURE_TYPES, SELECT_AN_OPTION),
  hasAttorney: choice(YES_NO, SELECT_AN_OPTION),
  tcpa: tcpaSchema("You must agree to be contacted"),
});

export type MesoAnswers = z.infer<typeof schema>;

/**
 * Spec section 4: eligible = a diagnosis other than 'No Diagnosis', an exposure type, and no attorney;
 * not eligible = no diagnosis (or 'No Diagnosis') or an attorney; otherwise 'Partial'.
 */
export function mesoEligibility(a: MesoAnswers): Eligibility {
  const diagnosed = Boolean(a.diagnosis) && a.diagnosis !== "No Diagnosis";
  if (!diagnosed || a.hasAttorney === "Yes") return { outcome: "ineligible", reason: "Ineligible" };
  if (a.exposureType && a.hasAttorney === "No") return { outcome: "eligible", reason: "Eligible" };
  return { outcome: "partial", reason: "Partial" };
}

/** cq1 diagnosis; cq2 exposure type; cq3 has-attorney; cq4 age range. */
export function mesoToLead(a: MesoAnswers): LeadColumns {
  return {
    ...contactColumns(a),
    cq: { 1: a.diagnosis, 2: a.exposureType, 3: a.hasAttorney, 4: a.ageRange },
  };
}

export const mesotheliomaClaim: ClaimDefinition<typeof schema> = {
  slug: "mesothelioma",
  caseType: "Mesothelioma",
  routes: { landing: "/mesothelioma-claim-landing", form: "/mesothelioma-claim" },
  landing: mesotheliomaLanding,
  steps: [
    { title: "Personal Information", fields: personalFields(US_STATES) },
    {
      title: "Diagnosis",
      fields: [
        { name: "diagnosis", label: "What have you (or your loved one) been diagnosed with?", kind: "radio", options: MESO_DIAGNOSES },
        { name: "ageRange", label: "Age of the person diagnosed", kind: "radio", options: MESO_AGE_RANGES },
      ],
    },
    {
      title: "Exposure & Representation",
      fields: [
        { name: "exposureType", label: "How were you exposed to asbestos?", kind: "radio", options: MESO_EXPOSURE_TYPES },
        { name: "hasAttorney", label: "Do you currently have an attorney for this claim?", kind: "radio", options: YES_NO },
      ],
    },
    { title: "Consent", fields: [TCPA_FIELD] },
  ],
  schema,
  gating: "next-disabled-until-complete",
  minBusyMs: 1500,
  consentText: tcpaConsentText,
  copy: {
    formTitle: "Mesothelioma & Lung Cancer Claim",
    formIntro: "Four short steps to find out whether you or a loved one may qualify for compensation from asbestos trust funds.",
    submit: "Submit Claim",
    submitting: "Processing...",
    submitError: "Submission Error. Error: Database save failed. Your answers are still here; please try again.",
    savedNotice: "Lead Saved. Your Mesothelioma claim information has been saved successfully. Lead ID: {id}",
    contactWithin: "within 24-48 hours",
  },
  results: {
    ineligible: {
      heading: "We're Sorry",
      message:
        "Based on your answers, we are unable to take this claim: our partner attorneys need a diagnosis of an asbestos-related disease and cannot accept claims that already have an attorney. A local attorney can review your situation.",
    },
    eligible: {
      heading: "You May Be Eligible",
      message: "Your answers suggest you may qualify for compensation. An experienced mesothelioma attorney will review your claim.",
    },
    partial: { heading: "Thank You!", message: "We received your information and will review it carefully." },
  },
  eligibility: mesoEligibility,
  toLead: mesoToLead,
};

/** The claim this folder defines: claims/registry.ts finds it as the default export of <folder>/definition.ts. */
export default mesotheliomaClaim;
