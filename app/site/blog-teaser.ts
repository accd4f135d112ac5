/** The three articles the home page features (spec section 2, 'Home'). */
export const TEASER_SLUGS = [
  "california-car-accident-settlement-guide-2024",
  "roundup-cancer-lawsuit-settlement-guide-2024",
  "pfas-forever-chemicals-lawsuit-guide-2024",
] as const;
