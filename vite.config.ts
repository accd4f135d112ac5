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

export default defineConfig({
  plugins: [articlesPlugin(), tailwindcss(), reactRouter()],
  // The sitemap's lastmod for pages that are not articles.
  define: { __BUILD_DATE__: JSON.stringify(new Date().toISOString().slice(0, 10)) },
  resolve: { alias: claimAliases },
});
