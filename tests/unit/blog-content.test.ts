import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { searchArticles, type Article } from "../../app/blog/articles.server";
import { CATEGORIES } from "../../app/blog/categories";
import { renderArticle } from "../../server/content/blog/blog-markdown";
import { parseArticle } from "../../server/content/blog/blog-post";
import { builtInPosts } from "../../server/db/migrations/2026-11-27-35-blog-posts";
import { ctaFor } from "../../app/blog/sidebar-cta";
import { claims } from "#claims/registry";
import { TEASER_SLUGS } from "../../app/site/blog-teaser";

// The articles the blog started with (content/blog), as migration 35 imports them and the pages render them.
const ARTICLES: Article[] = builtInPosts().map(({ publishAt, ...post }) => {
  const parsed = parseArticle(post);
  if (!parsed.ok) throw new Error(`${post.slug}: ${JSON.stringify(parsed.errors)}`);
  return { ...parsed.article, publishAt: String(publishAt), ...renderArticle(parsed.article.markdown) };
});
const articleBySlug = (slug: string) => ARTICLES.find((a) => a.slug === slug);

const SITE_PATHS = new Set(["/", "/blog", ...claims.flatMap((c) => [c.routes.landing, c.routes.form])]);

describe("blog content (spec section 3 'Blog article', section 9)", () => {
  it("has 30 articles, 10 per category, with unique slugs", () => {
    expect(ARTICLES).toHaveLength(30);
    for (const category of CATEGORIES) expect(ARTICLES.filter((a) => a.category === category)).toHaveLength(10);
    expect(new Set(ARTICLES.map((a) => a.slug)).size).toBe(30);
  });

  it("has valid front-matter: author 'Legal Team', a January 2024 date, own images", () => {
    for (const a of ARTICLES) {
      expect(a.author).toBe("Legal Team");
      expect(a.date).toMatch(/^2024-01-(0[1-9]|[12]\d|3[01])$/);
      for (const image of [a.image, a.heroImage]) expect(fs.existsSync(`public${image}`), image).toBe(true);
    }
  });

  it("reads in 6 to 12 minutes, the read time computed from the word count", () => {
    for (const a of ARTICLES) {
      expect(a.minutes, a.slug).toBeGreaterThanOrEqual(6);
      expect(a.minutes, a.slug).toBeLessThanOrEqual(12);
      expect(a.readTime).toBe(`${a.minutes} min read`);
      expect(a.minutes).toBe(Math.round(a.words / 200));
    }
  });

  it("says it is not legal advice and never promises an outcome", () => {
    for (const a of ARTICLES) {
      expect(a.html, a.slug).toMatch(/not legal( or medical)? advice/);
      expect(a.html.toLowerCase(), a.slug).not.toMatch(/we guarantee|guaranteed (win|settlement|compensation)/);
    }
  });

  it("links only to pages that exist", () => {
    for (const a of ARTICLES) {
      for (const link of a.internalLinks) {
        const path = link.split(/[?#]/)[0]!;
        const ok = SITE_PATHS.has(path) || (path.startsWith("/blog/") && articleBySlug(path.slice(6)) !== undefined);
        expect(ok, `${a.slug} links to ${link}`).toBe(true);
      }
    }
  });

  it("has the home page's three teaser articles", () => {
    for (const slug of TEASER_SLUGS) expect(articleBySlug(slug), slug).toBeDefined();
  });

  it("uses the spec's PFAS figures in the PFAS guide", () => {
    const guide = articleBySlug("pfas-forever-chemicals-lawsuit-guide-2024")!;
    for (const figure of ["4,700", "850 million", "671 million", "10.3 billion", "1.185 billion"]) expect(guide.html).toContain(figure);
  });

  it("extracts each FAQ for structured data", () => {
    const withFaq = ARTICLES.filter((a) => a.faq.length > 0);
    expect(withFaq.length).toBeGreaterThan(20);
    for (const a of withFaq) for (const qa of a.faq) expect(qa.question.endsWith("?") && qa.answer.length > 20, `${a.slug}: ${qa.question}`).toBe(true);
  });
});

describe("blog search and sidebar", () => {
  it("matches title or excerpt, case-insensitively, within a category", () => {
    const all = searchArticles(ARTICLES, "SETTLEMENT", null);
    expect(all.length).toBeGreaterThan(0);
    for (const a of all) expect(`${a.title} ${a.excerpt}`.toLowerCase()).toContain("settlement");
    for (const a of searchArticles(ARTICLES, "", "PFAS")) expect(a.category).toBe("PFAS");
    expect(searchArticles(ARTICLES, "zzz-nothing-matches", null)).toEqual([]);
  });

  it("sends PFAS readers to /pfas-claim, RoundUp to /roundup-claim-landing, others to /mva-claim-landing", () => {
    expect(ctaFor("PFAS").href).toBe("/pfas-claim");
    expect(ctaFor("RoundUp").href).toBe("/roundup-claim-landing");
    expect(ctaFor("MVA").href).toBe("/mva-claim-landing");
  });

  it("holds every imported article to the editor's rules, whose messages say what is wrong", () => {
    expect(ARTICLES).toHaveLength(30);
    const bad = parseArticle({ slug: "x", title: "Short", author: "", date: "2024-02-30", category: "Other", image: "https://elsewhere.example/a.png", heroImage: "/images/blog/mva-hero.svg", excerpt: "", markdown: "[x](javascript:alert(1))" });
    expect(bad.ok || bad.errors).toMatchObject({
      slug: "The address needs at least 3 characters.",
      title: "The title needs at least 10 characters.",
      author: "The author is required.",
      date: "The date shown is not a real day.",
      category: "Choose a category: MVA, RoundUp, PFAS.",
      image: "The card picture must be one of the site's (/images/blog/...) or an uploaded one (/media/blog/...).",
      markdown: "The link 'javascript:alert(1)' is not allowed: use a page of this site (/...), https://..., mailto: or tel:.",
    });
  });
});
