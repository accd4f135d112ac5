/** Up to four variants, named A to D; A is usually the page as it is (all its texts left empty). */
export const VARIANT_KEYS = ["A", "B", "C", "D"] as const;
export type VariantKey = (typeof VARIANT_KEYS)[number];

/** The texts a variant shows instead of the landing data's; an empty text keeps the page's own. */
export interface VariantTexts {
  /** The hero's heading (the landing data's hero.title). */
  headline: string;
  /** The paragraph under the heading (hero.intro). */
  heroText: string;
  /** Every start button's label on the landing page (hero, steps and closing). */
  cta: string;
  /** The claim form's intro. */
  formIntro: string;
}

export interface ExperimentVariant extends VariantTexts {
  key: VariantKey;
  /** The operator's name for it ("Control", "Shorter headline"). */
  label: string;
}

export type ExperimentStatus = "running" | "stopped" | "promoted";
export type ExperimentGoal = "submit" | "sold";

export interface Experiment {
  id: string;
  claim: string;
  name: string;
  status: ExperimentStatus;
  goal: ExperimentGoal;
  variants: ExperimentVariant[];
  lossThreshold: number;
  autoPromoteAt: number | null;
  winner: VariantKey | null;
  createdAt: string;
  createdBy: string;
  endedAt: string | null;
}

/** What a visitor is shown on a claim's pages: a variant's texts, and the tag its events carry (null once promoted). */
export interface ShownVariant {
  texts: VariantTexts;
  /** '<experiment id>:<key>' while the experiment runs; null for a promoted winner, which every visitor sees. */
  tag: string | null;
}

export const variantTag = (experimentId: string, key: VariantKey) => `${experimentId}:${key}`;
