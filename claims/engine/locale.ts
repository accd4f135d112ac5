/**
 * The site's languages (issue 28, item 3; docs/decisions/058): English at the site's own addresses,
 * Spanish at the same addresses under /es. A page's language is its URL's: nothing is negotiated from
 * headers or cookies, so every address has one language and caches and search engines see one page.
 */
export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";
const SPANISH_PREFIX = "/es";

export const isLocale = (value: unknown): value is Locale => typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** The language of a path: Spanish for /es and /es/..., else English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === SPANISH_PREFIX || pathname.startsWith(`${SPANISH_PREFIX}/`) ? "es" : "en";
}

/** The path without its language prefix: /es/mva-claim → /mva-claim, /es → /. */
export function pathWithoutLocale(pathname: string): string {
  if (localeOfPath(pathname) === "en") return pathname;
  return pathname.slice(SPANISH_PREFIX.length) || "/";
}

/** A site path (English, e.g. /mva-claim) in a language: /es/mva-claim; / in Spanish is /es. */
export function localizedPath(path: string, locale: Locale): string {
  if (locale === "en") return path;
  return path === "/" ? SPANISH_PREFIX : `${SPANISH_PREFIX}${path}`;
}
