import type { ClaimExamples } from "../engine/claim-examples";

/** A complete, valid Depo-Provera submission (as the JSON API takes it); tests override what they exercise. */
export function depoProveraAnswers(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    fn: "Jane",
    ln: "Doe",
    em: "jane.doe@example.com",
    ph: "(415) 555-2671",
    st: "TX",
    cq1: "yes",
    cq2: "2_5_years",
    cq3: "yes_meningioma",
    cq4: "1_3_years",
    cq5: "headaches",
    notes: "Diagnosed after six years of injections.",
    tcpa: true,
    ...overrides,
  };
}

export const examples: ClaimExamples = {
  slug: "depo-provera",
  examples: [{ name: "a claim with every answer", outcome: null, answers: depoProveraAnswers() }],
};
