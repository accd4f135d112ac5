import type { ClaimDefinition } from "./types";

/** Look-ups over a list of claim definitions; claims/registry.ts makes the one the site runs on. */
export function registryOf(definitions: readonly ClaimDefinition[]) {
  const claims = definitions;
  return {
    claims,
    claimBySlug: (slug: string) => claims.find((c) => c.slug === slug),
    claimByFormPath(pathname: string) {
      const path = pathname.replace(/\/+$/, "") || "/";
      return claims.find((c) => c.routes.form === path);
    },
    claimByCaseType: (caseType: string) => claims.find((c) => c.caseType === caseType),
  };
}
