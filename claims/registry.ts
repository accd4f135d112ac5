import { afffClaim } from "./afff/definition";
import { depoProveraClaim } from "./depo-provera/definition";
import type { ClaimDefinition } from "./engine/types";
import { mesotheliomaClaim } from "./mesothelioma/definition";
import { mvaClaim } from "./mva/definition";
import { pfasClaim } from "./pfas/definition";
import { rideshareClaim } from "./rideshare/definition";
import { roundupClaim } from "./roundup/definition";
import { videoGameClaim } from "./video-game/definition";

/** Every claim type. Adding one is a folder with its definition and a line here. */
export const claims: readonly ClaimDefinition[] = [
  mvaClaim,
  pfasClaim,
  depoProveraClaim,
  mesotheliomaClaim,
  videoGameClaim,
  rideshareClaim,
  afffClaim,
  roundupClaim,
];

export function claimBySlug(slug: string): ClaimDefinition | undefined {
  return claims.find((c) => c.slug === slug);
}

export function claimByFormPath(pathname: string): ClaimDefinition | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return claims.find((c) => c.routes.form === path);
}

export function claimByCaseType(caseType: string): ClaimDefinition | undefined {
  return claims.find((c) => c.caseType === caseType);
}
