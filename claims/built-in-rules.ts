import type { EligibilityRules } from "./engine/data-claim/eligibility-rules";
import type { LeadMapping, LeadSource, WebhookMapping } from "./engine/data-claim/lead-mapping";
import { MVA_ALLOWED_STATES } from "./mva/definition";

/**
 * The eight built-in claims' eligibility and lead columns in the data claims' rule language
 * (docs/decisions/059). "Copy as a new claim" starts from these; tests/unit/data-claim-rules.test.ts
 * holds each to its claim's own eligibility() and toLead() over the claim's examples and generated answers.
 */
export interface BuiltInAsData {
  eligibility?: EligibilityRules;
  lead: LeadMapping;
  /** The claim's webhook.extraFields, where it has them. */
  webhook?: WebhookMapping;
}

const answer = (name: string, more: Omit<Extract<LeadSource, { answer: string }>, "answer"> = {}): LeadSource => ({ answer: name, ...more });
const contact = { fn: answer("fn"), ln: answer("ln"), em: answer("em"), ph: answer("ph"), st: answer("st"), tcpa: "tcpa" };
const cqOf = (...sources: LeadSource[]) => Object.fromEntries(sources.map((source, i) => [String(i + 1), source])) as LeadMapping["cq"];

const ELIGIBLE = { outcome: "eligible", reason: "Eligible" } as const;
const PARTIAL = { outcome: "partial", reason: "Partial" } as const;
const INELIGIBLE = { outcome: "ineligible", reason: "Ineligible" } as const;
const notDiagnosed = { any: [{ answer: "diagnosis", answered: false }, { answer: "diagnosis", is: "No Diagnosis" }] };

export const BUILT_IN_AS_DATA: Readonly<Record<string, BuiltInAsData>> = {
  mva: {
    // cq2 is the at-fault answer inverted, so 'cq2 No' is 'at fault: Yes'.
    eligibility: {
      rules: [
        { when: { any: [{ answer: "noAttorney", is: "Yes" }, { answer: "driverNotAtFault", is: "Yes" }] }, ...INELIGIBLE },
        {
          when: { all: [{ answer: "st", in: [...MVA_ALLOWED_STATES] }, { answer: "noAttorney", is: "No" }, { answer: "driverNotAtFault", isNot: "Yes" }] },
          ...ELIGIBLE,
        },
      ],
      otherwise: PARTIAL,
    },
    lead: {
      ...contact,
      accident_date: answer("accidentDate"),
      cq: cqOf(
        answer("noAttorney"),
        answer("driverNotAtFault", { map: { Yes: "No", No: "Yes" } }),
        answer("treatmentWithin14Days"),
        answer("accidentDate"),
        answer("noMovingViolation"),
        answer("noPriorSettlement"),
        answer("realInjuries"),
        answer("noTreatmentLapse"),
        answer("insuranceCoverage", { join: ", " }),
        answer("noTreatmentLapse"),
      ),
    },
    // MVA_WEBHOOK_FIELDS (spec section 3, 'Webhook payload').
    webhook: {
      accidentDate: answer("accidentDate"),
      insuranceCoverage: answer("insuranceCoverage", { join: ", " }),
      treatmentWithin14Days: answer("treatmentWithin14Days"),
      realInjuries: answer("realInjuries"),
      noTreatmentLapse: answer("noTreatmentLapse"),
    },
  },
  mesothelioma: {
    eligibility: {
      rules: [
        { when: { any: [notDiagnosed, { answer: "hasAttorney", is: "Yes" }] }, ...INELIGIBLE },
        { when: { all: [{ answer: "exposureType", answered: true }, { answer: "hasAttorney", is: "No" }] }, ...ELIGIBLE },
      ],
      otherwise: PARTIAL,
    },
    lead: { ...contact, cq: cqOf(answer("diagnosis"), answer("exposureType"), answer("hasAttorney"), answer("ageRange")) },
  },
  roundup: {
    eligibility: {
      rules: [
        { when: { all: [{ answer: "usedWeedKiller", is: "Yes" }, { not: notDiagnosed }, { answer: "hasAttorney", is: "No" }] }, ...ELIGIBLE },
        { when: { any: [{ answer: "usedWeedKiller", isNot: "Yes" }, notDiagnosed, { answer: "hasAttorney", is: "Yes" }] }, ...INELIGIBLE },
      ],
      otherwise: PARTIAL,
    },
    lead: { ...contact, cq: cqOf(answer("usedWeedKiller"), answer("yearsOfUse"), answer("diagnosis"), answer("hasAttorney")) },
  },
  rideshare: {
    eligibility: {
      rules: [
        { when: { answer: "incidentType", is: "no_incident" }, outcome: "ineligible", reason: "No incident reported" },
        { when: { answer: "hasAttorney", is: "yes" }, outcome: "ineligible", reason: "Already has attorney" },
      ],
      otherwise: { outcome: "eligible", reason: "Meets basic criteria" },
    },
    lead: {
      ...contact,
      cq: cqOf(answer("incidentType"), answer("service"), answer("policeReport"), answer("hasAttorney"), answer("incidentDate", { ifBlank: "" })),
    },
  },
  afff: {
    lead: {
      ...contact,
      fn: answer("fullName", { part: "first-word" }),
      ln: answer("fullName", { part: "rest" }),
      cq: cqOf(answer("age"), answer("exposedToAFFF"), answer("exposureLocation", { join: "," }), answer("diagnosis", { join: "," })),
    },
  },
  "depo-provera": {
    lead: { ...contact, notes: answer("notes"), cq: cqOf(answer("cq1"), answer("cq2"), answer("cq3"), answer("cq4"), answer("cq5")) },
  },
  pfas: {
    lead: { ...contact, cq: cqOf(answer("exposureLocation"), answer("healthConditions"), answer("additionalInfo")) },
  },
  "video-game": {
    lead: {
      ...contact,
      cq: cqOf(
        answer("gamesPlayed"),
        answer("gamingPeriod"),
        answer("hoursPerDay"),
        answer("moneySpent"),
        answer("healthImpacts"),
        answer("relationshipImpacts"),
        answer("financialImpacts"),
        answer("treatmentSought"),
        answer("manipulativeFeatures"),
        answer("additionalInfo"),
      ),
    },
  },
};
