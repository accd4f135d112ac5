import type { LandingContent, ResultPage, ResultVariant } from "./landing-types";
import type { ClaimDefinition, Outcome, ResultCopy } from "./types";

/**
 * The words of a claim's public pages that an operator edits at /admin/content (docs/decisions/055,
 * the `landing:<slug>` entries): the landing page's copy, its settlement figures and their disclaimer,
 * its questions and answers, and the result texts. Layout, icons, colours and routes stay in the
 * claim's folder; the built-in copy of a claim is read from its definition (`landingCopyOf`).
 */
export interface LandingCopy {
  seo: { title: string; description: string };
  hero: { badge: string; title: string; intro: string; cta: string };
  /** The settlement figures beside the hero (label and value), and the words that qualify them. */
  figures: Array<{ label: string; value: string }>;
  disclaimer: string;
  /** Set only by the site, never by an operator's form: the disclaimer is the English page's, on a Spanish page (server/content/spanish-landing.ts). */
  disclaimerLang?: "en";
  /** The claim's card on the home page. */
  card: { description: string; figureLabel: string; figure: string };
  /** Questions and answers under the landing page (and its FAQPage data); none by default. */
  faq: Array<{ question: string; answer: string }>;
  /** One per result the claim shows, in its definition's order; `key` names which (see resultKeys). */
  results: Array<{ key: string; heading: string; text: string; estimate: string }>;
}

/** A result variant on a page of its own is `<page path>#<outcome>`; a result screen on the form page is its outcome ('none' without eligibility). */
const pageKey = (page: ResultPage, outcome: string) => `${page.path}#${outcome}`;

/** The text an operator edits of a result page's variant: its explanation when it has one, else its lead. */
const variantText = (variant: ResultVariant) => variant.explanation ?? variant.lead ?? "";

/** The copy the claim's own folder gives: what the site shows until a version is published. */
export function landingCopyOf(claim: ClaimDefinition): LandingCopy {
  const { landing } = claim;
  const results: LandingCopy["results"] = [];
  for (const [outcome, copy] of Object.entries(claim.results ?? {}) as Array<[string, ResultCopy]>) {
    results.push({ key: outcome, heading: copy.heading, text: copy.message, estimate: "" });
  }
  for (const page of claim.resultPages ?? []) {
    for (const [outcome, variant] of Object.entries(page.variants) as Array<[Outcome, ResultVariant]>) {
      results.push({ key: pageKey(page, outcome), heading: variant.heading, text: variantText(variant), estimate: variant.estimate.value });
    }
  }
  return {
    seo: { ...landing.seo },
    hero: { badge: landing.hero.badge, title: landing.hero.title, intro: landing.hero.intro, cta: landing.hero.cta },
    figures: landing.hero.stats.map(({ label, value }) => ({ label, value })),
    disclaimer: landing.disclaimer ?? "",
    card: { description: landing.card.description, figureLabel: landing.card.figureLabel, figure: landing.card.figure },
    faq: (landing.faq ?? []).map(({ question, answer }) => ({ question, answer })),
    results,
  };
}

/** Whether a result has an estimate to edit (result pages do; a form page's result screen does not). */
export const resultHasEstimate = (key: string) => key.includes("#");

/**
 * The claim with `copy` in place of its built-in words: what its landing page, home card and result
 * pages render. Results the copy does not name keep their built-in words.
 */
export function withLandingCopy(claim: ClaimDefinition, copy: LandingCopy): ClaimDefinition {
  const result = new Map(copy.results.map((r) => [r.key, r]));
  const landing: LandingContent = {
    ...claim.landing,
    seo: { ...copy.seo },
    card: { ...claim.landing.card, ...copy.card },
    hero: { ...claim.landing.hero, ...copy.hero, stats: copy.figures.map((f) => ({ ...f })) },
    disclaimer: copy.disclaimer || undefined,
    disclaimerLang: copy.disclaimer ? copy.disclaimerLang : undefined,
    faq: copy.faq.map((qa) => ({ ...qa })),
  };
  const results = claim.results
    ? Object.fromEntries(
        Object.entries(claim.results).map(([outcome, built]) => {
          const edited = result.get(outcome);
          return [outcome, edited ? { ...built, heading: edited.heading, message: edited.text } : built];
        }),
      )
    : undefined;
  const resultPages = claim.resultPages?.map((page) => ({
    ...page,
    variants: Object.fromEntries(
      Object.entries(page.variants).map(([outcome, built]) => {
        const edited = result.get(pageKey(page, outcome));
        if (!edited) return [outcome, built];
        const text = edited.text || undefined;
        const words = built.explanation !== undefined || built.lead === undefined ? { explanation: text } : { lead: text };
        return [outcome, { ...built, heading: edited.heading, ...words, estimate: { ...built.estimate, value: edited.estimate } }];
      }),
    ),
  }));
  return { ...claim, landing, ...(results ? { results } : {}), ...(resultPages ? { resultPages } : {}) };
}
