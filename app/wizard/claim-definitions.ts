import { createContext, use, useContext } from "react";
import { definitionImports } from "#claims/definition-imports";
import { withoutTrailingSlash } from "#claims/engine/registry-of";
import type { ClaimDefinition } from "#claims/engine/types";

/**
 * The server's claim look-up (app/entry.server.tsx gives the registry's). Browsers have none: they load a
 * claim's definition on its own, so a form page carries only its own claim (docs/decisions/031).
 */
export const ServerClaimDefinitions = createContext<((slug: string) => ClaimDefinition | undefined) | null>(null);

const loading = new Map<string, Promise<ClaimDefinition>>();

/** The claim's definition module, loaded once per page. */
export function loadClaimDefinition(slug: string): Promise<ClaimDefinition> {
  let definition = loading.get(slug);
  if (!definition) {
    const load = definitionImports[slug];
    definition = load ? load() : Promise.reject(new Error(`no claim definition for '${slug}'`));
    loading.set(slug, definition);
  }
  return definition;
}

/**
 * The claim's definition while rendering: at once on the server; in the browser it suspends until the
 * module is there, and hydration keeps the server's markup on screen meanwhile.
 */
export function useClaimDefinition(slug: string): ClaimDefinition {
  const onServer = useContext(ServerClaimDefinitions);
  const definition = onServer ? onServer(slug) : use(loadClaimDefinition(slug));
  if (!definition) throw new Error(`no claim definition for '${slug}'`);
  return definition;
}

/** The definition of the form at `pathname`, among those this page has loaded (its form route loads its own). */
export async function loadedClaimDefinitionForForm(pathname: string): Promise<ClaimDefinition> {
  const path = withoutTrailingSlash(pathname);
  for (const definition of await Promise.all(loading.values())) if (definition.routes.form === path) return definition;
  throw new Error(`no claim definition loaded for ${path}`);
}
