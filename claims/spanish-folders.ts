import type { SpanishTable } from "./engine/localize";

/**
 * Each claim folder's Spanish table (the default export of claims/<slug>/messages-es.ts), keyed by its
 * module's path. The same split as #claims/claim-folders (docs/decisions/051): Vite (the build and
 * Vitest) aliases #claims/spanish-folders here; Node and tsx (`npm run dev`'s server, which builds the
 * site content's Spanish defaults) resolve it to spanish-folders.node.ts, which reads the disk.
 */
export const folderTables: Readonly<Record<string, SpanishTable>> = import.meta.glob<SpanishTable>(["./*/messages-es.ts", "!./engine/messages-es.ts"], {
  eager: true,
  import: "default",
});
