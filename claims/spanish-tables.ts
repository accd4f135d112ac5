import { localizeClaim, type SpanishTable } from "./engine/localize";
import { folderOf } from "./engine/registry-of";
import type { ClaimDefinition } from "./engine/types";

/**
 * Each claim folder's Spanish (claims/<slug>/messages-es.ts, its default export), by slug: a claim's
 * Spanish is found beside it, not listed (docs/decisions/058). Read by the pages' server code and
 * Vitest, which Vite builds; the browser loads one claim's table by itself (./spanish-imports.ts).
 */
const tables: Readonly<Record<string, SpanishTable>> = Object.fromEntries(
  Object.entries(import.meta.glob<SpanishTable>(["./*/messages-es.ts", "!./engine/messages-es.ts"], { eager: true, import: "default" })).map(([file, table]) => [folderOf(file), table]),
);

/**
 * A claim's Spanish table: a claim folder's, or a claim defined as data's own (its `es`, docs/decisions/064);
 * a claim without one has only the engine's (its own texts stay English).
 */
export const spanishTableOf = (claim: ClaimDefinition): SpanishTable => claim.data?.source.es ?? tables[claim.slug] ?? {};

const localized = new WeakMap<ClaimDefinition, ClaimDefinition>();

/** The claim in Spanish, made once per definition. */
export function spanishClaim(claim: ClaimDefinition): ClaimDefinition {
  let spanish = localized.get(claim);
  if (!spanish) localized.set(claim, (spanish = localizeClaim(claim, spanishTableOf(claim))));
  return spanish;
}
