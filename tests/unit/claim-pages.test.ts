import { describe, expect, it } from "vitest";
import { cardHref, landingPaths, resultPagePath, startHref } from "#claims/engine/pages";
import { claimByLandingPath, claims, productionClaims, resultPageByPath } from "#claims/registry";
import { mvaClaim } from "#claims/mva/definition";
import { themeCss } from "../../app/landing/theme-css";

describe("claim pages derived from the registry", () => {
  it("finds every landing page by its path and its aliases; an alias names the landing path as canonical", () => {
    for (const claim of claims) {
      for (const path of landingPaths(claim)) expect(claimByLandingPath(path)).toBe(claim);
    }
    expect(claimByLandingPath("/roundup-cancer")?.routes.landing).toBe("/roundup-claim-landing");
    expect(claimByLandingPath("/nowhere")).toBeUndefined();
  });

  it("gives no two claims the same landing, form or result path", () => {
    const paths = claims.flatMap((c) => [...landingPaths(c), c.routes.form, ...(c.resultPages ?? []).map((p) => p.path)]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("sends MVA outcomes to their pages: eligible and partial to success, ineligible to sorry", () => {
    expect(resultPagePath(mvaClaim, "eligible", "L1")).toBe("/mva-claim/success?lead=L1");
    expect(resultPagePath(mvaClaim, "partial", "L1")).toBe("/mva-claim/success?lead=L1");
    expect(resultPagePath(mvaClaim, "ineligible", "L1")).toBe("/mva-claim/sorry?lead=L1");
    expect(resultPageByPath("/mva-claim/sorry")?.claim).toBe(mvaClaim);
    for (const claim of claims.filter((c) => !c.resultPages)) expect(resultPagePath(claim, "eligible", "L1")).toBeUndefined();
  });

  it("orders the spec's home cards as the spec does and points them where it says; another claim's card goes where its order puts it", () => {
    const specCards = [
      "Start MVA Claim",
      "Start PFAS Claim",
      "Start Depo Claim",
      "Start Meso Claim",
      "Start Gaming Claim",
      "Start RideShare Claim",
      "Start AFFF Claim",
      "Start RoundUp Claim",
    ];
    expect(productionClaims.map((c) => c.landing.card.cta).filter((cta) => specCards.includes(cta))).toEqual(specCards);
    expect(cardHref(mvaClaim)).toBe("/mva-claim");
    expect(productionClaims.slice(1).map(cardHref)).toEqual(productionClaims.slice(1).map((c) => c.routes.landing));
  });

  it("counts AFFF start clicks first-party; other landings link to the form", () => {
    for (const claim of productionClaims) expect(startHref(claim)).toBe(claim.slug === "afff" ? "/start/afff" : claim.routes.form);
  });

  it("writes one theme rule per claim and refuses a colour that is not a hex colour", () => {
    const css = themeCss(claims);
    for (const claim of claims) expect(css).toContain(`.theme-${claim.slug}{--color-accent:${claim.landing.theme.accent};`);
    expect(() => themeCss([{ ...mvaClaim, landing: { ...mvaClaim.landing, theme: { ...mvaClaim.landing.theme, accent: "red}</style>" } } }])).toThrow(
      /not a hex colour/,
    );
  });
});
