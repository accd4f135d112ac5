import { gzipSync } from "node:zlib";
import { landingPaths } from "#claims/engine/pages";
import { LOCALES, localizedPath } from "#claims/engine/locale";
import type { Browser } from "playwright-core";
import type { ClaimDefinition } from "#claims/engine/types";
import { claims } from "#claims/registry";
import { launchBrowser } from "./browser";

/**
 * DESIGN section 8, measured against a running server: every registered claim's landing pages, result
 * pages and form (in test builds the fixture claim's too), in every language the site speaks, and
 * those of the claims defined as data the caller published into the server's database
 * (docs/decisions/064): they are not known at build, so each measure takes them as `dataClaims`.
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

/** Each site path in every language it is served in: Spanish under /es, but for the blog, which is English only (docs/decisions/058). */
export const inEveryLanguage = (paths: readonly string[]): string[] =>
  paths.flatMap((path) => (/^\/blog([/?]|$)/.test(path) ? [path] : LOCALES.map((locale) => localizedPath(path, locale))));

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
const claimMarker = (claim: ClaimDefinition) => JSON.stringify(claim.copy.formTitle);

/** Every wizard page, in every language, with its claim. */
const wizardPages = (dataClaims: readonly ClaimDefinition[]) =>
  LOCALES.flatMap((locale) => [...claims, ...dataClaims].map((claim) => ({ path: localizedPath(claim.routes.form, locale), claim })));

/** The one chunk every claim defined as data shares: the compiler of their JSON (`data-claim` in vite.config.ts). */
const DATA_CLAIM_COMPILER = /\/assets\/data-claim-[\w-]+\.js$/;
/** A data claim's form page carries its definition as JSON in the wizard's props block (app/wizard/wizard-scripts.tsx). */
const DATA_CLAIM_JSON = '"dataClaim":{"source":{';

/** All of DESIGN section 8: what HTTP shows, then the scripts each wizard page loads in Chromium (`npm run budgets`). */
export async function measureBudgets(baseUrl: string, dataClaims: readonly ClaimDefinition[] = []): Promise<BudgetLine[]> {
  const browser = await launchBrowser();
  try {
    const [http, scripts] = await Promise.all([measureHttpBudgets(baseUrl, dataClaims), measureWizardScripts(baseUrl, browser, dataClaims)]);
    return [...http, ...scripts];
  } finally {
    await browser.close();
  }
}

const line = (page: string, measure: string, value: number, limit: number): BudgetLine => ({ page, measure, value, limit, ok: value <= limit });

/**
 * What needs no browser, read over HTTP from every page in every language: security headers and CSP,
 * HTML and CSS sizes, no script on a zero-JavaScript page, and no script a wizard page starts before
 * its first paint.
 */
