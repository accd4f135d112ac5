import path from "node:path";
import type { Plugin } from "vite";
import { compileArticle } from "./compile-article";

/**
 * Compiles `content/blog/*.md` when the app is built: front-matter is checked (a bad article fails
 * the build), Markdown becomes HTML, and each import yields the finished article.
 */
export function articlesPlugin(): Plugin {
  return {
    name: "blog-articles",
    transform(source, id) {
      if (!id.endsWith(".md") || !id.includes(`${path.sep}content${path.sep}blog${path.sep}`)) return null;
      const article = compileArticle(source, path.basename(id));
      return { code: `export default ${JSON.stringify(article)};`, map: null };
    },
  };
}
