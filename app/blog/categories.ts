/** The blog's categories (spec section 3, 'Blog article'), shared with the server's post editor. */
export { BLOG_CATEGORIES as CATEGORIES, type BlogCategory as Category } from "#claims/engine/blog-categories";
