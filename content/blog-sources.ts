/**
 * The Markdown of the articles in content/blog, by file name: the articles the blog started with, which
 * a migration imports into the site content (docs/decisions/057). Vite reads them when it transforms
 * this module (the build and Vitest alias #content/blog-sources here); code run without our Vite config
 * (tsx's scripts, `npm run dev`'s server) resolves that specifier to blog-sources.node.ts.
 */
const modules = import.meta.glob<string>("./blog/*.md", { eager: true, query: "?raw", import: "default" });

export const blogSources: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(modules).map(([file, source]) => [file.slice("./blog/".length), source]));
