import { DOMParser } from "linkedom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WIZARD_PAGES, ZERO_JS_PAGES } from "../../tools/budgets";
import { byRole, getPage, type HtmlPage } from "../support/html-page";
import { startServer, type RunningServer } from "../../tools/server";

/**
 * The blog and what search engines read, over HTTP from the built server: the blog's pages run no
 * JavaScript, so its search and category filters are plain GET forms and links, the same with
 * JavaScript or without (ADR 045: these were browser tests). Their axe rules and layout are checked
 * in the browser by e2e/site-pages.test.ts.
 */

let server: RunningServer;
const SITE_URL = "https://claims.example";
beforeAll(async () => {
  server = await startServer({ SITE_URL });
});
afterAll(async () => {
  await server?.stop();
});

const ARTICLE = "/blog/roundup-cancer-lawsuit-settlement-guide-2024";
/** Every indexable page: result, certificate and error pages are left out on purpose. */
const PUBLIC_PAGES = [...new Set([...ZERO_JS_PAGES, ...WIZARD_PAGES, ARTICLE])].filter(
  (p) => !p.includes("no-such") && !p.includes("verify") && !p.includes("/mva-claim/"),
);

const open = async (path: string) => {
  const page = await getPage(server.url + path);
  expect(page.status, path).toBe(200);
  return page;
};
const text = (element: Element | null | undefined) => (element?.textContent ?? "").replace(/\s+/g, " ").trim();
const articles = (page: HtmlPage) => [...page.document.querySelectorAll("main article")];
const scripts = (page: HtmlPage) => page.document.querySelectorAll('script:not([type="application/ld+json"])').length;

/** Submits the blog's search form with `query`, as a browser does a GET form: its fields in the URL. */
async function search(page: HtmlPage, query: string): Promise<HtmlPage> {
  const input = page.document.querySelector("input[type=search], input[name=q]");
  const form = input?.closest("form");
  expect(form?.getAttribute("method") ?? "get").toMatch(/^get$/i);
  const params = new URLSearchParams();
  for (const field of form!.querySelectorAll("input[name]")) {
    params.append(field.getAttribute("name")!, field === input ? query : (field.getAttribute("value") ?? ""));
  }
  const action = new URL(form!.getAttribute("action") || page.url, page.url);
  action.search = params.toString();
  return open(action.pathname + action.search);
}

describe("blog list", () => {
  it("lists all 30 articles with the category buttons and Home/Blog navigation, and runs no script", async () => {
    const page = await open("/blog");
    expect(articles(page)).toHaveLength(30);
    for (const name of ["All", "MVA", "RoundUp", "PFAS"]) expect(byRole(page.document, "link", { name, exact: true }), name).toHaveLength(1);
    expect(byRole(page.document, "link", { name: "All", exact: true })[0]!.getAttribute("aria-current")).toBe("page");
    const crumbs = page.document.querySelector('nav[aria-label="Breadcrumb"]')!;
    expect(byRole(crumbs, "link", { name: "Home" })[0]!.getAttribute("href")).toBe("/");
    expect(byRole(crumbs, "link", { name: "Blog" })[0]!.getAttribute("href")).toBe("/blog");
    expect(scripts(page)).toBe(0);
  });

  it("searches titles and excerpts and filters by category, keeping the other", async () => {
    let page = await search(await open("/blog"), "SETTLEMENT");
    expect(page.url).toContain("q=SETTLEMENT");
    const matching = articles(page);
    expect(matching.length).toBeGreaterThan(0);
    expect(matching.length).toBeLessThan(30);
    for (const article of matching) expect(text(article).toLowerCase()).toContain("settlement");

    page = await open(byRole(page.document, "link", { name: "PFAS", exact: true })[0]!.getAttribute("href")!);
    expect(page.url).toContain("category=PFAS");
    expect(page.url).toContain("q=SETTLEMENT");
    for (const article of articles(page)) expect(text(article.querySelector("p"))).toBe("PFAS");

    page = await search(page, "no article has these words zzqx");
    expect(text(page.document.querySelector("main"))).toContain("No articles found matching your criteria.");
    expect(page.url).toContain("category=PFAS");
    expect(scripts(page)).toBe(0);
  });
});

