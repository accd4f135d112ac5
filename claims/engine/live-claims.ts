import type { ClaimDefinition } from "./types";

/**
 * The claims defined as data that this process runs (docs/decisions/059): the published and paused
 * ones, compiled. The server's data-claim service replaces the list whenever one is published or paused
 * on any instance; the registry's look-ups search it after the built-in claims, so a data claim can
 * never take a built-in claim's slug or address.
 */
let dataClaims: readonly ClaimDefinition[] = [];

export function setDataClaims(claims: readonly ClaimDefinition[]): void {
  dataClaims = claims;
}

export const currentDataClaims = (): readonly ClaimDefinition[] => dataClaims;
