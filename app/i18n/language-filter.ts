import { isLocale, type Locale } from "#claims/engine/locale";

/** The lead lists' language filter (docs/decisions/058): 'en' or 'es' from `?language=`, anything else none. */
export function languageFilterOf(url: URL): Locale | null {
  const value = url.searchParams.get("language");
  return isLocale(value) ? value : null;
}

/** How the operator's and buyers' screens name a lead's language. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { en: "English", es: "Spanish" };

export const languageName = (language: string): string => (isLocale(language) ? LANGUAGE_NAMES[language] : language);