export async function measureHttpBudgets(baseUrl: string, dataClaims: readonly ClaimDefinition[] = []): Promise<BudgetLine[]> {
  const lines: BudgetLine[] = [];
  const zeroJs = new Set(inEveryLanguage([...ZERO_JS_PAGES, ...dataClaims.flatMap(landingPaths)]));
  const dataClaimForms = new Set(wizardPages(dataClaims).flatMap(({ path, claim }) => (claim.data ? [path] : [])));
  const cssSizes = new Map<string, Promise<number>>();
  const cssSize = (css: string) => {
    if (!cssSizes.has(css)) cssSizes.set(css, fetch(baseUrl + css).then(async (response) => gzipSize(await response.text())));
    return cssSizes.get(css)!;
  };
  for (const page of [...zeroJs, ...wizardPages(dataClaims).map((wizard) => wizard.path)]) {
    const add = (measure: string, value: number, limit: number) => lines.push(line(page, measure, value, limit));
    const { response, text } = await fetchText(baseUrl + page);
    const missing = REQUIRED_HEADERS.filter((h) => !response.headers.get(h));
    add("missing security headers", missing.length, 0);
    const csp = response.headers.get("content-security-policy") ?? "";
    // A page with scripts admits them by nonce; a page rendered once for every visitor admits none (docs/decisions/032).
    const scripts = csp.includes("script-src 'none'") ? zeroJs.has(page) : csp.includes("'strict-dynamic'");
    const strict = scripts && ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"].every((d) => csp.includes(d));
    add("CSP directives missing", strict ? 0 : 1, 0);
    add("HTML gzip bytes", gzipSize(text), HTML_GZIP_BUDGET);
    // Not found means the page is not the data claim's form any more (a 404, say), not that it is small.
    if (dataClaimForms.has(page)) add("claim's definition as JSON missing", text.includes(DATA_CLAIM_JSON) ? 0 : 1, 0);
    if (zeroJs.has(page)) {
      // JSON-LD data blocks are not scripts: count only what a browser would run.
      add("script tags", (text.match(/<script(?![^>]*application\/ld\+json)/g) ?? []).length, 0);
      add("JS files referenced", assetsIn(text, "js").length, 0);
    } else {
      // Scripts the HTML starts itself would begin before the first paint and hold it up in Lighthouse's
      // eyes (docs/decisions/031): they are started by a loader once a frame is painted.
      add("module scripts or preloads started by the HTML", (text.match(/<link rel="modulepreload"|<script[^>]*type="module"/g) ?? []).length, 0);
    }
    for (const css of assetsIn(text, "css")) add(`CSS gzip bytes ${css}`, await cssSize(css), HTML_GZIP_BUDGET);
  }
  return lines;
}

/**
 * Every script each wizard page, in every language, makes Chromium load until it is ready to use: in
 * all, within the budget, with its own claim's definition and no other claim's. A claim defined as
 * data has no code chunk of its own: its page loads the shared compiler (and its JSON comes in the
 * HTML, measureHttpBudgets); a built-in claim's page never loads that compiler.
 */
export async function measureWizardScripts(baseUrl: string, browser: Browser, dataClaims: readonly ClaimDefinition[] = []): Promise<BudgetLine[]> {
  // Each wizard page is read until its network is idle (half a second of quiet): three at a time, so
  // those waits overlap.
  const pool = new Pool(3);
  const measured = wizardPages(dataClaims).map(async ({ path, claim: own }) => {
    const scripts = await pool.run(() => scriptsLoadedBy(browser, baseUrl + path));
    const loaded = [...scripts.values()].join("\n");
    const others = claims.filter((claim) => claim !== own && loaded.includes(claimMarker(claim)));
    const compiler = [...scripts.keys()].some((script) => DATA_CLAIM_COMPILER.test(script)) ? 1 : 0;
    const ownLines = own.data
      ? [
          line(path, "shared data-claim compiler chunk missing", 1 - compiler, 0),
          // Its texts in a script would mean a chunk of its own, against the budget's "JSON, no code chunk".
          line(path, "own code chunk loaded", loaded.includes(claimMarker(own)) ? 1 : 0, 0),
        ]
      : [line(path, "own claim's definition missing", loaded.includes(claimMarker(own)) ? 0 : 1, 0), line(path, "data-claim compiler loaded", compiler, 0)];
    return [
      // A wizard page that seems to load nothing means the page changed shape, not that it is small.
      line(path, "wizard scripts not found", scripts.size ? 0 : 1, 0),
      line(path, "JS files loaded", scripts.size, WIZARD_JS_FILES_BUDGET),
      line(path, "JS gzip bytes (all loaded)", [...scripts.values()].reduce((sum, text) => sum + gzipSize(text), 0), WIZARD_JS_GZIP_BUDGET),
      ...ownLines,
      line(path, `other claims' definitions loaded${others.length ? ` (${others.map((c) => c.slug).join(", ")})` : ""}`, others.length, 0),
    ];
  });
  return (await Promise.all(measured)).flat();
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
