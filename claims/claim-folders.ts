import type { ClaimDefinition } from "./engine/types";

/**
 * Each claim folder's definition (the default export of claims/<slug>/definition.ts), keyed by its
 * module's path: a claim is found, not listed. Vite finds them when it transforms this module, in the
 * build, in Vitest, and in the route config React Router reads. Code run by tsx without Vite (scripts,
 * their threads, `npm run dev`'s server) reads claim-folders.node.ts instead: tsconfig.json maps this
 * module's specifier, #claims/claim-folders, there (docs/decisions/051).
 */
export const folderDefinitions: Readonly<Record<string, ClaimDefinition>> = import.meta.glob<ClaimDefinition>("./*/definition.ts", {
  eager: true,
  import: "default",
});
