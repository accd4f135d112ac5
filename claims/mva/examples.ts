import { isoDay } from "../engine/schema-builders";
import type { ClaimExamples } from "../engine/claim-examples";

/** A complete, valid MVA submission (eligible); tests override what they exercise. */
export function mvaAnswers(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    fn: "Jane",
    ln: "Doe",
    em: "jane.doe@example.com",
    ph: "(415) 555-2671",
    st: "CA",
    accidentDate: isoDay(new Date(Date.now() - 10 * 86_400_000)),
    driverNotAtFault: "No",
    treatmentWithin14Days: "Yes",
    noAttorney: "No",
    noMovingViolation: "No",
    noPriorSettlement: "No",
    insuranceCoverage: ["Defendant Insurance Coverage", "Driver UI or UIM Coverage"],
    realInjuries: "Yes",
    noTreatmentLapse: "No",
    tcpa: true,
    ...overrides,
  };
}

export const examples: ClaimExamples = {
  slug: "mva",
  examples: [
    { name: "eligible: not at fault, no attorney, a served state", outcome: "eligible", answers: mvaAnswers() },
    { name: "partial: a state partner attorneys do not serve", outcome: "partial", answers: mvaAnswers({ st: "OR" }) },
    { name: "ineligible: has an attorney", outcome: "ineligible", answers: mvaAnswers({ st: "TX", noAttorney: "Yes" }) },
  ],
};
