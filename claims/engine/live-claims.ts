import type { ClaimDefinition } from "./types";

/**
 * The claims defined as data that this process runs (docs/decisions/059): the published and paused
 * ones, compiled. The server's data-claim service replaces the list whenever one is published or paused
 * on any instance; the registry's look-ups search it after the built-in claims, so a data claim can
 * never take a built-in claim's slug or address.
 *
 * The list is kept on `globalThis`, not in this module: under `npm run dev` Vite evaluates the pages'
 * copy of this module apart from the server's, and both must see the claims the server's poll loads
 * (docs/decisions/064). In a build they are one module graph (013) and this changes nothing.
 */
interface Shared {
  claims: readonly ClaimDefinition[];
  /** Grows with every change of the list: the page cache starts again when it does. */
  generation: number;
}
const KEY = Symbol.for("claims.live-data-claims");
const shared = ((globalThis as Record<symbol, Shared | undefined>)[KEY] ??= { claims: [], generation: 0 });

export function setDataClaims(claims: readonly ClaimDefinition[]): void {
  shared.claims = claims;
  shared.generation++;
}

export const currentDataClaims = (): readonly ClaimDefinition[] => shared.claims;

/** Changes whenever the data claims this process runs do (pages rendered once show their cards and colours). */
export const dataClaimsGeneration = (): number => shared.generation;
