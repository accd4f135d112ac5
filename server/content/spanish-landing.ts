import type { LandingBody } from "./content-kinds";

/**
 * What a claim's Spanish landing page lacks of its English one (docs/decisions/058, amended): the
 * settlement figures and the disclaimer that qualifies them, the words attorney-advertising rules care
 * about. An operator publishes each language on its own, so the English page can gain a figure or a
 * disclaimer the Spanish one never had.
 */

/**
 * A figure's amounts, so that a translation matches: `$125K to $2M+` and `De $125K a más de $2M` are
 * both 125|2; separators inside a number do not count ($1,000 and $1.000 are both 1000).
 */
const amountsOf = (value: string) => (value.match(/\d[\d.,]*/g) ?? []).map((number) => number.replace(/[.,]/g, "")).join("|");

/** Each thing the English page shows that the Spanish one does not, in words for the operator; none when they agree. */
export function spanishGaps(english: LandingBody, spanish: LandingBody): string[] {
  const gaps: string[] = [];
  const spanishAmounts = new Set(spanish.figures.map((figure) => amountsOf(figure.value)));
  for (const figure of english.figures) {
    if (!spanishAmounts.has(amountsOf(figure.value))) gaps.push(`the settlement figure ${figure.value} (${figure.label})`);
  }
  if (amountsOf(english.card.figure) !== amountsOf(spanish.card.figure)) gaps.push(`the home card's figure ${english.card.figure}`);
  if (english.disclaimer.trim() && !spanish.disclaimer.trim()) gaps.push("the disclaimer under the figures (until a Spanish one is published, the Spanish page shows the English one)");
  return gaps;
}

/**
 * The Spanish copy as the Spanish page shows it: never without the disclaimer the English page shows.
 * Without a Spanish disclaimer, the English one stands under the Spanish figures: words in the wrong
 * language qualify the figures; no words would leave them unqualified.
 */
export function withEnglishDisclaimer(english: LandingBody, spanish: LandingBody): LandingBody {
  return english.disclaimer.trim() && !spanish.disclaimer.trim() ? { ...spanish, disclaimer: english.disclaimer, disclaimerLang: "en" } : spanish;
}
