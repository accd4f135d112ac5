import { landingPaths } from "#claims/engine/pages";
import { localeOfPath, localizedPath, pathWithoutLocale, type Locale } from "#claims/engine/locale";
import type { ClaimDefinition } from "#claims/engine/types";
import { dataClaimsGeneration } from "#claims/engine/live-claims";
import { allClaims } from "#claims/registry";

/** Pages besides the claims' that exist in both languages (docs/decisions/058). Blog articles are English only. */
const BILINGUAL_PAGES = new Set(["/", "/opt-out", "/verify-trustedforms-pro"]);

/** The English path of every page that has a Spanish twin: the site's bilingual pages and every claim page. */
export function bilingualPaths(claims: readonly ClaimDefinition[]): Set<string> {
  const paths = new Set(BILINGUAL_PAGES);
  for (const claim of claims) {
    for (const path of landingPaths(claim)) paths.add(path);
    paths.add(claim.routes.form);
    for (const page of claim.resultPages ?? []) paths.add(page.path);
  }
  return paths;
}

let live: { generation: number; paths: Set<string> } | undefined;

/** The bilingual paths of every claim the site runs now, claims defined as data too (docs/decisions/064); made again when those change. */
export function siteBilingualPaths(): ReadonlySet<string> {
  const generation = dataClaimsGeneration();
  if (live?.generation !== generation) live = { generation, paths: bilingualPaths(allClaims()) };
  return live.paths;
}

/** A page's address in each language, when it has both (null: one language only, such as a blog article). */
export function languageVersions(pathname: string, bilingual: ReadonlySet<string>): Record<Locale, string> | null {
  const english = pathWithoutLocale(pathname);
  if (!bilingual.has(english)) return null;
  return { en: english, es: localizedPath(english, "es") };
}

/**
 * Where the header's language link leads: the same page in the other language, or that language's
 * home page for a page in one language only.
 */
export function otherLanguageHref(pathname: string, bilingual: ReadonlySet<string>): string {
  const other: Locale = localeOfPath(pathname) === "es" ? "en" : "es";
  return languageVersions(pathname, bilingual)?.[other] ?? localizedPath("/", other);
}
