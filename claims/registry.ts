import { afffClaim } from "./afff/definition";
import { depoProveraClaim } from "./depo-provera/definition";
import { registryOf } from "./engine/registry-of";
import { mesotheliomaClaim } from "./mesothelioma/definition";
import { mvaClaim } from "./mva/definition";
import { pfasClaim } from "./pfas/definition";
import { rideshareClaim } from "./rideshare/definition";
import { roundupClaim } from "./roundup/definition";
import { videoGameClaim } from "./video-game/definition";

/** Every claim type the site serves, in the home page's order. Adding one is a folder and a line here. */
export const productionClaims = [
  mvaClaim,
  pfasClaim,
  depoProveraClaim,
  mesotheliomaClaim,
  videoGameClaim,
  rideshareClaim,
  afffClaim,
  roundupClaim,
] as const;

// Test builds replace this module with tests/fixtures/claims/registry.ts (see vite.config.ts).
export const { claims, claimBySlug, claimByFormPath, claimByLandingPath, resultPageByPath, claimByCaseType } = registryOf(productionClaims);
