import fs from "node:fs";
import type { ClaimDefinition } from "./engine/types";

/**
 * claim-folders.ts for code that runs without our Vite config, where import.meta.glob may not exist:
 * the same folders, read from the disk. package.json (Node) and tsconfig.json (tsx, TypeScript) map
 * #claims/claim-folders here; vite.config.ts aliases it to claim-folders.ts (docs/decisions/051).
 */
const here = new URL("./", import.meta.url);
const files = fs
  .readdirSync(here, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(new URL(`${entry.name}/definition.ts`, here)))
  .map((entry) => `./${entry.name}/definition.ts`);
const modules = await Promise.all(files.map((file) => import(/* @vite-ignore */ new URL(file, here).href) as Promise<{ default: ClaimDefinition }>));

export const folderDefinitions: Readonly<Record<string, ClaimDefinition>> = Object.fromEntries(files.map((file, i) => [file, modules[i]!.default]));
