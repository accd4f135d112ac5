import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WIZARD_PAGES, ZERO_JS_PAGES } from "../../tools/budgets";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../../tools/browser";
import { startServer, type RunningServer } from "../../tools/server";

let server: RunningServer;
let browser: Browser;
let contexts: Record<"on" | "off", BrowserContext>;
const SITE_URL = "https://claims.example";

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SITE_URL }), launchBrowser()]);
  const [on, off] = await Promise.all([browser.newContext(), browser.newContext({ javaScriptEnabled: false })]);
  contexts = { on, off };
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ARTICLE = "/blog/roundup-cancer-lawsuit-settlement-guide-2024";
/** Every indexable page: result, certificate and error pages are left out on purpose. */
const PUBLIC_PAGES = [...new Set([...ZERO_JS_PAGES, ...WIZARD_PAGES, ARTICLE])].filter(
  (p) => !p.includes("no-such") && !p.includes("verify") && !p.includes("/mva-claim/"),
);

/** A new page in the shared context with or without JavaScript (cheaper than a context per page). */
async function open(path: string, javaScriptEnabled = true): Promise<Page> {
  const page = await contexts[javaScriptEnabled ? "on" : "off"].newPage();
  await page.goto(server.url + path);
  return page;
}
const close = (page: Page) => page.close();

