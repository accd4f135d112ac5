import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { articlesPlugin } from "./app/blog/vite-plugin-articles";
import { claimAliases } from "./vite.config";

// Separate from vite.config.ts: the React Router plugin is for building the app, not for tests.
export default defineConfig({
  plugins: [articlesPlugin()],
  define: { __BUILD_DATE__: JSON.stringify(new Date().toISOString().slice(0, 10)) },
  // Tests run on the test registry: the site's claims plus the fixture claim.
  resolve: {
    alias: { ...claimAliases, "#claims/registry": fileURLToPath(new URL("./tests/fixtures/claims/registry.ts", import.meta.url)) },
  },
  test: {
    // Two files at a time even on a 2-core machine: browser tests wait on servers and busy labels much
    // of the time, and Vitest's default (cores - 1) would run every file one after another.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
