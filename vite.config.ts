import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { articlesPlugin } from "./app/blog/vite-plugin-articles";

/** CLAIM_FIXTURES=1 builds for the tests: the registry gains the test-only fixture claim. */
export const testBuild = process.env.CLAIM_FIXTURES === "1";

export const claimAliases = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  ...(testBuild ? { "#claims/registry": fileURLToPath(new URL("./tests/fixtures/claims/registry.ts", import.meta.url)) } : {}),
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [articlesPlugin(), tailwindcss(), reactRouter()],
  // The server build bundles the whole server, as React Router's node-custom-server template does: the
  // web entry imports the pages (virtual:react-router/server-build), so pages, Express app, services and
  // the claim registry are one module graph. The worker entry shares its chunks. Packages stay external.
  // The lead export's reader thread is an entry too, as a thread starts from a file (server/threads.ts).
  build: isSsrBuild
    ? {
        rollupOptions: {
          input: { index: "./server/main.ts", worker: "./server/worker-main.ts", "lead-export-reader": "./server/lead-console/lead-export-reader.ts" },
        },
      }
    : {},
  // The sitemap's lastmod for pages that are not articles.
  define: { __BUILD_DATE__: JSON.stringify(new Date().toISOString().slice(0, 10)) },
  resolve: { alias: claimAliases },
}));
