// Not ./claim-folders: the specifier lets Vite and Node each find the folders their own way (claim-folders.ts).
import { folderDefinitions } from "#claims/claim-folders";
import { claimsOfFolders, registryOf } from "./engine/registry-of";

/**
 * Every claim type the site serves, one per folder of claims/ with a definition.ts, in their home-page
 * cards' order. Adding one is a folder (README, 'Adding a claim').
 */
export const productionClaims = claimsOfFolders(folderDefinitions);

// Test builds replace this module with tests/fixtures/claims/registry.ts (see vite.config.ts).
export const { claims, allClaims, claimBySlug, claimByFormPath, claimByLandingPath, resultPageByPath, claimByCaseType } = registryOf(productionClaims);
