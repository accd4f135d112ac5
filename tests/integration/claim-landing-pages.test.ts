import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byRole, byText, getPage, hrefsOf, submitForm, type HtmlPage } from "../support/html-page";
import { claimCopies, publishSuiteDataClaimsTo } from "../support/suite-data-claims";
import { startServer, type RunningServer } from "../../tools/server";

/**
 * The claims' landing pages, which run no JavaScript, read over HTTP from the built server: their
 * figures and lists, and start buttons that lead to the form (ADR 045: they were browser tests, one
 * Chromium and one server per claim). Their layout at 360 px, axe and no-script rules are checked in
 * the browser by the site's page tests.
 */

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
  await publishSuiteDataClaimsTo(server);
});
afterAll(async () => {
  await server?.stop();
});

const open = async (path: string) => {
  const page = await getPage(server.url + path);
  expect(page.status, path).toBe(200);
  return page;
};
const shown = (page: HtmlPage, text: string, exact = false) => expect(byText(page.document, text, { exact }).length, text).toBeGreaterThan(0);
/** The header's and main's links but the home link and the skip link. */
// The header's link to the page in Spanish (docs/decisions/058) is not one of the page's own links.
const pageLinks = (page: HtmlPage) =>
  hrefsOf([...page.document.querySelectorAll('header a:not([data-testid="language-link"]), main a')]).filter((href) => href !== "/" && href !== "#main");
const scripts = (page: HtmlPage) => page.document.querySelectorAll('script:not([type="application/ld+json"])').length;

describe("mesothelioma landing page", () => {
  it("landing page buttons lead to the form", async () => {
    const page = await open("/mesothelioma-claim-landing");
    for (const name of ["Start Your Free Mesothelioma Claim Today", "Start My Claim"]) {
      expect(byRole(page.document, "link", { name })[0]?.getAttribute("href"), name).toBe("/mesothelioma-claim");
    }
    shown(page, "$1M - $2.4M+");
  });
});

describe("PFAS landing page", () => {
  it("the PFAS Health Alert, figures and start buttons that lead to the form", async () => {
    const page = await open("/pfas-claim");
    for (const text of ["PFAS Health Alert", "$50K - $1M+", "All 50 states covered", "Contaminated drinking water", "Stain-resistant fabrics", "Thyroid issues"]) {
      shown(page, text);
    }
    for (const name of ["Start Your Free PFAS Claim Today", "Start My Claim"]) {
      const links = byRole(page.document, "link", { name });
      expect(links.length, name).toBeGreaterThan(0);
      for (const href of hrefsOf(links)) expect(href).toBe("/pfas-claim-form");
    }
    const form = await open(byRole(page.document, "link", { name: "Start Your Free PFAS Claim Today" })[0]!.getAttribute("href")!);
    expect(new URL(form.url).pathname).toBe("/pfas-claim-form");
    shown(form, "Step 1 of 3");
  });
});

describe("RoundUp landing page", () => {
  const FORM = "/roundup-claim";
  it.each(["/roundup-claim-landing", "/roundup-cancer"])("%s: the same page, every start button leads to the form", async (path) => {
    const page = await open(path);
    expect(byRole(page.document, "heading", { level: 1 }).map((h) => h.textContent)).toEqual(["RoundUp Weed Killer Cancer Claims"]);
    for (const text of ["$125K to $2M+", "Over $10 billion", "Home gardening", "Professional landscaping", "Agriculture", "Golf courses", "Municipal grounds"]) {
      shown(page, text, true);
    }
    for (const cancer of ["Non-Hodgkin's lymphoma", "Leukemia", "B-cell lymphoma", "Other cancers"]) {
      expect(byRole(page.document, "heading", { name: cancer, exact: true }).length, cancer).toBe(1);
    }
    expect(page.document.querySelectorAll("#benefits-title + ul > li").length).toBe(4);
    const starts = byRole(page.document, "link", { name: /^Start (My|Your Free RoundUp) Claim/ });
    expect(starts.length).toBeGreaterThanOrEqual(4);
    for (const href of hrefsOf(starts)) expect(href).toBe(FORM);
    expect(scripts(page)).toBe(0);
  });

  it("both addresses name /roundup-claim-landing as the canonical page, absolute on the site's origin", async () => {
    for (const path of ["/roundup-cancer", "/roundup-claim-landing"]) {
      const { html } = await open(path);
      expect(html).toContain(`<link rel="canonical" href="${server.url}/roundup-claim-landing"/>`);
    }
  });

  it("a start button opens the form", async () => {
    const page = await open("/roundup-cancer");
    const form = await open(byRole(page.document, "link", { name: "Start Your Free RoundUp Claim" })[0]!.getAttribute("href")!);
    expect(new URL(form.url).pathname).toBe(FORM);
    shown(form, "Step 1 of 4");
  });
});

describe("Depo-Provera landing page", () => {
  const FORM = "/depo-provera-claim";
  it("has the risk figures, the 7-item symptom list, the time-limits banner, and start buttons to the form", async () => {
    const page = await open("/depo-provera");
    for (const figure of ["5.6x", "$1M+"]) shown(page, figure, true);
    expect(byRole(page.document, "heading", { name: "2+ years of use may qualify" })).toHaveLength(1);
    const region = (name: string) => byRole(page.document, "region", { name, exact: true })[0]!;
    expect(byRole(region("Conditions linked to Depo-Provera"), "listitem").length).toBeGreaterThan(0);
    expect(byRole(region("Symptoms of a meningioma"), "listitem")).toHaveLength(7);
    expect(byRole(page.document, "heading", { name: "Time limits apply to your claim" })).toHaveLength(1);
    const hrefs = pageLinks(page);
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    expect(new Set(hrefs)).toEqual(new Set([FORM]));
    const form = await open(byRole(page.document, "link", { name: "Start Your Free Depo-Provera Claim" })[0]!.getAttribute("href")!);
    expect(new URL(form.url).pathname).toBe(FORM);
  });
});

