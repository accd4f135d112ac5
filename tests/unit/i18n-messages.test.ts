import { describe, expect, it } from "vitest";
import { untranslatedTexts } from "#claims/engine/localize";
import { localeOfPath, localizedPath, pathWithoutLocale } from "#claims/engine/locale";
import { claims } from "#claims/registry";
import { spanishTableOf } from "#claims/spanish-tables";
import { PAGE_MESSAGES } from "../../app/i18n/page-messages";
import { WIZARD_MESSAGES } from "../../app/i18n/wizard-messages";

// The Spanish catalogues (docs/decisions/058): TypeScript already refuses a Spanish catalogue without
// an English key; this checks the values: none empty, none left in English by mistake, and each claim
// with a Spanish table translates every text a visitor reads.

/** Every text of a catalogue, functions called with sample arguments. */
function textsOf(messages: Record<string, unknown>): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [key, value] of Object.entries(messages)) {
    const resolved = typeof value === "function" ? (value as (...a: unknown[]) => unknown)("X", 3) : value;
    texts[key] = JSON.stringify(resolved);
  }
  return texts;
}

/** Words that are the same in both languages. */
const SAME = new Set(["languageName", "otherLanguageLink", "dateLocale"]);

describe.each([
  ["page", PAGE_MESSAGES],
  ["wizard", WIZARD_MESSAGES],
] as const)("the %s messages", (_name, catalogue) => {
  const en = textsOf(catalogue.en);
  const es = textsOf(catalogue.es);

  it("have every English key in Spanish, none empty", () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(es)) expect(text.replace(/["[\]{},]/g, "").trim(), key).not.toBe("");
  });

  it("have no Spanish text left as the English one", () => {
    const same = Object.keys(en).filter((key) => !SAME.has(key) && en[key] === es[key] && !/^"[^a-z]*"$/i.test(en[key]!));
    expect(same).toEqual([]);
  });
});

describe("the claims' Spanish tables", () => {
  it("translate every text of each claim that has one", () => {
    const withTables = claims.filter((claim) => Object.keys(spanishTableOf(claim)).length > 0);
    expect(withTables.map((claim) => claim.slug)).toContain("mva");
    for (const claim of withTables) expect(untranslatedTexts(claim, spanishTableOf(claim)), claim.slug).toEqual([]);
  });

  it("name what a claim without a table leaves in English", () => {
    const fixture = { ...claims[0]!, slug: "no-table", copy: { ...claims[0]!.copy, formTitle: "An English title only" } };
    expect(untranslatedTexts(fixture, {})).toContain("An English title only");
  });
});

describe("a page's language", () => {
  it("is its address's: /es and /es/... are Spanish", () => {
    expect([localeOfPath("/es"), localeOfPath("/es/mva-claim"), localeOfPath("/"), localeOfPath("/estate")]).toEqual(["es", "es", "en", "en"]);
    expect([pathWithoutLocale("/es"), pathWithoutLocale("/es/opt-out"), pathWithoutLocale("/blog")]).toEqual(["/", "/opt-out", "/blog"]);
    expect([localizedPath("/", "es"), localizedPath("/opt-out", "es"), localizedPath("/opt-out", "en")]).toEqual(["/es", "/es/opt-out", "/opt-out"]);
  });
});
