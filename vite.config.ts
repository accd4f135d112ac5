import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { wizardScriptsPlugin } from "./app/wizard/vite-plugin-wizard-scripts";

/** CLAIM_FIXTURES=1 builds for the tests: the registry gains the test-only fixture claim. */
export const testBuild = process.env.CLAIM_FIXTURES === "1";

/** The test registry and its definition imports (the site's claims plus the fixture claim). */
export const testRegistryAliases = {
  "#claims/registry": fileURLToPath(new URL("./tests/fixtures/claims/registry.ts", import.meta.url)),
  "#claims/definition-imports": fileURLToPath(new URL("./tests/fixtures/claims/definition-imports.ts", import.meta.url)),
};

/** The module the claim registry is in this build: the route config imports it (app/routes.ts). */
export const claimRegistryModule = testBuild ? testRegistryAliases["#claims/registry"] : "#claims/registry";

export const claimAliases = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  // Vite finds the claim folders with import.meta.glob; Node and tsx read them from the disk (docs/decisions/051).
  "#claims/claim-folders": fileURLToPath(new URL("./claims/claim-folders.ts", import.meta.url)),
  // The blog's first articles, imported by a migration (docs/decisions/057): the same split as the claim folders.
  "#content/blog-sources": fileURLToPath(new URL("./content/blog-sources.ts", import.meta.url)),
  ...(testBuild ? testRegistryAliases : {}),
};

/**
 * Fewer, larger browser chunks for the pages that load scripts (docs/decisions/031): a page's requests
 * cost round trips on a phone. A form page hydrates its wizard with React DOM alone (docs/decisions/037):
 * `react` (React, React DOM), `wizard` (the wizard and its entry), `site` (the small pieces the wizard
 * shares with other pages, none of which needs React Router), `claim-engine` (zod and the claim engine,
 * which each claim's definition chunk shares), then the claim's definition, or for a claim defined as
 * data `data-claim`, the compiler every one of them shares. The operator's screens add
 * `react-router` and `site-chrome` (header, footer and the root's data, read through React Router).
 */
function browserChunk(id: string): string | undefined {
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return "react";
  if (/\/node_modules\/react-router\//.test(id)) return "react-router";
  // The compiler of claims defined as data, loaded only by their form pages (docs/decisions/064).
  if (/\/claims\/engine\/data-claim\//.test(id)) return "data-claim";
  if (/\/node_modules\/zod\/|\/claims\/engine\//.test(id)) return "claim-engine";
  // The whole page and its scripts tag are the form route's, rendered on the server only.
  if (/\/app\/wizard\/(?!claim-form-page|wizard-scripts)/.test(id)) return "wizard";
  if (/\/app\/components\/(icons|tel-href|nonce|use-hydrated)\./.test(id)) return "site";
  if (/\/app\/components\/(seo|use-site|not-found|site-footer|site-header)\./.test(id)) return "site-chrome";
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), wizardScriptsPlugin()],
  // The server build bundles the whole server, as React Router's node-custom-server template does: the
  // web entry imports the pages (virtual:react-router/server-build), so pages, Express app, services and
  // the claim registry are one module graph. The worker entry shares its chunks. Packages stay external.
  // Every thread's module is an entry too, as a thread starts from a file (server/threads.ts).
  build: isSsrBuild
    ? {
        rollupOptions: {
          input: {
            index: "./server/main.ts",
            worker: "./server/worker-main.ts",
            backup: "./server/backup-main.ts",
            restore: "./server/restore-main.ts",
            "lead-export-reader": "./server/lead-console/lead-export-reader.ts",
            "sqlite-read-thread": "./server/backups/sqlite-read-thread.ts",
          },
        },
      }
    : { rollupOptions: { output: { manualChunks: browserChunk } } },
  // The sitemap's lastmod for pages that are not articles.
  define: { __BUILD_DATE__: JSON.stringify(new Date().toISOString().slice(0, 10)) },
  resolve: { alias: claimAliases },
}));
