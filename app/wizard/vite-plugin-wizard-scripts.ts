import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin, ResolvedConfig } from "vite";

/** The wizard's own browser entry (docs/decisions/037): React DOM and the wizard, no React Router. */
export const WIZARD_ENTRY = "app/wizard/hydrate-wizard.tsx";
export const WIZARD_SCRIPTS_MODULE = "virtual:wizard-scripts";
const RESOLVED_ID = `\0${WIZARD_SCRIPTS_MODULE}`;
/** In development: React Router's hot-reload preamble (its <Scripts> loads it first), then the entry. */
const DEV_ENTRY = "virtual:wizard-dev-entry";

/** What the server needs to start the wizard in a browser: its entry module and every chunk it imports. */
export interface WizardScripts {
  entry: string;
  imports: string[];
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * Adds the wizard's entry to React Router's browser build, and gives the server build its file names
 * as `virtual:wizard-scripts`, read from the browser build's Vite manifest (React Router builds the
 * browser first). In development the entry is served from source by Vite.
 */
export function wizardScriptsPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "wizard-scripts",
    configResolved(resolved) {
      config = resolved;
    },
    options(options) {
      if (config?.command !== "build" || config.build.ssr) return null;
      const input = options.input;
      const entries = typeof input === "string" ? [input] : Array.isArray(input) ? input : Object.values(input ?? {});
      return { ...options, input: [...entries, path.resolve(config.root, WIZARD_ENTRY)] };
    },
    resolveId(id) {
      if (id === WIZARD_SCRIPTS_MODULE) return RESOLVED_ID;
      return id === DEV_ENTRY ? `\0${DEV_ENTRY}` : null;
    },
    load(id) {
      if (id === `\0${DEV_ENTRY}`) return `import "virtual:react-router/inject-hmr-runtime";\nimport "/${WIZARD_ENTRY}";`;
      if (id !== RESOLVED_ID) return null;
      const scripts: WizardScripts =
        config.command === "build" ? builtWizardScripts(config) : { entry: `${config.base}@id/__x00__${DEV_ENTRY}`, imports: [] };
      return `export default ${JSON.stringify(scripts)};`;
    },
  };
}

/** The browser build sits next to the server build (`<buildDirectory>/client` and `/server`). */
function builtWizardScripts(config: ResolvedConfig): WizardScripts {
  const clientDir = path.join(path.dirname(path.resolve(config.root, config.build.outDir)), "client");
  const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;
  const entry = manifest[WIZARD_ENTRY];
  if (!entry) throw new Error(`the browser build has no ${WIZARD_ENTRY}`);
  const imports = new Set<string>();
  const follow = (chunk: ManifestChunk) => {
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key]!;
      if (imports.has(config.base + imported.file)) continue;
      imports.add(config.base + imported.file);
      follow(imported);
    }
  };
  follow(entry);
  return { entry: config.base + entry.file, imports: [...imports] };
}
