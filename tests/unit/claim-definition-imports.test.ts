import { describe, expect, it } from "vitest";
import { definitionImports } from "#claims/definition-imports";
import { claims, productionClaims } from "#claims/registry";
import { definitionImports as productionImports } from "../../claims/definition-imports";

// Browsers load a claim's definition on its own (docs/decisions/031): the imports must match the registry.
describe("claim definition imports", () => {
  it("load exactly the registry's claims, each the very definition the server uses", async () => {
    expect(Object.keys(definitionImports).sort()).toEqual(claims.map((c) => c.slug).sort());
    for (const claim of claims) expect(await definitionImports[claim.slug]!()).toBe(claim);
  });

  it("in production builds, the production registry's claims and no fixture", () => {
    expect(Object.keys(productionImports).sort()).toEqual(productionClaims.map((c) => c.slug).sort());
  });
});