describe("articles", () => {
  it("shows the hero header, the body and the sidebar call to action for its category", async () => {
    const page = await open(ARTICLE);
    expect(byRole(page.document, "heading", { level: 1 }).map(text)).toEqual(["RoundUp Cancer Lawsuit Settlement Guide 2024"]);
    const header = text(page.document.querySelector("main header"));
    for (const words of ["Legal Team", "January 8, 2024", "min read", "RoundUp"]) expect(header).toContain(words);
    expect(page.document.querySelector("main header img")?.getAttribute("alt")).toBeTruthy();
    const aside = page.document.querySelector("aside")!;
    expect(aside.querySelector("a")?.getAttribute("href")).toBe("/roundup-claim-landing");
    for (const words of ["BBB A+", "4.9/5", "25+ years", "under 2 minutes"]) expect(text(aside)).toContain(words);
    expect(page.document.querySelectorAll(".article-body h2").length).toBeGreaterThan(3);
    expect(scripts(page)).toBe(0);
  });

  it("sends other categories' readers to their claims", async () => {
    for (const [path, href] of [
      ["/blog/pfas-forever-chemicals-lawsuit-guide-2024", "/pfas-claim"],
      ["/blog/california-car-accident-settlement-guide-2024", "/mva-claim-landing"],
    ]) {
      const page = await open(path!);
      expect(page.document.querySelector("aside a")?.getAttribute("href"), path).toBe(href);
    }
  });

  it("answers an unknown slug with 'Article Not Found', a link back and status 404", async () => {
    const page = await getPage(`${server.url}/blog/no-such-article`);
    expect(page.status).toBe(404);
    expect(page.html).toContain("Article Not Found");
    expect(byRole(page.document, "link", { name: "Return to Blog" })[0]?.getAttribute("href")).toBe("/blog");
    expect(scripts(page)).toBe(0);
  });
});

describe("search engines", () => {
  async function parseXml(path: string) {
    const xml = await (await fetch(server.url + path)).text();
    const doc = new DOMParser().parseFromString(xml, "text/xml");
    if (!doc.documentElement || doc.querySelector("parsererror")) throw new Error(`not XML: ${xml.slice(0, 200)}`);
    const all = (selector: string) => [...doc.querySelectorAll(selector)].map((n) => n.textContent ?? "");
    return { locs: all("loc"), lastmods: all("lastmod"), items: all("item > link") };
  }

  it("serves a sitemap of every public page with lastmod, an RSS feed of every article, and robots.txt", async () => {
    const sitemap = await parseXml("/sitemap.xml");
    for (const path of PUBLIC_PAGES.filter((p) => p !== "/roundup-cancer")) {
      expect(sitemap.locs, path).toContain(SITE_URL + path);
    }
    expect(sitemap.locs.filter((l) => l.includes("/blog/"))).toHaveLength(30);
    expect(sitemap.lastmods.length).toBe(sitemap.locs.length);
    expect(sitemap.lastmods.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    expect(sitemap.locs.some((l) => l.includes("/admin"))).toBe(false);

    const rss = await parseXml("/blog/rss.xml");
    expect(rss.items).toHaveLength(30);
    expect(rss.items).toContain(SITE_URL + ARTICLE);

    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain("Disallow: /api");
    expect(robots).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });

  it("gives every public page a unique title and description, a canonical URL, social tags and parseable JSON-LD", async () => {
    const titles = new Set<string>();
    for (const path of PUBLIC_PAGES) {
      const { document } = await open(path);
      const meta = (selector: string) => document.querySelector(selector)?.getAttribute("content") ?? "";
      const title = text(document.querySelector("title"));
      // /roundup-cancer is the same page as /roundup-claim-landing (its canonical says so).
      if (path !== "/roundup-cancer") expect(titles.has(title), `${path}: duplicate title ${title}`).toBe(false);
      titles.add(title);
      expect(meta('meta[name="description"]').length, path).toBeGreaterThan(50);
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href"), path).toBe(
        SITE_URL + (path === "/roundup-cancer" ? "/roundup-claim-landing" : path),
      );
      for (const property of ["og:title", "og:description", "og:image", "og:url", "og:site_name"]) {
        expect(meta(`meta[property="${property}"]`), `${path} ${property}`).not.toBe("");
      }
      expect(meta('meta[name="twitter:card"]'), path).toBe("summary_large_image");
      const types = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => (JSON.parse(script.textContent ?? "") as { "@type": string })["@type"],
      );
      expect(types, path).toContain("Organization");
      if (path === ARTICLE) expect(types).toEqual(expect.arrayContaining(["Article", "BreadcrumbList", "FAQPage"]));
      // Heading levels in order: one h1 first, and never a skipped level.
      const headings = [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1]));
      expect(headings[0], path).toBe(1);
      expect(headings.filter((level) => level === 1), path).toHaveLength(1);
      headings.forEach((level, i) => i > 0 && expect(level - headings[i - 1]!, `${path} heading ${i}`).toBeLessThanOrEqual(1));
    }
  });
});
