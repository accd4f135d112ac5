import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { articlesPlugin } from "./app/blog/vite-plugin-articles";

export default defineConfig({
  plugins: [articlesPlugin(), tailwindcss(), reactRouter()],
  // The sitemap's lastmod for pages that are not articles.
  define: { __BUILD_DATE__: JSON.stringify(new Date().toISOString().slice(0, 10)) },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
});
