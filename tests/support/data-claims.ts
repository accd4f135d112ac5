import { daysAgo, type ClaimExamples } from "#claims/engine/claim-examples";
import type { DataClaim } from "#claims/engine/data-claim/data-claim-schema";
import { blankDataClaim } from "#claims/engine/data-claim/templates";

/** The journey claim: three steps, a rule and its result screens. */
export function hairRelaxer(): DataClaim {
  const claim = blankDataClaim("hair-relaxer", "Hair Relaxer");
  claim.steps.unshift(
    {
      title: "Your use",
      fields: [
        { name: "usedRelaxer", label: "Did you use a chemical hair relaxer for at least a year?", kind: "yes-no" },
        { name: "firstUse", label: "When did you last use it?", kind: "date", optional: true, pastDays: 3650 },
      ],
    },
    {
      title: "Diagnosis",
      fields: [
        {
          name: "diagnosis",
          label: "Have you been diagnosed with any of these?",
          kind: "checkboxes",
          options: [
            { value: "uterine-cancer", label: "Uterine cancer" },
            { value: "ovarian-cancer", label: "Ovarian cancer" },
            { value: "none", label: "None of these", exclusive: true },
          ],
          messages: { required: "Please choose at least one answer" },
        },
        { name: "details", label: "Anything else?", kind: "textarea", optional: true, privacy: "free-text" },
      ],
    },
  );
  claim.eligibility = {
    rules: [
      { when: { any: [{ answer: "usedRelaxer", is: "No" }, { answer: "diagnosis", includes: "none" }] }, outcome: "ineligible", reason: "No use or no diagnosis" },
      { when: { all: [{ answer: "usedRelaxer", is: "Yes" }, { answer: "diagnosis", includes: "uterine-cancer" }] }, outcome: "eligible", reason: "Eligible" },
    ],
    otherwise: { outcome: "partial", reason: "Partial" },
  };
  claim.results = {
    eligible: { heading: "You may qualify", message: "An attorney will call you." },
    partial: { heading: "We need to know more", message: "An attorney will review your answers." },
    ineligible: { heading: "We cannot help with this claim", message: "Thank you for your time." },
  };
  claim.lead.cq = { "1": { answer: "usedRelaxer" }, "2": { answer: "diagnosis", join: "," }, "3": { answer: "firstUse", ifBlank: "" } };
  claim.lead.notes = { answer: "details" };
  return claim;
}

/** A complete submission of hairRelaxer(), as the JSON API takes it: eligible. */
export const hairRelaxerAnswers = (overrides: Record<string, unknown> = {}) => ({
  usedRelaxer: "Yes",
  diagnosis: ["uterine-cancer"],
  details: "Used it for ten years",
  fn: "Jane",
  ln: "Doe",
  em: "jane.doe@example.com",
  ph: "(415) 555-2671",
  st: "CO",
  tcpa: true,
  ...overrides,
});

/** hairRelaxer()'s examples, as a built-in claim's examples.ts has them: the first gives every optional answer. */
export const hairRelaxerExamples: ClaimExamples["examples"] = [
  { name: "eligible: used it, uterine cancer", outcome: "eligible", answers: hairRelaxerAnswers({ firstUse: daysAgo(400) }) },
  { name: "partial: another diagnosis", outcome: "partial", answers: hairRelaxerAnswers({ diagnosis: ["ovarian-cancer"], details: "" }) },
  { name: "ineligible: never used it", outcome: "ineligible", answers: hairRelaxerAnswers({ usedRelaxer: "No" }) },
];
