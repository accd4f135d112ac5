import type { Download, Page } from "playwright-core";

/**
 * Collects a page's console errors and uncaught exceptions into `errors`, each prefixed by `name`.
 * `attached` counts the pages watched, so that a "no console errors" test can fail when it watched
 * nothing (run alone, such a test would otherwise pass on an empty list).
 */
export function consoleErrorCollector() {
  const errors: string[] = [];
  const watched: string[] = [];
  return {
    errors,
    watched,
    watch<P extends Page>(page: P, name: string): P {
      watched.push(name);
      page.on("console", (message) => {
        const where = message.location().url;
        if (message.type() === "error") errors.push(`${name}: ${message.text()}${where ? ` (${where})` : ""}`);
      });
      page.on("pageerror", (error) => errors.push(`${name}: uncaught ${error.message}`));
      return page;
    },
  };
}

/**
 * A download's bytes. `download.path()` is not available over the shared Chromium's connection (the
 * file is on the browser's side); its stream is, wherever the browser runs.
 */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of await download.createReadStream()) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
