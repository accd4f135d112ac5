import { folderOf } from "./engine/registry-of";
import type { ClaimDefinition } from "./engine/types";

/**
 * Every claim folder's definition as a module of its own, by slug, for browsers: a form page loads only
 * its own claim's definition (docs/decisions/031). Only Vite code reads it (the wizard's browser entry
 * and Vitest); test builds replace this module with tests/fixtures/claims/definition-imports.ts (see vite.config.ts).
 */
const lazyDefinitions = import.meta.glob<ClaimDefinition>("./*/definition.ts", { import: "default" });

export const definitionImports: Readonly<Record<string, () => Promise<ClaimDefinition>>> = Object.fromEntries(
  Object.entries(lazyDefinitions).map(([file, load]) => [folderOf(file), load]),
);
