import type { ClaimExamples } from "../engine/claim-examples";

/** A complete, valid AFFF submission (as the JSON API takes it); tests override what they exercise. */
export function afffAnswers(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    age: "yes",
    exposedToAFFF: "yes",
    exposureLocation: ["fire-department", "military-base"],
    diagnosis: ["kidney-cancer"],
    hasAttorney: "no",
    fullName: "Jane Doe",
    ph: "(415) 555-2671",
    em: "jane.doe@example.com",
    st: "CO",
    tcpa: true,
    ...overrides,
  };
}

export const examples: ClaimExamples = {
  slug: "afff",
  examples: [{ name: "a claim with every answer", outcome: null, answers: afffAnswers({ fullName: "Mary Ann Smith" }) }],
};