describe("video game addiction landing page", () => {
  it("potential recovery, impact areas and start buttons that lead to the form", async () => {
    const page = await open("/video-game-addiction");
    for (const text of ["$10K - $100K+", "Mental health", "Financial loss", "Relationships"]) shown(page, text, true);
    const hrefs = hrefsOf(byRole(page.document, "link", { name: /Start/ }));
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    for (const href of hrefs) expect(href).toBe("/video-game-addiction-claim");
    const form = await open(byRole(page.document, "link", { name: "Start My Claim" })[0]!.getAttribute("href")!);
    expect(new URL(form.url).pathname).toBe("/video-game-addiction-claim");
    shown(form, "Step 1 of 4");
  });
});

describe("rideshare landing page", () => {
  const FORM = "/rideshare-assault-claim";
  it("shows the typical settlement, and every start button leads to the form", async () => {
    const page = await open("/ride-share-assault");
    shown(page, "$100K - $1M+");
    const starts = byRole(page.document, "link", { name: /Start (My|Your Confidential) Claim/ });
    expect(starts.length).toBeGreaterThanOrEqual(3);
    for (const href of hrefsOf(starts)) expect(href).toBe(FORM);
    expect(scripts(page)).toBe(0);
    const form = await open(byRole(page.document, "link", { name: "Start Your Confidential Claim" })[0]!.getAttribute("href")!);
    expect(new URL(form.url).pathname).toBe(FORM);
    expect(byRole(form.document, "heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Rideshare Assault Claim Form"]);
  });
});

describe("AFFF landing page", () => {
  const FORM = "/afff-firefoam-claim";
  const startClicks = () => server.query<{ n: number }>("select count(*) as n from page_events where name = 'afff-landing-start'")[0]!.n;

  it("shows the spec's figures and linked cancers, and every start button goes through the click counter", async () => {
    const page = await open("/afff-firefoam");
    for (const figure of ["$200K - $600K+", "1000+", "95%", "$500K+"]) shown(page, figure, true);
    for (const cancer of ["Kidney cancer", "Testicular cancer", "Liver cancer", "Thyroid disease", "Ulcerative colitis"]) {
      expect(byRole(page.document, "heading", { name: cancer, exact: true }), cancer).toHaveLength(1);
    }
    // The start buttons post to the click counter (a GET there only redirects); there are no other links.
    expect(pageLinks(page)).toEqual([]);
    const actions = [...page.document.querySelectorAll("header form, main form")].map((f) => `${f.getAttribute("method")} ${f.getAttribute("action")}`);
    expect(actions.length).toBeGreaterThanOrEqual(4);
    expect(new Set(actions)).toEqual(new Set(["post /start/afff"]));
  });

  it("records a start click first-party, then opens the form", async () => {
    const before = startClicks();
    const page = await open("/afff-firefoam");
    const button = byRole(page.document, "button", { name: "Start Your Free AFFF Claim" })[0]!;
    const form = await submitForm(page, button.closest("form")!, button);
    expect(form.status).toBe(200);
    expect(new URL(form.url).pathname).toBe(FORM);
    expect(byRole(form.document, "heading", { name: "Basic Eligibility" })).toHaveLength(1);
    expect(startClicks()).toBe(before + 1);
    const [event] = server.query<{ path: string }>("select path from page_events where name = 'afff-landing-start' order by created_at desc limit 1");
    expect(event!.path).toBe("/afff-firefoam");
  });
});

// "Copy as a new claim" of a built-in claim, published while the server runs (support/suite-data-claims.ts):
// the catch route's landing says and links what the original's does, to the copy's own form.
describe.each(claimCopies().map((copy) => [copy.claim.slug, copy] as const))("the landing page of %s, a copy as a data claim", (_slug, { original, claim }) => {
  /** The page's words in order, and where each of its links and forms leads. */
  const read = (page: HtmlPage) => ({
    words: (page.document.querySelector("main")?.textContent ?? "").replace(/\s+/g, " ").trim(),
    links: [...page.document.querySelectorAll("main a, main form")].map((e) => e.getAttribute("href") ?? `${e.getAttribute("method")} ${e.getAttribute("action")}`),
  });
  /** The original's links, its start buttons leading to the copy's form instead of its own. */
  const toCopy = (href: string | null) => (href === original.routes.form ? claim.routes.form : href);

  it("has its original's words and links, start buttons that lead to its own form, and no script", async () => {
    const [copied, builtIn] = [await open(claim.routes.landing), await open(original.routes.landing)];
    expect(read(copied).words).toBe(read(builtIn).words);
    expect(read(copied).links).toEqual(read(builtIn).links.map(toCopy));
    expect(read(copied).links).toContain(claim.routes.form);
    expect(byRole(copied.document, "heading", { level: 1 }).map((h) => h.textContent)).toEqual([original.landing.hero.title]);
    expect(scripts(copied)).toBe(0);
    const form = await open(claim.routes.form);
    expect(byRole(form.document, "heading", { level: 1 }).map((h) => h.textContent)).toEqual(byRole((await open(original.routes.form)).document, "heading", { level: 1 }).map((h) => h.textContent));
  });
});
