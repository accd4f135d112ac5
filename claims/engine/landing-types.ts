/** How a claim's answers turn out; its result page has a variant for each. */
export type Outcome = "eligible" | "partial" | "ineligible";

/**
 * A claim's public pages as data: its landing page, its home-page card, its colours and, for claims
 * whose results live on pages of their own, those pages. app/landing renders them; nothing here is
 * React, so icons are named and the renderer maps the names to components.
 */

export type IconName = "check" | "clock" | "dollar" | "lock" | "shield" | "star" | "users";

/** One accent colour per claim type (DESIGN section 8): CSS colours for --color-accent{,-strong,-soft}. */
export interface ClaimTheme {
  accent: string;
  strong: string;
  soft: string;
}

export interface LandingStat {
  label: string;
  value: string;
}

export interface LandingTile {
  title: string;
  text: string;
  icon?: IconName;
}

/** A titled grid of tiles (benefits, exposure sources, linked conditions...). */
export interface TileSectionContent {
  kind: "tiles";
  /** The heading's id, which labels the section. */
  id: string;
  title: string;
  intro?: string;
  tone?: "white" | "tinted";
  tiles: readonly LandingTile[];
}

/** A titled list of short items, each with a check mark (e.g. RoundUp's 'Common RoundUp use'). */
export interface ChecklistSectionContent {
  kind: "checklist";
  id: string;
  title: string;
  intro?: string;
  items: readonly string[];
}

/** A panel pointing to help outside the claim (e.g. rideshare's support hotline). */
export interface SupportSectionContent {
  kind: "support";
  id: string;
  title: string;
  text: string;
  call: { label: string; tel: string };
}

export type LandingSection = TileSectionContent | ChecklistSectionContent | SupportSectionContent;

/** The claim's card on the home page (spec section 2, 'Home'). */
export interface ClaimCard {
  /** The card's place on the home page, and the claim's in every list of claims: lower first. */
  order: number;
  title: string;
  description: string;
  figureLabel: string;
  figure: string;
  cta: string;
  /** Where the card's button leads: the landing page (default) or straight to the form. */
  target?: "landing" | "form";
}

export interface LandingContent {
  /** The page's title and description for search engines and sharing. */
  seo: { title: string; description: string };
  theme: ClaimTheme;
  card: ClaimCard;
  /** Start buttons go through the first-party click counter (/start/<slug>) instead of straight to the form. */
  countStarts?: boolean;
  hero: {
    badge: string;
    title: string;
    intro: string;
    stats: readonly LandingStat[];
    cta: string;
    steps: { title: string; steps: readonly string[]; cta: string };
  };
  /** Words that qualify the hero's settlement figures (e.g. 'Past results do not guarantee...'); none by default. */
  disclaimer?: string;
  /** The disclaimer's language when it is not the page's: a Spanish page showing the English one (docs/decisions/058). */
  disclaimerLang?: "en";
  sections: readonly LandingSection[];
  /** Questions and answers after the sections (with FAQPage data for search engines); none by default. */
  faq?: readonly { question: string; answer: string }[];
  /** The closing call to action. */
  closing?: { title: string; text: string; cta: string };
  /** The blog category whose articles send readers here, and the sidebar button's label. */
  articleCta?: { category: string; label: string };
}

/** One variant of a result page, shown for the outcomes that lead to it. */
export interface ResultVariant {
  /** 'celebrate': centred under a check mark; 'plain': left-aligned. */
  layout: "celebrate" | "plain";
  heading: string;
  lead?: string;
  /** The estimated claim value: large on its own line ('headline') or within a sentence ('inline'). */
  estimate: { label: string; value: string; display: "headline" | "inline" };
  reasons?: { title: string; items: readonly string[] };
  explanation?: string;
  highlights?: readonly LandingTile[];
  nextSteps?: { title: string; steps: readonly string[] };
  /** A list of the site's other claims, for visitors this claim cannot help. */
  otherClaims?: { title: string };
  homeLink: string;
}

/** A result page of its own (e.g. /mva-claim/success); the wizard sends the visitor there with `?lead=`. */
export interface ResultPage {
  path: string;
  /** The page's title; result pages are not indexed. */
  title: string;
  /** The variant for each outcome this page shows; the first one is shown when the lead is unknown. */
  variants: Partial<Record<Outcome, ResultVariant>>;
}
