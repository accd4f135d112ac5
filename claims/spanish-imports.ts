import type { SpanishTable } from "./engine/localize";
import { folderOf } from "./engine/registry-of";

/**
 * Each claim folder's Spanish as a module of its own, by slug, for browsers: a Spanish form page loads
 * only its own claim's table, an English one none (docs/decisions/058).
 */
const lazyTables = import.meta.glob<SpanishTable>(["./*/messages-es.ts", "!./engine/messages-es.ts"], { import: "default" });

export const spanishTableImports: Readonly<Record<string, () => Promise<SpanishTable>>> = Object.fromEntries(
  Object.entries(lazyTables).map(([file, load]) => [folderOf(file), load]),
);
