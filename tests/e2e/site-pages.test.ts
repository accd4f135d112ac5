import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardHref } from "#claims/engine/pages";
import { claims } from "#claims/registry";
import { LOCALES, localeOfPath, type Locale } from "#claims/engine/locale";
import { ZERO_JS_PAGES, formatBudgetReport, inEveryLanguage, measureWizardScripts } from "../../tools/budgets";
import { axeViolations } from "../support/axe";
import { layoutProblems } from "../support/page-checks";
import { LEGACY_REDIRECTS } from "../../server/http/legacy-redirects";
import { launchBrowser } from "../../tools/browser";
import { mvaAnswers } from "#claims/mva/examples";
import { startServer, type RunningServer } from "../../tools/server";
import { supplierHeadersFor } from "../../tools/suppliers";

let server: RunningServer;
let browser: Browser;
let certificateUrl: string;
let leadId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SITE_NAME: "Test Claims Co" }), launchBrowser()]);
  const response = await fetch(`${server.url}/api/leads/mva`, {
    method: "POST",
    headers: { ...(await supplierHeadersFor(server)), "content-type": "application/json" },
    body: JSON.stringify(mvaAnswers({ pageUrl: `${server.url}/mva-claim` })),
  });
  const body = await response.json();
  certificateUrl = body.certificateUrl;
  leadId = body.leadId;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string, options: { width?: number } = {}): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: options.width ?? 1280, height: 900 } });
  await page.goto(server.url + path);
  return page;
}

describe("home page", () => {
  it("has the hero, a card per claim with its button and target, the trust strip and the blog teaser", async () => {
    const page = await open("/");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Get the Compensation You Deserve");
    // The test build's registry: the site's claims, then the fixture claim, in their cards' order.
    expect(await page.locator("#claims li h3").allTextContents()).toEqual(claims.map((c) => c.landing.card.title));
    for (const claim of claims) {
      const { card } = claim.landing;
      expect(await page.getByRole("link", { name: card.cta, exact: true }).getAttribute("href")).toBe(cardHref(claim));
      expect(await page.getByText(card.figure, { exact: true }).count()).toBe(1);
    }
    for (const text of ["Secure & Confidential", "24/7 Support", "No Upfront Fees"]) {
      expect(await page.getByText(text, { exact: true }).count()).toBeGreaterThan(0);
    }
    // The spec's "$500M+ recovered", "50,000+ claims", "95%" and "5-Star" are not ours to claim: until the
    // operator publishes its own figures (/admin/content), the trust strip shows none (docs/decisions/055).
    for (const figure of ["$500M+", "50,000+", "95%", "5-Star"]) expect(await page.getByText(figure).count()).toBe(0);
    for (const slug of ["california-car-accident-settlement-guide-2024", "roundup-cancer-lawsuit-settlement-guide-2024", "pfas-forever-chemicals-lawsuit-guide-2024"]) {
      expect(await page.locator(`a[href="/blog/${slug}"]`).count()).toBe(1);
    }
    expect(await page.getByRole("link", { name: "View All Articles" }).getAttribute("href")).toBe("/blog");
    await page.close();
  });

  it("has every disclaimer in the footer, the configured brand and the current year", async () => {
    const page = await open("/");
    const footer = (await page.locator("footer").textContent()) ?? "";
    expect(footer).toContain("paid attorney advertisement");
    expect(footer).toContain("not an attorney referral service");
    expect(footer).toContain("no attorney-client privilege is guaranteed");
    expect(footer).toContain("automated system matches each request");
    expect(footer).toContain("not endorsed by");
    expect(footer).toContain(`© ${new Date().getFullYear()} Test Claims Co`);
    await page.close();
  });
});

describe("errors", () => {
  it("renders the 404 page with status 404 for unknown paths and logs the path", async () => {
    const response = await fetch(`${server.url}/this/does/not-exist`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain('href="/"');
    expect(html).toContain("Return to Home");
    expect(server.output()).toContain("/this/does/not-exist");
  });

  it("renders 'Unexpected Application Error!' with the status text for a route error, without a stack trace", async () => {
    const response = await fetch(`${server.url}/mva-claim-landing`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: "x=1",
    });
    expect(response.status).toBe(405);
    const html = await response.text();
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("405 Method Not Allowed");
    expect(html).not.toMatch(/\bat .*\.(js|ts):\d+/);
  });

  it("answers oversized and cross-site form posts with a clear 4xx, not a crash", async () => {
    const big = await fetch(`${server.url}/mva-claim`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `fn=${"x".repeat(100_000)}`,
    });
    expect(big.status).toBe(413);
    const crossSite = await fetch(`${server.url}/mva-claim`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: "intent=next&step=0",
    });
    expect(crossSite.status).toBe(403);
  });
});

