// Not ./spanish-folders: the specifier lets Vite and Node each find the tables their own way (spanish-folders.ts).
import { folderTables } from "#claims/spanish-folders";
import { localizeClaim, type SpanishTable } from "./engine/localize";
import { folderOf } from "./engine/registry-of";
import type { ClaimDefinition } from "./engine/types";

/**
 * Each claim folder's Spanish (claims/<slug>/messages-es.ts, its default export), by slug: a claim's
 * Spanish is found beside it, not listed (docs/decisions/058). Read by the pages' server code and
 * Vitest, which Vite builds, and by the site content's Spanish defaults, under Node too (#claims/spanish-folders);
 * the browser loads one claim's table by itself (./spanish-imports.ts).
 */
const tables: Readonly<Record<string, SpanishTable>> = Object.fromEntries(Object.entries(folderTables).map(([file, table]) => [folderOf(file), table]));

/**
 * A claim's Spanish table: a claim folder's, or a claim defined as data's own (its `es`, docs/decisions/064);
 * a claim without one has only the engine's (its own texts stay English).
 */
export const spanishTableOf = (claim: ClaimDefinition): SpanishTable => claim.data?.source.es ?? tables[claim.slug] ?? {};

const localized = new WeakMap<ClaimDefinition, ClaimDefinition>();
const edited = new WeakMap<ClaimDefinition, WeakMap<SpanishTable, ClaimDefinition>>();

/**
 * The claim in Spanish, made once per definition; with `texts`, an operator's published Spanish of some
 * of its texts (`claim-texts:<slug>:es`, only those that differ from its folder's table) over the
 * folder's, made once per (definition, texts). A claim defined as data has its own table (docs/decisions/064).
 */
export function spanishClaim(claim: ClaimDefinition, texts?: SpanishTable): ClaimDefinition {
  if (texts && !claim.data) {
    const byTexts = edited.get(claim) ?? new WeakMap<SpanishTable, ClaimDefinition>();
    edited.set(claim, byTexts);
    let spanish = byTexts.get(texts);
    if (!spanish) byTexts.set(texts, (spanish = localizeClaim(claim, { ...spanishTableOf(claim), ...texts })));
    return spanish;
  }
  let spanish = localized.get(claim);
  if (!spanish) localized.set(claim, (spanish = localizeClaim(claim, spanishTableOf(claim))));
  return spanish;
}
