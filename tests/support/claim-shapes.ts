import type { ClaimDefinition } from "#claims/engine/types";

/**
 * What makes one claim's wizard behave differently from another's in the browser: the kinds of field it
 * has, how its Next is gated, where its results show, and whether its steps have panels. Its words
 * (labels, messages, results) are checked for every claim elsewhere (e2e/claims, the route tests).
 */
export function shapeOf(claim: ClaimDefinition): Set<string> {
  const fields = claim.steps.flatMap((step) => step.fields);
  return new Set([
    ...fields.map((field) => `field:${field.kind}`),
    ...fields.filter((field) => field.optional).map((field) => `optional:${field.kind}`),
    `gating:${claim.gating}`,
    claim.resultPages ? "results:pages" : "results:inline",
    claim.steps.length > 1 ? "steps:many" : "steps:one",
    ...(claim.steps.some((step) => step.panel) ? ["step-panel"] : []),
  ]);
}

/**
 * The fewest claims (a greedy cover) that between them have every shape any of `claims` has, in
 * registry order: a journey whose subject is the wizard's own behaviour runs once per shape, not once
 * per claim, and a claim with a shape no other has is picked by itself.
 */
export function claimsCoveringEveryShape(claims: readonly ClaimDefinition[]): ClaimDefinition[] {
  const shapes = new Map(claims.map((claim) => [claim, shapeOf(claim)]));
  const uncovered = new Set([...shapes.values()].flatMap((shape) => [...shape]));
  const picked: ClaimDefinition[] = [];
  while (uncovered.size) {
    const gain = (claim: ClaimDefinition) => [...shapes.get(claim)!].filter((s) => uncovered.has(s)).length;
    const best = claims.reduce((a, b) => (gain(b) > gain(a) ? b : a));
    picked.push(best);
    for (const shape of shapes.get(best)!) uncovered.delete(shape);
  }
  return claims.filter((claim) => picked.includes(claim));
}
