/** The three articles the home page features (spec section 2, 'Home'). */
export const TEASER_ARTICLES = [
  {
    slug: "california-car-accident-settlement-guide-2024",
    category: "MVA",
    title: "California Car Accident Settlement Guide 2024",
    excerpt: "How fault, insurance limits and medical care shape a California car-accident settlement, and what to do first.",
  },
  {
    slug: "roundup-cancer-lawsuit-settlement-guide-2024",
    category: "RoundUp",
    title: "RoundUp Cancer Lawsuit Settlement Guide 2024",
    excerpt: "Where the RoundUp litigation stands, who may qualify and what affects the value of a claim.",
  },
  {
    slug: "pfas-forever-chemicals-lawsuit-guide-2024",
    category: "PFAS",
    title: "PFAS Forever Chemicals Lawsuit Guide 2024",
    excerpt: "What PFAS are, how people are exposed, the major settlements so far and how a claim works.",
  },
] as const;
