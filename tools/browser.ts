import { chromium, type Browser } from "playwright-core";

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
  if (endpoint) return chromium.connect(endpoint, { timeout: 60_000 });
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
