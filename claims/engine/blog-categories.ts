/** The blog's categories (spec section 3, 'Blog article'): the pages filter by them, the editor offers them. */
export const BLOG_CATEGORIES = ["MVA", "RoundUp", "PFAS"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];
