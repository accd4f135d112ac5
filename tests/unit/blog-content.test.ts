import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ARTICLES, articleBySlug, searchArticles } from "../../app/blog/articles.server";
import { CATEGORIES, compileArticle } from "../../app/blog/compile-article";
import { ctaFor } from "../../app/blog/sidebar-cta";
import { claims } from "#claims/registry";
import { TEASER_SLUGS } from "../../app/site/blog-teaser";

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
    const all = searchArticles("SETTLEMENT", null);
    expect(all.length).toBeGreaterThan(0);
    for (const a of all) expect(`${a.title} ${a.excerpt}`.toLowerCase()).toContain("settlement");
    for (const a of searchArticles("", "PFAS")) expect(a.category).toBe("PFAS");
    expect(searchArticles("zzz-nothing-matches", null)).toEqual([]);
  });

  it("sends PFAS readers to /pfas-claim, RoundUp to /roundup-claim-landing, others to /mva-claim-landing", () => {
    expect(ctaFor("PFAS").href).toBe("/pfas-claim");
    expect(ctaFor("RoundUp").href).toBe("/roundup-claim-landing");
    expect(ctaFor("MVA").href).toBe("/mva-claim-landing");
  });

  it("refuses bad front-matter with a clear message", () => {
    const bad = "---\nslug: x\ntitle: Short\nauthor: Someone\n---\nBody";
    expect(() => compileArticle(bad, "x.md")).toThrowError(/invalid front-matter/);
    expect(() => compileArticle("no front matter", "y.md")).toThrowError(/missing front-matter/);
  });
});
