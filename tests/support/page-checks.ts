import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { axeViolations } from "./axe";

/**
 * What a phone-width page must not do (DESIGN section 8): scroll sideways, cut a text short with an
 * ellipsis (the brand beside a longer Spanish header note), or offer a tap target under 44 px high.
 * Checked at whatever width the page has; call it at 360 px.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 0) problems.push(`scrolls ${overflow} px sideways`);
    [...document.querySelectorAll("body *")]
      .filter((el) => (el as HTMLElement).offsetParent !== null && getComputedStyle(el).textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth)
      .forEach((el) => problems.push(`text cut off: ${JSON.stringify(el.textContent?.trim().slice(0, 60))}`));
    [...document.querySelectorAll("a, button, input, select, textarea")]
      .filter((el) => !el.closest(".honeypot, .sr-only") && (el as HTMLElement).offsetParent !== null)
      .filter((el) => !(el instanceof HTMLInputElement && ["radio", "checkbox"].includes(el.type)))
      // WCAG 2.5.8 exempts links inside a sentence (e.g. in an article's paragraphs).
      .filter((el) => !(getComputedStyle(el).display === "inline" && el.closest("p, li") && el.parentElement?.textContent !== el.textContent))
      .map((el) => ({ el: el.outerHTML.slice(0, 80), h: el.getBoundingClientRect().height }))
      .filter(({ h }) => h < 44)
      .forEach(({ el, h }) => problems.push(`tap target ${Math.round(h)} px high: ${el}`));
    return problems;
  });
}

/** axe-core violations plus the phone layout checks, for a page state the shared page tests do not reach. */
export async function pageProblems(page: Page): Promise<string[]> {
  return [...(await axeViolations(page)), ...(await layoutProblems(page))];
}

/**
 * A screenshot for a person to look at, taken only when SCREENSHOT_DIR names a folder
 * (`SCREENSHOT_DIR=/tmp/shots npm test`): nothing asserts on one, so a plain run does not pay for it.
 */
export async function screenshotFor(target: Page | Locator, name: string, { fullPage = false } = {}): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name.replace(/[^\w.-]+/g, "-")}.png`);
  if ("goto" in target) await target.screenshot({ path: file, fullPage });
  else await target.screenshot({ path: file });
}
