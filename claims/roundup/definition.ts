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
import { choice } from "../engine/schema-builders";
import type { ClaimDefinition, Eligibility, LeadColumns } from "../engine/types";
import { US_STATES } from "../engine/us-states";
import { YES_NO, labelledAsIs } from "../engine/options";
import { roundupLanding } from "./landing";


/** Spec section 3, 'Enumerations'. */
export const ROUNDUP_YEARS_OF_USE = labelledAsIs(["Less than 1 year", "1-2 years", "3-5 years", "6-10 years", "More than 10 years"]);
export const ROUNDUP_DIAGNOSES = labelledAsIs([
  "Non-Hodgkin's Lymphoma",
  "Hairy Cell Leukemia",
  "Multiple Myeloma",
  "Chronic Lymphocytic Leukemia",
  "B-Cell Lymphoma",
  "T-Cell Lymphoma",
  "Other Cancer",
  "No Diagnosis",
]);
export const ROUNDUP_YES_NO = YES_NO;

export const ROUNDUP_MESSAGES = {
  selectAnOption: "Please select an option",
  consent: "You must agree to be contacted",
} as const;

const m = ROUNDUP_MESSAGES;

const schema = z.object({
  ...personalSchemaShape(US_STATES, DEFAULT_PERSONAL_MESSAGES),
  usedWeedKiller: choice(ROUNDUP_YES_NO, m.selectAnOption),
  yearsOfUse: choice(ROUNDUP_YEARS_OF_USE, m.selectAnOption),
  diagnosis: choice(ROUNDUP_DIAGNOSES, m.selectAnOption),
  hasAttorney: choice(ROUNDUP_YES_NO, m.selectAnOption),
  tcpa: tcpaSchema(m.consent),
});

export type RoundupAnswers = z.infer<typeof schema>;

/**
 * Spec section 4: eligible if used is Yes AND diagnosis is anything but 'No Diagnosis' AND has attorney
 * is No; not eligible if used is not Yes, OR diagnosis empty or 'No Diagnosis', OR has attorney Yes;
 * otherwise partial.
 */
export function roundupEligibility(a: RoundupAnswers): Eligibility {
  const diagnosed = Boolean(a.diagnosis) && a.diagnosis !== "No Diagnosis";
  if (a.usedWeedKiller === "Yes" && diagnosed && a.hasAttorney === "No") return { outcome: "eligible", reason: "Eligible" };
  if (a.usedWeedKiller !== "Yes" || !diagnosed || a.hasAttorney === "Yes") return { outcome: "ineligible", reason: "Ineligible" };
  return { outcome: "partial", reason: "Partial" };
}

/** cq1 used weed killer; cq2 years of use; cq3 diagnosis; cq4 has attorney. */
export function roundupToLead(a: RoundupAnswers): LeadColumns {
  return {
    ...contactColumns(a),
    cq: { 1: a.usedWeedKiller, 2: a.yearsOfUse, 3: a.diagnosis, 4: a.hasAttorney },
  };
}

export const roundupClaim: ClaimDefinition<typeof schema> = {
  slug: "roundup",
  caseType: "RoundUp",
  routes: { landing: "/roundup-claim-landing", landingAliases: ["/roundup-cancer"], form: "/roundup-claim" },
  landing: roundupLanding,
  steps: [
    { title: "Personal Information", fields: personalFields(US_STATES) },
    {
      title: "RoundUp Use",
      fields: [
        { name: "usedWeedKiller", label: "Have you used RoundUp or another glyphosate weed killer?", kind: "radio", options: ROUNDUP_YES_NO },
        { name: "yearsOfUse", label: "For how many years did you use it?", kind: "radio", options: ROUNDUP_YEARS_OF_USE },
      ],
    },
    {
      title: "Diagnosis & Representation",
      fields: [
        { name: "diagnosis", label: "Have you been diagnosed with any of these conditions?", kind: "radio", options: ROUNDUP_DIAGNOSES },
        { name: "hasAttorney", label: "Do you currently have an attorney for this claim?", kind: "radio", options: ROUNDUP_YES_NO },
      ],
    },
    { title: "Consent", fields: [TCPA_FIELD] },
  ],
  schema,
  gating: "next-disabled-until-complete",
  minBusyMs: 1500,
  consentText: tcpaConsentText,
  copy: {
    formTitle: "RoundUp Cancer Claim",
    formIntro: "Four short steps to find out whether you may qualify for compensation after using RoundUp weed killer.",
    next: "Next",
    submit: "Submit Claim",
    submitting: "Processing...",
    submitError: "Submission Error. Error: Database save failed. Your answers are still here; please try again.",
    savedNotice: "Lead Saved. Your RoundUp claim information has been saved successfully. Lead ID: {id}",
    contactWithin: "within 24-48 hours",
  },
  results: {
    ineligible: {
      heading: "We're Sorry",
      message:
        "Based on your answers, your claim may not meet our partner attorneys' current criteria: use of RoundUp, a related diagnosis and no attorney already on the case.",
    },
    eligible: {
      heading: "Congratulations!",
      message: "Your answers suggest you may qualify for compensation from the RoundUp settlement. An experienced attorney will review your claim.",
    },
    partial: { heading: "Thank You!", message: "We received your information and will review it carefully." },
  },
  eligibility: roundupEligibility,
  toLead: roundupToLead,
};

/** The claim this folder defines: claims/registry.ts finds it as the default export of <folder>/definition.ts. */
export default roundupClaim;
