import type { ClaimDefinition } from "./engine/types";

/**
 * Every claim of claims/registry.ts as a module of its own, for browsers: a form page loads only its own
 * claim's definition (docs/decisions/031). A new claim adds a line here as well as in the registry;
 * tests/unit/claim-definition-imports.test.ts checks that the two agree. Test builds replace this
 * module with tests/fixtures/claims/definition-imports.ts (see vite.config.ts).
 */
export const definitionImports: Readonly<Record<string, () => Promise<ClaimDefinition>>> = {
  mva: () => import("./mva/definition").then((m) => m.mvaClaim),
  pfas: () => import("./pfas/definition").then((m) => m.pfasClaim),
  "depo-provera": () => import("./depo-provera/definition").then((m) => m.depoProveraClaim),
  mesothelioma: () => import("./mesothelioma/definition").then((m) => m.mesotheliomaClaim),
  "video-game": () => import("./video-game/definition").then((m) => m.videoGameClaim),
  rideshare: () => import("./rideshare/definition").then((m) => m.rideshareClaim),
  afff: () => import("./afff/definition").then((m) => m.afffClaim),
  roundup: () => import("./roundup/definition").then((m) => m.roundupClaim),
};
