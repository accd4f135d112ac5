import { describe, expect, it } from "vitest";
import { claims } from "#claims/registry";
import { claimsCoveringEveryShape, shapeOf } from "../support/claim-shapes";

describe("claims covering every shape", () => {
  it("between them have every shape any registered claim has, and are fewer than all", () => {
    const picked = claimsCoveringEveryShape(claims);
    const all = new Set(claims.flatMap((claim) => [...shapeOf(claim)]));
    expect(new Set(picked.flatMap((claim) => [...shapeOf(claim)]))).toEqual(all);
    expect(picked.length).toBeLessThan(claims.length);
  });

  it("picks a claim with a shape no other has", () => {
    const [first, ...rest] = claims;
    const odd = { ...first!, slug: "odd", resultPages: undefined, gating: "odd-gating" } as unknown as (typeof claims)[number];
    expect(claimsCoveringEveryShape([...rest, odd]).map((claim) => claim.slug)).toContain("odd");
  });
});
