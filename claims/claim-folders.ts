import type { ClaimDefinition } from "./engine/types";

/**
 * Each claim folder's definition (the default export of claims/<slug>/definition.ts), keyed by its
 * module's path: a claim is found, not listed. Vite finds them when it transforms this module: the build
 * and Vitest, whose configs alias #claims/claim-folders here. Everything else (tsx's scripts, threads and
 * `npm run dev`'s server, and the route config React Router evaluates without our config) resolves that
 * specifier through package.json and tsconfig.json to claim-folders.node.ts (docs/decisions/051).
 */
export const folderDefinitions: Readonly<Record<string, ClaimDefinition>> = import.meta.glob<ClaimDefinition>("./*/definition.ts", {
  eager: true,
  import: "default",
});