describe("blog list", () => {
  it("lists all 30 articles with the category buttons and Home/Blog navigation", async () => {
    const page = await open("/blog");
    expect(await page.locator("main article").count()).toBe(30);
    for (const name of ["All", "MVA", "RoundUp", "PFAS"]) expect(await page.getByRole("link", { name, exact: true }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "All", exact: true }).getAttribute("aria-current")).toBe("page");
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await crumbs.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/");
    expect(await crumbs.getByRole("link", { name: "Blog" }).getAttribute("href")).toBe("/blog");
    await close(page);
  });

  for (const javaScriptEnabled of [true, false]) {
    it(`searches titles and excerpts and filters by category (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const page = await open("/blog", javaScriptEnabled);
      await page.getByLabel("Search articles").fill("SETTLEMENT");
      await page.getByRole("button", { name: "Search" }).click();
      await page.waitForURL(/q=SETTLEMENT/);
      const matching = await page.locator("main article").count();
      expect(matching).toBeGreaterThan(0);
      expect(matching).toBeLessThan(30);
      for (const text of await page.locator("main article").allTextContents()) expect(text.toLowerCase()).toContain("settlement");

      await page.getByRole("link", { name: "PFAS", exact: true }).click();
      await page.waitForURL(/category=PFAS/);
      expect(page.url()).toContain("q=SETTLEMENT");
      for (const text of await page.locator("main article p:first-child").allTextContents()) expect(text).toBe("PFAS");

      await page.getByLabel("Search articles").fill("no article has these words zzqx");
      await page.getByRole("button", { name: "Search" }).click();
      await page.getByText("No articles found matching your criteria.").waitFor();
      expect(page.url()).toContain("category=PFAS");
      await close(page);
    });
  }
});

describe("articles", () => {
  it("shows the hero header, the body and the sidebar call to action for its category", async () => {
    const page = await open(ARTICLE);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("RoundUp Cancer Lawsuit Settlement Guide 2024");
    const header = (await page.locator("main header").textContent()) ?? "";
    for (const text of ["Legal Team", "January 8, 2024", "min read", "RoundUp"]) expect(header).toContain(text);
    expect(await page.locator("main header img").getAttribute("alt")).toBeTruthy();
    const aside = page.locator("aside");
    expect(await aside.getByRole("link").first().getAttribute("href")).toBe("/roundup-claim-landing");
    const sidebar = (await aside.textContent()) ?? "";
    for (const text of ["BBB A+", "4.9/5", "25+ years", "under 2 minutes"]) expect(sidebar).toContain(text);
    expect(await page.locator(".article-body h2").count()).toBeGreaterThan(3);
    await close(page);
  });

  it("sends other categories' readers to their claims", async () => {
    for (const [path, href] of [
      ["/blog/pfas-forever-chemicals-lawsuit-guide-2024", "/pfas-claim"],
      ["/blog/california-car-accident-settlement-guide-2024", "/mva-claim-landing"],
    ]) {
      const page = await open(path!);
      expect(await page.locator("aside a").first().getAttribute("href")).toBe(href);
      await close(page);
    }
  });

  it("answers an unknown slug with 'Article Not Found', a link back and status 404", async () => {
    const response = await fetch(`${server.url}/blog/no-such-article`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Article Not Found");
    expect(html).toMatch(/<a href="\/blog"[^>]*>Return to Blog<\/a>/);
  });

  it("has no axe violations and no scripts on blog pages", async () => {
    for (const path of ["/blog", "/blog?q=zzqx", ARTICLE, "/blog/no-such-article"]) {
      const page = await open(path);
      expect(await axeViolations(page), path).toEqual([]);
      expect(await page.locator("script:not([type='application/ld+json'])").count(), path).toBe(0);
      await close(page);
    }
  });
});

describe("search engines", () => {
  async function parseXml(page: Page, path: string) {
    const text = await (await fetch(server.url + path)).text();
    return page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, "application/xml");
      if (doc.querySelector("parsererror")) throw new Error(`not XML: ${xml.slice(0, 200)}`);
      return {
        locs: [...doc.querySelectorAll("loc")].map((n) => n.textContent ?? ""),
        lastmods: [...doc.querySelectorAll("lastmod")].map((n) => n.textContent ?? ""),
        items: [...doc.querySelectorAll("item > link")].map((n) => n.textContent ?? ""),
      };
    }, text);
  }

  it("serves a sitemap of every public page with lastmod, an RSS feed of every article, and robots.txt", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    const sitemap = await parseXml(page, "/sitemap.xml");
    for (const path of PUBLIC_PAGES.filter((p) => p !== "/roundup-cancer")) {
      expect(sitemap.locs, path).toContain(SITE_URL + path);
    }
    expect(sitemap.locs.filter((l) => l.includes("/blog/"))).toHaveLength(30);
    expect(sitemap.lastmods.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    expect(sitemap.locs.some((l) => l.includes("/admin"))).toBe(false);

    const rss = await parseXml(page, "/blog/rss.xml");
    expect(rss.items).toHaveLength(30);
    expect(rss.items).toContain(SITE_URL + ARTICLE);

    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain("Disallow: /api");
    expect(robots).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    await page.close();
  });

  it("gives every public page a unique title and description, a canonical URL, social tags and parseable JSON-LD", async () => {
    const titles = new Set<string>();
    // The head is server-rendered: one page without JavaScript reads it for every path.
    const page = await contexts.off.newPage();
    for (const path of PUBLIC_PAGES) {
      await page.goto(server.url + path);
      const head = await page.evaluate(() => ({
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute("content") ?? "",
        canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? "",
        og: ["og:title", "og:description", "og:image", "og:url", "og:site_name"].map((p) => document.querySelector(`meta[property="${p}"]`)?.getAttribute("content") ?? ""),
        twitter: document.querySelector('meta[name="twitter:card"]')?.getAttribute("content") ?? "",
        jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ""),
        headings: [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1])),
      }));
      // /roundup-cancer is the same page as /roundup-claim-landing (its canonical says so).
      if (path !== "/roundup-cancer") expect(titles.has(head.title), `${path}: duplicate title ${head.title}`).toBe(false);
      titles.add(head.title);
      expect(head.description.length, path).toBeGreaterThan(50);
      expect(head.canonical, path).toBe(SITE_URL + (path === "/roundup-cancer" ? "/roundup-claim-landing" : path));
      for (const value of head.og) expect(value, `${path} og`).not.toBe("");
      expect(head.twitter).toBe("summary_large_image");
      const types = head.jsonLd.map((text) => (JSON.parse(text) as { "@type": string })["@type"]);
      expect(types, path).toContain("Organization");
      if (path === ARTICLE) expect(types).toEqual(expect.arrayContaining(["Article", "BreadcrumbList", "FAQPage"]));
      // Heading levels in order: one h1 first, and never a skipped level.
      expect(head.headings[0], path).toBe(1);
      expect(head.headings.filter((l) => l === 1), path).toHaveLength(1);
      head.headings.forEach((level, i) => i > 0 && expect(level - head.headings[i - 1]!, `${path} heading ${i}`).toBeLessThanOrEqual(1));
    }
    await page.close();
  });
});
