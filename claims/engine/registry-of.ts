import { landingPaths } from "./pages";
import type { ClaimDefinition } from "./types";

export const withoutTrailingSlash = (pathname: string) => pathname.replace(/\/+$/, "") || "/";

/** Look-ups over a list of claim definitions; claims/registry.ts makes the one the site runs on. */
export function registryOf(definitions: readonly ClaimDefinition[]) {
  const claims = definitions;
  return {
    claims,
    claimBySlug: (slug: string) => claims.find((c) => c.slug === slug),
    claimByFormPath(pathname: string) {
      const path = withoutTrailingSlash(pathname);
      return claims.find((c) => c.routes.form === path);
    },
    /** The claim whose landing page answers on this path (its own or an alias). */
    claimByLandingPath(pathname: string) {
      const path = withoutTrailingSlash(pathname);
      return claims.find((c) => landingPaths(c).includes(path));
    },
    /** The claim and result page at this path. */
    resultPageByPath(pathname: string) {
      const path = withoutTrailingSlash(pathname);
      for (const claim of claims) {
        const page = claim.resultPages?.find((p) => p.path === path);
        if (page) return { claim, page };
      }
      return undefined;
    },
    claimByCaseType: (caseType: string) => claims.find((c) => c.caseType === caseType),
  };
}
