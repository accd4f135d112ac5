import fs from "node:fs";

/** blog-sources.ts for code that runs without our Vite config: the same files, read from the disk. */
const folder = new URL("./blog/", import.meta.url);

export const blogSources: Readonly<Record<string, string>> = Object.fromEntries(
  fs
    .readdirSync(folder)
    .filter((name) => name.endsWith(".md"))
    .map((name) => [name, fs.readFileSync(new URL(name, folder), "utf8")]),
);
