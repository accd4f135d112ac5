import type { Page } from "playwright-core";
import { axeViolations } from "./axe";

/** axe-core violations plus horizontal overflow, for a page state the shared page tests do not reach. */
export async function pageProblems(page: Page): Promise<string[]> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  return [...(await axeViolations(page)), ...(overflow > 0 ? [`scrolls ${overflow} px sideways`] : [])];
}
