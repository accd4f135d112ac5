import { describe, expect, it } from "vitest";
import { BUILT_IN_AS_DATA } from "#claims/built-in-rules";
import type { DataClaim } from "#claims/engine/data-claim/data-claim-schema";
import { checkDataClaim } from "#claims/engine/data-claim/compile-data-claim";
import { dataClaimOf } from "#claims/engine/data-claim/export-claim";
import { asNewClaim, blankDataClaim } from "#claims/engine/data-claim/templates";
import { claims } from "#claims/registry";
import { claimFormValues, claimFromValues, postedValues } from "../../server/data-claims/claim-form";
import { formOf } from "../support/claim-editor-form";
import { hairRelaxer } from "../support/data-claims";

// The structured editor of /admin/claims (docs/decisions/063) loses nothing: a claim drawn into the form
// and posted back unchanged is the same claim, for the blank template, the journey's claim and a copy of
// each built-in claim (whose rules the form shows, or keeps when they nest deeper than it shows).

const copies: [string, DataClaim][] = claims.flatMap((claim) => (BUILT_IN_AS_DATA[claim.slug] ? [[claim.slug, asNewClaim(dataClaimOf(claim, BUILT_IN_AS_DATA[claim.slug]!), `${claim.slug}-copy`, `${claim.caseType} copy`)] as [string, DataClaim]] : []));
const cases: [string, DataClaim][] = [["blank", blankDataClaim("blank-claim", "Blank")], ["hair-relaxer", hairRelaxer()], ...copies];

/** A rule with one condition is the same rule when the form writes it as all of one. */
function normalized(claim: DataClaim): DataClaim {
  const copy = structuredClone(claim);
  for (const rule of copy.eligibility?.rules ?? []) if (!("all" in rule.when) && !("any" in rule.when)) rule.when = { all: [rule.when] };
  return JSON.parse(JSON.stringify(copy)) as DataClaim;
}

describe("the claim editor's form", () => {
  it("covers the eight built-in claims", () => {
    expect(copies.length).toBeGreaterThanOrEqual(8);
  });

  it.each(cases)("posts %s back unchanged", (_name, claim) => {
    const values = claimFormValues(claim);
    const posted = postedValues(formOf(values), values.rulesInForm);
    expect(posted).toEqual(values);
    const built = claimFromValues(posted, claim);
    expect(built.errors).toEqual({});
    expect(normalized(built.claim)).toEqual(normalized(claim));
    const checked = checkDataClaim(built.claim);
    expect(checked.ok ? [] : checked).toEqual([]);
  });

  it.each(cases)("carries every setting of %s's steps and questions itself, with nothing to keep from the claim it edits", (_name, claim) => {
    const values = claimFormValues(claim);
    const built = claimFromValues(postedValues(formOf(values), values.rulesInForm), { ...claim, steps: [] });
    expect(built.errors).toEqual({});
    expect(JSON.parse(JSON.stringify(built.claim.steps))).toEqual(JSON.parse(JSON.stringify(claim.steps)));
  });
});
