import { gzipSync } from "node:zlib";
import { landingPaths } from "#claims/engine/pages";
import { claims } from "#claims/registry";

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
export const WIZARD_JS_GZIP_BUDGET = 150 * 1024;
const REQUIRED_HEADERS = ["content-security-policy", "x-content-type-options", "referrer-policy", "x-frame-options"];

export interface BudgetLine {
  page: string;
  measure: string;
  value: number;
  limit: number;
  ok: boolean;
}

const gzipSize = (text: string | Buffer) => gzipSync(text).length;

async function fetchText(url: string) {
  const response = await fetch(url);
  return { response, text: await response.text() };
}

/**
 * The scripts a browser loads from the HTML: modulepreload links and the inline module script's
 * imports. Not every /assets/*.js the HTML names: with lazy route discovery the inline manifest also
 * lists routes the page links to (their modules load only on navigation) and the full manifest's URL
 * (never loaded in lazy mode), which a browser does not fetch.
 */
function scriptsLoadedBy(html: string): string[] {
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[\w.-]+\.js)"/g)].map((m) => m[1]!);
  const imported = [...html.matchAll(/import(?:\(| [^;]*? from )"(\/assets\/[\w.-]+\.js)"/g)].map((m) => m[1]!);
  return [...new Set([...preloaded, ...imported])];
}

function assetsIn(html: string, extension: "js" | "css"): string[] {
  const pattern = new RegExp(`/assets/[\\w.-]+\\.${extension}`, "g");
  return [...new Set(html.match(pattern) ?? [])];
}

/** The JavaScript a page's HTML loads: every chunk, followed through static imports; gzip bytes and file count. */
export async function javaScriptLoadedBy(baseUrl: string, html: string): Promise<{ gzipBytes: number; files: number }> {
  const seen = new Set<string>();
  const queue = scriptsLoadedBy(html);
  let gzipBytes = 0;
  while (queue.length) {
    const asset = queue.shift()!;
    if (seen.has(asset)) continue;
    seen.add(asset);
    const source = await (await fetch(baseUrl + asset)).text();
    gzipBytes += gzipSize(source);
    for (const imported of source.match(/\.\/[\w.-]+\.js/g) ?? []) queue.push(`/assets/${imported.slice(2)}`);
  }
  return { gzipBytes, files: seen.size };
}

export async function measureBudgets(baseUrl: string): Promise<BudgetLine[]> {
  const lines: BudgetLine[] = [];
  const add = (page: string, measure: string, value: number, limit: number) =>
    lines.push({ page, measure, value, limit, ok: value <= limit });

  for (const page of [...ZERO_JS_PAGES, ...WIZARD_PAGES]) {
    const { response, text } = await fetchText(baseUrl + page);
    const missing = REQUIRED_HEADERS.filter((h) => !response.headers.get(h));
    add(page, "missing security headers", missing.length, 0);
    const csp = response.headers.get("content-security-policy") ?? "";
    const strict = ["'strict-dynamic'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"].every((d) => csp.includes(d));
    add(page, "CSP directives missing", strict ? 0 : 1, 0);
    add(page, "HTML gzip bytes", gzipSize(text), HTML_GZIP_BUDGET);
    if (ZERO_JS_PAGES.includes(page)) {
      // JSON-LD data blocks are not scripts: count only what a browser would run.
      add(page, "script tags", (text.match(/<script(?![^>]*application\/ld\+json)/g) ?? []).length, 0);
      add(page, "JS files referenced", assetsIn(text, "js").length, 0);
    } else {
      const scripts = await javaScriptLoadedBy(baseUrl, text);
      // A wizard page that seems to load nothing means the HTML changed shape, not that it is small.
      add(page, "wizard scripts not found", scripts.files ? 0 : 1, 0);
      add(page, "JS gzip bytes (all chunks)", scripts.gzipBytes, WIZARD_JS_GZIP_BUDGET);
    }
    for (const css of assetsIn(text, "css")) {
      add(page, `CSS gzip bytes ${css}`, gzipSize(await (await fetch(baseUrl + css)).text()), HTML_GZIP_BUDGET);
    }
  }
  return lines;
}

export function formatBudgetReport(lines: BudgetLine[]): string {
  return lines
    .map((l) => `${l.ok ? "ok  " : "FAIL"} ${l.page.padEnd(28)} ${l.measure.padEnd(44)} ${String(l.value).padStart(7)} / ${l.limit}`)
    .join("\n");
}
