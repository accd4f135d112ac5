// Global setup of the e2e project: one Chromium for the whole run instead of one per test file
// (ADR 045). Each file connects to it (tools/browser.ts) and works in contexts of its own.
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, SHARED_CHROMIUM_KEY } from "../../tools/browser";

declare module "vitest" {
  export interface ProvidedContext {
    sharedChromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  project.provide(SHARED_CHROMIUM_KEY, server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
