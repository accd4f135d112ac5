import { chromium, type Browser, type Download, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Headless, with everything that would phone home switched off (the bench's Lighthouse uses them too). */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** What the e2e project's global setup hands to its test files: the shared Chromium's WebSocket address. */
export const SHARED_CHROMIUM_KEY = "sharedChromiumEndpoint";

/**
 * Debian's Chromium, as a Browser of the caller's own.
 *
 * Inside the e2e project (ADR 045) it is a connection to the one Chromium the project's global setup
 * started: what the caller opens are contexts of its own, and `close()` closes those contexts and the
 * connection, never the shared Chromium. Outside it (scripts, other projects) it launches a Chromium
 * that `close()` ends.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = await sharedChromiumEndpoint();
  if (endpoint) return chromium.connect(endpoint, { timeout: 30_000 });
  return launchOwnBrowser();
}

/** A Chromium process of the caller's own, whatever project runs (a test that kills or restarts it). */
export function launchOwnBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

async function sharedChromiumEndpoint(): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  // Imported only under Vitest: scripts that share this module run without it.
  const { inject } = await import("vitest");
  return (inject as (key: string) => string | undefined)(SHARED_CHROMIUM_KEY);
}

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
