import type { LandingContent } from "#claims/engine/landing-types";
import type { VariantTexts } from "../../server/experiments/experiment-types";

/** A claim's landing data with a variant's texts in place of its own (an empty text keeps the data's). */
export function landingWithVariant(landing: LandingContent, texts: VariantTexts | null | undefined): LandingContent {
  if (!texts) return landing;
  const cta = (own: string) => texts.cta || own;
  return {
    ...landing,
    hero: {
      ...landing.hero,
      title: texts.headline || landing.hero.title,
      intro: texts.heroText || landing.hero.intro,
      cta: cta(landing.hero.cta),
      steps: { ...landing.hero.steps, cta: cta(landing.hero.steps.cta) },
    },
    closing: landing.closing ? { ...landing.closing, cta: cta(landing.closing.cta) } : undefined,
  };
}
