/** The blog's categories (spec section 3, 'Blog article'). */
export const CATEGORIES = ["MVA", "RoundUp", "PFAS"] as const;
export type Category = (typeof CATEGORIES)[number];
