import { currentDataClaims } from "./live-claims";
import { landingPaths } from "./pages";
import type { ClaimDefinition } from "./types";

export const withoutTrailingSlash = (pathname: string) => pathname.replace(/\/+$/, "") || "/";

/** The folder a claim's definition module is in: `./mva/definition.ts` is mva's. */
export const folderOf = (definitionFile: string) => definitionFile.split("/").at(-2) ?? definitionFile;

/**
 * The claims of the claim folders, from each folder's definition module (its default export) keyed by
 * the module's path, in their cards' order. A folder is named after its claim's slug, as its URLs and
 * lazy browser import (claims/definition-imports.ts) are.
 */
export function claimsOfFolders(definitions: Readonly<Record<string, ClaimDefinition>>): ClaimDefinition[] {
  const claims = Object.entries(definitions).map(([file, claim]) => {
    if (claim?.slug !== folderOf(file)) throw new Error(`${file} must export its claim as default, with the slug '${folderOf(file)}'`);
    return claim;
  });
  return claims.sort((a, b) => a.landing.card.order - b.landing.card.order || a.slug.localeCompare(b.slug));
}

/**
 * Look-ups over a list of claim definitions; claims/registry.ts makes the one the site runs on. `claims`
 * is the built-in list; the look-ups by slug, path and case type also find the claims defined as data
 * this process runs (live-claims.ts), after the built-in ones, and `allClaims()` lists both.
 */
export function registryOf(definitions: readonly ClaimDefinition[]) {
  const claims = definitions;
  const find = (test: (claim: ClaimDefinition) => boolean) => claims.find(test) ?? currentDataClaims().find(test);
  return {
    claims,
    allClaims: (): readonly ClaimDefinition[] => [...claims, ...currentDataClaims()],
    claimBySlug: (slug: string) => find((c) => c.slug === slug),
    claimByFormPath(pathname: string) {
      const path = withoutTrailingSlash(pathname);
      return find((c) => c.routes.form === path);
    },
    /** The claim whose landing page answers on this path (its own or an alias). */
    claimByLandingPath(pathname: string) {
      const path = withoutTrailingSlash(pathname);
      return find((c) => landingPaths(c).includes(path));
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
    claimByCaseType: (caseType: string) => find((c) => c.caseType === caseType),
  };
}
