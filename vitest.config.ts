import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { articlesPlugin } from "./app/blog/vite-plugin-articles";

// Separate from vite.config.ts: the React Router plugin is for building the app, not for tests.
export default defineConfig({
  plugins: [articlesPlugin()],
  define: { __BUILD_DATE__: JSON.stringify(new Date().toISOString().slice(0, 10)) },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
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
