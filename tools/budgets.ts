import { gzipSync } from "node:zlib";
import { landingPaths } from "#claims/engine/pages";
import type { Browser } from "playwright-core";
import { claims } from "#claims/registry";
import { launchBrowser } from "./browser";

/**
 * DESIGN section 8, measured against a running server: every registered claim's landing pages, result
 * pages and form (in test builds the fixture claim's too).
 */
export const ZERO_JS_PAGES = [
  "/",
  ...claims.flatMap(landingPaths),
  "/blog",
  "/blog/pfas-forever-chemicals-lawsuit-guide-2024",
  ...claims.flatMap((claim) => claim.resultPages?.map((page) => page.path) ?? []),
  "/verify-trustedforms-pro",
  "/opt-out",
  "/no-such-page",
];
export const WIZARD_PAGES = claims.map((claim) => claim.routes.form);
export const HTML_GZIP_BUDGET = 14 * 1024;
// DESIGN section 8: 120 KB. The wizard hydrates with React DOM alone, without React Router (docs/decisions/037).
export const WIZARD_JS_GZIP_BUDGET = 120 * 1024;
export const WIZARD_JS_FILES_BUDGET = 6;
const REQUIRED_HEADERS = ["content-security-policy", "x-content-type-options", "referrer-policy", "x-frame-options"];

export interface BudgetLine {
  page: string;
  measure: string;
  value: number;
  limit: number;
  ok: boolean;
}

export const gzipSize = (text: string | Buffer) => gzipSync(text).length;

async function fetchText(url: string) {
  const response = await fetch(url);
  return { response, text: await response.text() };
}

/**
 * The scripts a wizard page makes a browser load, read in Chromium: its entry module, what it imports,
 * and its own claim's definition module, which the entry imports by the claim's slug (docs/decisions/031,
 * 037). Waits until the wizard has hydrated. Path to text.
 */
export async function scriptsLoadedBy(browser: Browser, url: string): Promise<Map<string, string>> {
  const page = await browser.newPage();
  const bodies: Promise<[string, string]>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") bodies.push(response.text().then((text) => [new URL(response.url()).pathname, text]));
  });
  try {
    await page.goto(url);
    await page.locator("form[data-hydrated]").waitFor();
    await page.waitForLoadState("networkidle");
    return new Map(await Promise.all(bodies));
  } finally {
    await page.close();
  }
}

function assetsIn(html: string, extension: "js" | "css"): string[] {
  const pattern = new RegExp(`/assets/[\\w.-]+\\.${extension}`, "g");
  return [...new Set(html.match(pattern) ?? [])];
}

/** Text only another claim's definition holds: its form's title. */
const claimMarker = (claim: (typeof claims)[number]) => JSON.stringify(claim.copy.formTitle);

export async function measureBudgets(baseUrl: string): Promise<BudgetLine[]> {
  const lines: BudgetLine[] = [];
  const browser = await launchBrowser();
  try {
    await measurePages(baseUrl, browser, lines);
  } finally {
    await browser.close();
  }
  return lines;
}

async function measurePages(baseUrl: string, browser: Browser, lines: BudgetLine[]) {
  const add = (page: string, measure: string, value: number, limit: number) =>
    lines.push({ page, measure, value, limit, ok: value <= limit });

  // Each wizard page is read until its network is idle (half a second of quiet): three at a time, so
  // those waits overlap.
  const loadedByWizard = new Map<string, Promise<Map<string, string>>>();
  const pool = new Pool(3);
  for (const page of WIZARD_PAGES) {
    const loaded = pool.run(() => scriptsLoadedBy(browser, baseUrl + page));
    loaded.catch(() => undefined); // awaited below, in the page's turn: not an unhandled rejection before then
    loadedByWizard.set(page, loaded);
  }
  for (const page of [...ZERO_JS_PAGES, ...WIZARD_PAGES]) {
    const { response, text } = await fetchText(baseUrl + page);
    const missing = REQUIRED_HEADERS.filter((h) => !response.headers.get(h));
    add(page, "missing security headers", missing.length, 0);
    const csp = response.headers.get("content-security-policy") ?? "";
    // A page with scripts admits them by nonce; a page rendered once for every visitor admits none (docs/decisions/032).
    const scripts = csp.includes("script-src 'none'") ? ZERO_JS_PAGES.includes(page) : csp.includes("'strict-dynamic'");
    const strict = scripts && ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"].every((d) => csp.includes(d));
    add(page, "CSP directives missing", strict ? 0 : 1, 0);
    add(page, "HTML gzip bytes", gzipSize(text), HTML_GZIP_BUDGET);
    if (ZERO_JS_PAGES.includes(page)) {
      // JSON-LD data blocks are not scripts: count only what a browser would run.
      add(page, "script tags", (text.match(/<script(?![^>]*application\/ld\+json)/g) ?? []).length, 0);
      add(page, "JS files referenced", assetsIn(text, "js").length, 0);
    } else {
      // Scripts the HTML starts itself would begin before the first paint and hold it up in Lighthouse's
      // eyes (docs/decisions/031): they are started by a loader once a frame is painted.
      add(page, "module scripts or preloads started by the HTML", (text.match(/<link rel="modulepreload"|<script[^>]*type="module"/g) ?? []).length, 0);
      // The wizard's JavaScript: every script the page loads until it is ready to use.
      const scripts = await loadedByWizard.get(page)!;
      // A wizard page that seems to load nothing means the page changed shape, not that it is small.
      add(page, "wizard scripts not found", scripts.size ? 0 : 1, 0);
      add(page, "JS files loaded", scripts.size, WIZARD_JS_FILES_BUDGET);
      add(page, "JS gzip bytes (all loaded)", [...scripts.values()].reduce((sum, text) => sum + gzipSize(text), 0), WIZARD_JS_GZIP_BUDGET);
      const loaded = [...scripts.values()].join("\n");
      const own = claims.find((claim) => claim.routes.form === page)!;
      add(page, "own claim's definition missing", loaded.includes(claimMarker(own)) ? 0 : 1, 0);
      const others = claims.filter((claim) => claim !== own && loaded.includes(claimMarker(claim)));
      add(page, `other claims' definitions loaded${others.length ? ` (${others.map((c) => c.slug).join(", ")})` : ""}`, others.length, 0);
    }
    for (const css of assetsIn(text, "css")) {
      add(page, `CSS gzip bytes ${css}`, gzipSize(await (await fetch(baseUrl + css)).text()), HTML_GZIP_BUDGET);
    }
  }
}

/** Runs at most `size` tasks at a time, in the order given. */
class Pool {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await task();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

export function formatBudgetReport(lines: BudgetLine[]): string {
  return lines
    .map((l) => `${l.ok ? "ok  " : "FAIL"} ${l.page.padEnd(28)} ${l.measure.padEnd(44)} ${String(l.value).padStart(7)} / ${l.limit}`)
    .join("\n");
}