describe("legacy paths", () => {
  it("redirect permanently from LEGACY_PREFIX to their pages, keeping the query string", async () => {
    for (const [from, to] of Object.entries(LEGACY_REDIRECTS)) {
      const response = await fetch(`${server.url}/claims${from}?utm_source=old`, { redirect: "manual" });
      expect(response.status, from).toBe(301);
      expect(response.headers.get("location"), from).toBe(`${to}?utm_source=old`);
      expect((await fetch(server.url + to)).status, to).toBe(200);
    }
    expect(Object.keys(LEGACY_REDIRECTS)).toHaveLength(5);
  });
});

describe("consent certificate page", () => {
  it("shows the record with personal data masked and counts each verification", async () => {
    const path = new URL(certificateUrl).pathname + new URL(certificateUrl).search;
    const page = await open(path);
    expect(await page.getByRole("heading", { name: "Consent Certificate" }).isVisible()).toBe(true);
    const text = (await page.locator("main").textContent()) ?? "";
    expect(text).toContain("j***@example.com");
    expect(text).toContain("(***) ***-2671");
    expect(text).toContain("J***");
    expect(text).not.toContain("jane.doe@example.com");
    expect(text).not.toContain("4155552671");
    expect(text).toContain("127.0.0.***");
    // A lead sent through the API by a supplier: the certificate claims no form of ours (issue 26).
    expect(text).toContain("Consent asserted by Test supplier");
    expect(text).not.toContain("Consent is not a condition of purchasing");
    expect(text).toContain("No attorney / Seeking change");
    await page.close();
    await (await open(path)).close();
    const [row] = server.query<{ verification_count: number; verified_at: string | null; lead_id: string }>(
      "select verification_count, verified_at, lead_id from submission_certificates where lead_id = ?",
      leadId,
    );
    expect(row).toMatchObject({ verification_count: 2, lead_id: leadId });
    expect(row!.verified_at).not.toBeNull();
  });

  it("explains a missing or unknown certificate id", async () => {
    const missing = await fetch(`${server.url}/verify-trustedforms-pro`);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("No certificate ID provided. Please check your verification link.");
    const unknown = await fetch(`${server.url}/verify-trustedforms-pro?cert=tfp_1700000000000_abcdefghi`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(
      "TrustedFormsPro certificate verification failed. Please check the certificate ID and try again.",
    );
  });
});

describe("accessibility and layout", () => {
  // Claim forms are checked on every step, with their messages and results, in claims.test.ts; the
  // blog's and every page's HTML over HTTP in integration/blog-and-seo.test.ts.
  const englishPages = () => [
    ...ZERO_JS_PAGES,
    "/blog?q=zzqx",
    "/blog/roundup-cancer-lawsuit-settlement-guide-2024",
    "/blog/no-such-article",
    `/mva-claim/success?lead=${leadId}`,
    `/mva-claim/sorry?lead=${leadId}`,
    new URL(certificateUrl).pathname + new URL(certificateUrl).search,
  ];
  // The same pages in Spanish, but for the blog (English only) and the landings' other addresses (the same page).
  const aliases = new Set(claims.flatMap((claim) => claim.routes.landingAliases ?? []));
  const pagesIn = (locale: Locale) => inEveryLanguage(englishPages().filter((path) => !aliases.has(path))).filter((path) => localeOfPath(path) === locale);
  const pages = { en: englishPages, es: () => pagesIn("es") };

  // One test per language, run side by side: each reads its pages in a page of its own.
  it.concurrent.each(LOCALES)("in %s: no axe-core violations on any page, and each fits a 360 px phone screen without horizontal scrolling, with 44 px tap targets", async (locale) => {
    const report: string[] = [];
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const path of pages[locale]()) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(server.url + path);
      for (const violation of await axeViolations(page)) report.push(`${path}: ${violation}`);
      await page.setViewportSize({ width: 360, height: 800 });
      for (const problem of await layoutProblems(page)) report.push(`${path} at 360 px: ${problem}`);
    }
    await page.close();
    expect(report).toEqual([]);
  });
});

// What HTTP shows of the budgets (headers, sizes, zero-JS pages) is read without a browser in
// integration/static-pages.test.ts.
describe("budgets (DESIGN section 8)", () => {
  it("every wizard page, in either language, loads its own claim's definition only and stays under its JS budget", async () => {
    const lines = await measureWizardScripts(server.url, browser);
    const failures = lines.filter((line) => !line.ok);
    expect(failures, formatBudgetReport(failures)).toEqual([]);
  });
});
