import { describe, expect, it } from "vitest";
import { landingCopyOf, withLandingCopy } from "#claims/engine/landing-copy";
import { claims } from "#claims/registry";

// A claim's editable words (docs/decisions/055, `landing:<slug>`): read from its folder and put back,
// nothing changes, so the built-in default is exactly today's page; a changed word lands where it shows.
describe.each(claims.map((claim) => [claim.slug, claim] as const))("the %s claim's landing copy", (_slug, claim) => {
  it("put back unchanged, leaves the landing, the result screens and the result pages as they were", () => {
    const shown = withLandingCopy(claim, landingCopyOf(claim));
    expect(shown.landing).toEqual({ ...claim.landing, faq: claim.landing.faq ?? [] });
    expect(shown.results).toEqual(claim.results);
    expect(shown.resultPages).toEqual(claim.resultPages);
  });

  it("changed, shows the new words in place of the old ones, and nothing else moves", () => {
    const copy = landingCopyOf(claim);
    const shown = withLandingCopy(claim, { ...copy, hero: { ...copy.hero, title: "New headline" }, results: copy.results.map((r) => ({ ...r, heading: `H ${r.key}` })) });
    expect(shown.landing.hero).toEqual({ ...claim.landing.hero, title: "New headline" });
    expect(shown.landing.sections).toBe(claim.landing.sections);
    for (const [outcome, result] of Object.entries(shown.results ?? {})) expect(result.heading).toBe(`H ${outcome}`);
    for (const page of shown.resultPages ?? []) for (const [outcome, variant] of Object.entries(page.variants)) expect(variant.heading).toBe(`H ${page.path}#${outcome}`);
  });
});
