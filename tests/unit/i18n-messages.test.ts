import { describe, expect, it } from "vitest";
import { folderDefinitions } from "#claims/claim-folders";
import { DEPO_MESSAGES } from "#claims/depo-provera/definition";
import { validateStep, type FormValues } from "#claims/engine/form-values";
import { translatorOf, untranslatedTexts } from "#claims/engine/localize";
import type { ClaimDefinition } from "#claims/engine/types";
import { RIDESHARE_MESSAGES } from "#claims/rideshare/definition";
import { VIDEO_GAME_MESSAGES } from "#claims/video-game/definition";
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
    const withTables = claimsWithTables();
    // Every claim folder of the site has its Spanish (the test registry's fixture claim has none).
    const siteClaims = Object.values(folderDefinitions).map((claim) => claim.slug);
    expect(withTables.map((claim) => claim.slug).sort()).toEqual(siteClaims.sort());
    for (const claim of withTables) expect(untranslatedTexts(claim, spanishTableOf(claim)), claim.slug).toEqual([]);
  });

  it("translate every message a claim's form can show, which the schema keeps in English", () => {
    for (const claim of claimsWithTables()) {
      const t = translatorOf(spanishTableOf(claim));
      const english = formMessagesOf(claim).filter((message) => t(message) === message);
      expect(english, claim.slug).toEqual([]);
    }
  });

  it("translate the schema messages a claim names as constants, including those no generated answer reaches", () => {
    const named = { rideshare: RIDESHARE_MESSAGES, "video-game": VIDEO_GAME_MESSAGES, "depo-provera": DEPO_MESSAGES };
    for (const [slug, messages] of Object.entries(named)) {
      const t = translatorOf(spanishTableOf(claims.find((claim) => claim.slug === slug)!));
      expect(Object.values(messages).filter((message) => t(message) === message), slug).toEqual([]);
    }
  });

  it("name what a claim without a table leaves in English", () => {
    const fixture = { ...claims[0]!, slug: "no-table", copy: { ...claims[0]!.copy, formTitle: "An English title only" } };
    expect(untranslatedTexts(fixture, {})).toContain("An English title only");
    const withFaq = { ...fixture, landing: { ...fixture.landing, disclaimer: "Past results vary.", faq: [{ question: "Is it free?", answer: "Yes, always." }] } };
    expect(untranslatedTexts(withFaq, {})).toEqual(expect.arrayContaining(["Past results vary.", "Is it free?", "Yes, always."]));
  });
});

const claimsWithTables = () => claims.filter((claim) => Object.keys(spanishTableOf(claim)).length > 0);

/**
 * The field messages each step of a claim's form gives for answers left empty, too short, too long,
 * not among the options, or an exclusive option ('None of these') combined with another.
 */
function formMessagesOf(claim: ClaimDefinition): string[] {
  const fields = claim.steps.flatMap((step) => step.fields);
  const answered = (text: string, choice: string): FormValues =>
    Object.fromEntries(fields.map((f) => [f.name, f.kind === "checkboxes" ? [choice] : f.options ? choice : text]));
  const combined: FormValues = Object.fromEntries(
    fields.filter((f) => f.kind === "checkboxes").map((f) => [f.name, (f.options ?? []).map((o) => o.value)]),
  );
  const attempts = [answered("", ""), answered("x", "not-an-option"), answered("x".repeat(5000), "not-an-option"), { ...answered("", ""), ...combined }];
  const messages = new Set<string>();
  for (const values of attempts) {
    claim.steps.forEach((_, index) => Object.values(validateStep(claim, index, values)).forEach((m) => messages.add(m)));
  }
  return [...messages];
}

describe("a page's language", () => {
  it("is its address's: /es and /es/... are Spanish", () => {
    expect([localeOfPath("/es"), localeOfPath("/es/mva-claim"), localeOfPath("/"), localeOfPath("/estate")]).toEqual(["es", "es", "en", "en"]);
    expect([pathWithoutLocale("/es"), pathWithoutLocale("/es/opt-out"), pathWithoutLocale("/blog")]).toEqual(["/", "/opt-out", "/blog"]);
    expect([localizedPath("/", "es"), localizedPath("/opt-out", "es"), localizedPath("/opt-out", "en")]).toEqual(["/es", "/es/opt-out", "/opt-out"]);
  });
});
