import fs from "node:fs";
import type { SpanishTable } from "./engine/localize";

/** spanish-folders.ts for code that runs without our Vite config: the same tables, read from the disk. */
const here = new URL("./", import.meta.url);
const files = fs
  .readdirSync(here, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "engine" && fs.existsSync(new URL(`${entry.name}/messages-es.ts`, here)))
  .map((entry) => `./${entry.name}/messages-es.ts`);
const modules = await Promise.all(files.map((file) => import(/* @vite-ignore */ new URL(file, here).href) as Promise<{ default: SpanishTable }>));

export const folderTables: Readonly<Record<string, SpanishTable>> = Object.fromEntries(files.map((file, i) => [file, modules[i]!.default]));
