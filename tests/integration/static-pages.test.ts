import Database from "better-sqlite3";
import fc from "fast-check";
import { createHash } from "node:crypto";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimBySlug } from "#claims/registry";
import { variantIndex } from "../../server/experiments/assignment";
import { waitFor } from "../support/fake-receiver";
import { formatBudgetReport, measureHttpBudgets } from "../../tools/budgets";
import { startServer, type RunningServer } from "../../tools/server";
import { openDatabase } from "../../server/db/database";
import { createDataClaimStore, type DataClaimStore } from "../../server/data-claims/data-claim-store";
import { compileDataClaim } from "#claims/engine/data-claim/compile-data-claim";
import { hairRelaxer } from "../support/data-claims";

// Pages rendered once per process (docs/decisions/032), over real HTTP against the built server:
// their headers and policy, encodings and validators, what still happens per request (the funnel
// count, the first-touch cookie, 404s, redirects), and configuration applied without a rebuild.

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const BROWSER = { "user-agent": CHROME, accept: "text/html,application/xhtml+xml,*/*;q=0.8", "accept-encoding": "gzip, deflate, br, zstd" };
const LANDING = "/mva-claim-landing";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "true", SITE_NAME: "Harbor Claims", SITE_PHONE: "(800) 555-0142" });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, headers: Record<string, string> = {}, method = "GET") => fetch(server.url + path, { method, headers: { ...BROWSER, ...headers } });
/** The bytes as sent (fetch would decode them), the status and the headers, over node:http. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Headers; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(server.url + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const received = new Headers();
          for (const [name, value] of Object.entries(res.headers)) if (typeof value === "string") received.set(name, value);
          resolve({ status: res.statusCode!, headers: received, body: Buffer.concat(chunks) });
        });
      })
      .on("error", reject);
  });
}
async function bytes(path: string, encoding: string) {
  const { headers, body } = await rawGet(path, { ...BROWSER, "accept-encoding": encoding });
  return { response: { headers }, body };
}
const views = () => server.query<{ n: number }>("select count(*) as n from funnel_events where kind = 'view'")[0]!.n;
const until = (condition: () => boolean, what: string) => waitFor(condition, what);

describe("a page rendered once", () => {
  it("forbids every script and admits its inline style by hash, not by a nonce", async () => {
    const response = await get(LANDING);
    const html = await response.text();
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'none'");
    expect(csp).not.toContain("nonce");
    expect(html).not.toContain("nonce=");
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles.length).toBeGreaterThan(0);
    for (const style of styles) expect(csp).toContain(`'sha256-${createHash("sha256").update(style).digest("base64")}'`);
    for (const header of ["x-content-type-options", "referrer-policy", "x-frame-options", "permissions-policy"]) expect(response.headers.get(header), header).toBeTruthy();
  });

  it("sends brotli, gzip or identity as asked, the same HTML in each, with an ETag per encoding", async () => {
    const br = await bytes(LANDING, "br");
    const gzip = await bytes(LANDING, "gzip");
    const identity = await bytes(LANDING, "identity");
    expect([br.response.headers.get("content-encoding"), gzip.response.headers.get("content-encoding"), identity.response.headers.get("content-encoding")]).toEqual(["br", "gzip", null]);
    expect(brotliDecompressSync(br.body)).toEqual(identity.body);
    expect(gunzipSync(gzip.body)).toEqual(identity.body);
    expect(br.body.length).toBeLessThan(identity.body.length / 3);
    expect(Number(br.response.headers.get("content-length"))).toBe(br.body.length);
    const etags = [br, gzip, identity].map(({ response }) => response.headers.get("etag"));
    expect(new Set(etags).size).toBe(3);
    for (const etag of etags) expect(etag).toMatch(/^"[\w-]+"$/); // strong
    for (const { response } of [br, gzip, identity]) expect(response.headers.get("vary")).toBe("Accept-Encoding");
    // A browser's header, where gzip comes first, still gets brotli.
    expect((await get(LANDING)).headers.get("content-encoding")).toBe("br");
  });

  it("answers a matching If-None-Match with 304 and no body, and another one with the page", async () => {
    const etag = (await get(LANDING)).headers.get("etag")!;
    // As a browser revalidates on reload (fetch would otherwise add Cache-Control: no-cache, which asks for the page).
    const again = await get(LANDING, { "if-none-match": etag, "cache-control": "max-age=0" });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    const stale = await get(LANDING, { "if-none-match": '"something-else"', "cache-control": "max-age=0" });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toContain("<h1");
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const head = await get(LANDING, {}, "HEAD");
    const full = await get(LANDING);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    for (const header of ["etag", "content-length", "content-type", "content-encoding", "content-security-policy"]) expect(head.headers.get(header), header).toBe(full.headers.get(header));
  });

  it("is one render for every query (campaign parameters), and its cookie response is not for shared caches", async () => {
    const plain = await get(LANDING);
    const campaign = await get(`${LANDING}?utm_source=Facebook&utm_campaign=spring&gclid=abc`);
    expect(campaign.headers.get("etag")).toBe(plain.headers.get("etag"));
    // A first visit gets the first-touch cookie with the campaign, and so is private.
    const cookie = campaign.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^first_touch=[\w-]+; Max-Age=7776000; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/);
    const attribution = JSON.parse(Buffer.from(cookie.split(";")[0]!.split("=")[1]!, "base64url").toString("utf8"));
    expect(attribution).toMatchObject({ utm_source: "Facebook", utm_campaign: "spring", gclid: "abc", landing_page: `${LANDING}?utm_source=Facebook&utm_campaign=spring&gclid=abc` });
    expect(campaign.headers.get("cache-control")).toBe("private, no-cache");
    // A returning visitor (the cookie sent back) gets no cookie: a CDN may keep it, but must ask every time.
    const returning = await get(LANDING, { cookie: cookie.split(";")[0]! });
    expect(returning.headers.get("set-cookie")).toBeNull();
    expect(returning.headers.get("cache-control")).toBe("public, no-cache");
  });

  it("uses the configuration the server started with (no rebuild): another brand is another page, HSTS as configured", async () => {
    const html = await (await get("/")).text();
    expect(html).toContain("Harbor Claims");
    expect(html).toContain("tel:8005550142");
    const other = await startServer({ SITE_NAME: "Lighthouse Legal", HSTS: "true" });
    try {
      const response = await fetch(`${other.url}/`, { headers: BROWSER });
      const otherHtml = await response.text();
      expect(otherHtml).toContain("Lighthouse Legal");
      expect(otherHtml).not.toContain("Harbor Claims");
      expect(response.headers.get("etag")).not.toBe((await get("/")).headers.get("etag"));
      expect(response.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
      expect((await get("/")).headers.get("strict-transport-security")).toBeNull(); // HSTS=false here
    } finally {
      await other.stop();
    }
  }, 60_000);
});

describe("per request, as before", () => {
  it("counts a person's landing view once (not a bot's, a prefetch's or a HEAD), though the page is not rendered again", async () => {
    const before = views();
    await get(LANDING, { "x-forwarded-for": "198.51.100.20" });
    await get(LANDING, { "x-forwarded-for": "198.51.100.20" });
    await get(LANDING, { "x-forwarded-for": "198.51.100.21", "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    await get(LANDING, { "x-forwarded-for": "198.51.100.22", "sec-purpose": "prefetch" });
    await get(LANDING, { "x-forwarded-for": "198.51.100.23" }, "HEAD");
    await get(`${LANDING}?utm_source=newsletter`, { "x-forwarded-for": "198.51.100.24" });
    await until(() => views() === before + 2, "two views");
    const sources = server.query<{ utm_source: string }>("select utm_source from funnel_events where kind = 'view' order by utm_source");
    expect(sources.map((row) => row.utm_source)).toContain("newsletter");
  });

  it("answers an unknown address 404 with the site's page, and an unknown article too", async () => {
    for (const path of ["/no-such-page", "/no/such/page?utm_source=x", "/blog/no-such-article"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-security-policy"), path).toContain("script-src 'none'");
      const html = await response.text();
      expect(html, path).toContain("noindex");
      // One page for every unknown address, so it names none as canonical.
      if (!path.startsWith("/blog/")) expect(html, path).not.toContain('rel="canonical"');
    }
    expect((await get("/no-such-page", {}, "HEAD")).status).toBe(404);
    expect(server.output()).toContain('"path":"/no/such/page","msg":"page not found"');
  });

  it("keeps a bounded number of 404 pages: invented addresses past it are rendered per request, still 404", async () => {
    const policies: string[] = [];
    for (let i = 0; i < 25; i++) {
      const response = await get(`/blog/invented-article-${i}`);
      expect(response.status).toBe(404);
      policies.push(response.headers.get("content-security-policy")!);
    }
    expect(policies[0]).toContain("script-src 'none'");
    expect(policies.at(-1)).toContain("'strict-dynamic'");
  });

  it("still redirects legacy addresses, serves files, and renders a search for its query", async () => {
    const legacy = await fetch(`${server.url}/claims/roundup-claim?utm_source=x`, { redirect: "manual", headers: BROWSER });
    expect(legacy.status).toBe(301);
    expect(legacy.headers.get("location")).toBe("/roundup-claim-landing?utm_source=x");
    expect((await get("/favicon.svg")).headers.get("content-type")).toContain("image/svg+xml");
    const search = await get("/blog?q=roundup");
    expect(search.headers.get("content-security-policy")).toContain("'strict-dynamic'");
    expect(await search.text()).toContain("matching &quot;roundup&quot;");
  });

  it("leaves React Router's own requests to it (a route's data, route discovery), though they look like unknown pages", async () => {
    for (const path of ["/blog.data", `${LANDING}.data`, "/no-such-page.data", "/__manifest?paths=%2Fblog&version=0"]) {
      const response = await get(path);
      expect(response.headers.get("content-type") ?? "", path).not.toContain("text/html");
      expect(response.headers.get("etag"), path).toBeNull();
    }
  });

  it("keeps the nonce policy on pages with scripts (the claim form) and in the operator area", async () => {
    for (const path of ["/mva-claim", "/admin/login"]) {
      const response = await get(path);
      const csp = response.headers.get("content-security-policy")!;
      expect(csp, path).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
      expect(response.headers.get("etag"), path).toBeNull();
    }
  });
});

describe("under fuzzing", () => {
  it("answers random queries and headers on a page rendered once with 200, 304 or 406 (no encoding it accepts), never an error", async () => {
    // Any printable header value (Node's client refuses control characters).
    const text = fc.string({ unit: "binary-ascii", maxLength: 40 }).map((value) => value.replace(/[^\x20-\x7e]/g, ""));
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          query: fc.webQueryParameters(),
          encoding: fc.oneof(text, fc.constantFrom("br;q=0", "identity;q=0, *;q=0", "gzip;q=0.5, br;q=0.9", "*", "")),
          ifNoneMatch: fc.oneof(text, fc.constant("*")),
          cookie: fc.oneof(text, text.map((value) => `first_touch=${value}`)),
          referer: text,
          accept: fc.oneof(text, fc.constant("text/html")),
        }),
        async ({ query, encoding, ifNoneMatch, cookie, referer, accept }) => {
          const response = await rawGet(`${LANDING}?${query}`, { "user-agent": CHROME, "accept-encoding": encoding, "if-none-match": ifNoneMatch, cookie, referer, accept });
          expect([200, 304, 406]).toContain(response.status);
        },
      ),
      { numRuns: 150 },
    );
    expect(server.output().split("\n").filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
  }, 60_000);
});

describe("shutdown", () => {
  it("writes the page views still queued before the process exits", async () => {
    const own = await startServer({ TRUST_PROXY: "true" });
    try {
      await Promise.all(Array.from({ length: 40 }, (_, i) => fetch(`${own.url}${LANDING}`, { headers: { ...BROWSER, "x-forwarded-for": `203.0.113.${i}` } })));
    } finally {
      await own.stop();
    }
    expect(own.query<{ n: number }>("select count(*) as n from funnel_events where kind = 'view'")[0]!.n).toBe(40);
    expect(own.query<{ n: number }>("select sum(visitors) as n from funnel_daily where kind = 'view'")[0]!.n).toBe(40);
  }, 60_000);
});

describe("an experiment's variants (docs/decisions/060)", () => {
  const mva = claimBySlug("mva")!;
  const HEADLINE_B = "Hurt in a crash? Two minutes to know";
  let site: RunningServer;
  beforeAll(async () => {
    site = await startServer({ TRUST_PROXY: "true" });
    // As another instance would: the server finds it with its next poll (one second).
    const db = new Database(site.dbFile);
    try {
      db.prepare(
        `insert into experiments (id, claim, name, status, goal, variants, loss_threshold, auto_promote_at, winner, created_at, created_by, ended_at, revision)
         values ('exphttp', 'mva', 'Headline', 'running', 'submit', ?, 0.002, null, null, ?, 'test', null, 1)`,
      ).run(
        JSON.stringify([
          { key: "A", label: "Control", headline: "", heroText: "", cta: "", formIntro: "" },
          { key: "B", label: "Urgent", headline: HEADLINE_B, heroText: "", cta: "Check my claim now", formIntro: "" },
        ]),
        new Date().toISOString(),
      );
    } finally {
      db.close();
    }
  }, 60_000);
  afterAll(async () => {
    await site?.stop();
  });

  const cookieOf = (n: number) => `first_touch=visitor-${n}`;
  const variantOfCookie = (cookie: string) => "AB"[variantIndex(cookie.split("=")[1]!, "exphttp", 2)]!;
  const fetchAs = (cookie: string | null, headers: Record<string, string> = {}) => fetch(site.url + mva.routes.landing, { headers: { ...BROWSER, ...(cookie ? { cookie } : {}), ...headers } });
  // The first test's requests as a crawler's, which the funnel does not count (it gets the same pages).
  const crawlerAs = (cookie: string, headers: Record<string, string> = {}) => fetchAs(cookie, { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", ...headers });

  it("shows each visitor their variant, from a page rendered once per variant, without JavaScript and not for shared caches", async () => {
    const cookies = Array.from({ length: 20 }, (_, n) => cookieOf(n));
    const b = cookies.find((cookie) => variantOfCookie(cookie) === "B")!;
    const a = cookies.find((cookie) => variantOfCookie(cookie) === "A")!;
    await waitFor(async () => (await (await crawlerAs(b)).text()).includes(HEADLINE_B), "the experiment loaded", 20_000);
    const pageB = await crawlerAs(b);
    const pageA = await crawlerAs(a);
    const [htmlB, htmlA] = [await pageB.text(), await pageA.text()];
    expect(htmlB).toContain(HEADLINE_B);
    expect(htmlB).toContain("Check my claim now");
    expect(htmlA).not.toContain(HEADLINE_B);
    expect(htmlA).toContain(mva.landing.hero.cta);
    for (const [response, html] of [[pageA, htmlA], [pageB, htmlB]] as const) {
      expect(response.headers.get("content-security-policy")).toContain("script-src 'none'");
      // No script to run (the JSON-LD block is data).
      expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/i);
      expect(response.headers.get("cache-control")).toBe("private, no-cache");
    }
    // One kept page per variant: the same bytes (ETag) for everyone in it, a 304 to a returning visitor.
    const etagB = pageB.headers.get("etag")!;
    expect(pageA.headers.get("etag")).not.toBe(etagB);
    for (const other of cookies.filter((cookie) => variantOfCookie(cookie) === "B")) expect((await crawlerAs(other)).headers.get("etag")).toBe(etagB);
    expect((await crawlerAs(b, { "if-none-match": etagB, "cache-control": "max-age=0" })).status).toBe(304);
    expect((await crawlerAs(a, { "if-none-match": etagB, "cache-control": "max-age=0" })).status).toBe(200);
  }, 60_000);

  it("gives a first visit the variant of the cookie it sets, and counts each view under its variant", async () => {
    const shown: string[] = [];
    for (let n = 0; n < 12; n++) {
      const response = await fetchAs(null, { "x-forwarded-for": `198.51.100.${100 + n}` });
      const set = response.headers.get("set-cookie")!.split(";")[0]!;
      const variant = variantOfCookie(set);
      expect((await response.text()).includes(HEADLINE_B), set).toBe(variant === "B");
      shown.push(variant);
    }
    const counted = () => site.query<{ experiment_variant: string; n: number }>("select experiment_variant, count(*) as n from funnel_events where kind = 'view' and experiment_variant <> '' group by experiment_variant order by experiment_variant");
    await until(() => counted().reduce((sum, row) => sum + row.n, 0) >= 12, "the views counted");
    const byTag = Object.fromEntries(counted().map((row) => [row.experiment_variant, row.n]));
    expect((byTag["exphttp:A"] ?? 0) + (byTag["exphttp:B"] ?? 0)).toBe(12);
    expect(byTag["exphttp:B"] ?? 0).toBe(shown.filter((variant) => variant === "B").length);
  }, 60_000);
});

describe("a claim defined as data published while pages are kept (docs/decisions/064)", () => {
  const owner = { operatorId: null, email: "owner@claims.example", ip: null };
  /** A change made in the server's database as another instance would make it: the server sees it at its next poll. */
  async function inStore(change: (store: DataClaimStore) => Promise<{ ok: boolean }>) {
    const db = await openDatabase({ engine: "sqlite", file: server.dbFile });
    try {
      expect(await change(createDataClaimStore({ db }))).toMatchObject({ ok: true });
    } finally {
      await db.destroy();
    }
  }

  it("starts the cache again: the home page shows its card and every kept page its colours, admitted by hash", async () => {
    const before = await (await get("/")).text();
    expect(before).not.toContain('href="/claims/hair-relaxer"');
    await inStore((store) => store.create(hairRelaxer(), owner));
    await inStore((store) => store.publish("hair-relaxer", owner));
    let home = "";
    await waitFor(async () => (home = await (await get("/")).text()).includes('href="/claims/hair-relaxer"'), "the home page's new card");
    const response = await get(LANDING);
    const style = [...(await response.text()).matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).find((css) => css.includes(".theme-hair-relaxer{"));
    expect(style, "the landing page's colours").toBeDefined();
    expect(response.headers.get("content-security-policy")).toContain(`'sha256-${createHash("sha256").update(style!).digest("base64")}'`);
    expect(home).toContain(".theme-hair-relaxer{");
  }, 60_000);

  const LANDING_EN = "/claims/hair-relaxer";
  const LANDING_ES = "/es/claims/hair-relaxer";
  const FORM = "/claims/hair-relaxer/form";
  const text = async (path: string) => (await get(path)).text();
  /** The page as kept: the cache's strong ETag, no script admitted, and the same bytes on a second request and a 304 on revalidation. */
  async function kept(path: string) {
    const first = await get(path);
    const html = await first.text();
    expect(first.status, path).toBe(200);
    expect(first.headers.get("content-security-policy"), path).toContain("script-src 'none'");
    expect(html, path).not.toMatch(/<script(?![^>]*application\/ld\+json)/i);
    const etag = first.headers.get("etag");
    expect(etag, path).toMatch(/^"[\w-]+"$/);
    expect((await get(path)).headers.get("etag"), path).toBe(etag);
    expect((await get(path, { "if-none-match": etag!, "cache-control": "max-age=0" })).status, path).toBe(304);
    return { html, etag: etag! };
  }

  it("keeps its landing in English and Spanish as a built-in landing is kept; its working form is rendered per request", async () => {
    expect((await kept(LANDING_EN)).html).toContain("Hair Relaxer claims");
    expect((await kept(LANDING_ES)).html).toContain('lang="es"');
    // Its scripts are admitted by a nonce: never a kept page.
    const form = await get(FORM);
    expect(form.status).toBe(200);
    expect(form.headers.get("content-security-policy")).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    expect(form.headers.get("etag")).toBeNull();
    // An address under /claims/ that is no claim's is the 404, rendered per request: nobody fills the cache with invented paths.
    const unknown = await get("/claims/no-such-claim");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("etag")).toBeNull();
  });

  it("shows a publish, a pause, a resume and a rollback from another instance within the poll (5 s), and keeps each", async () => {
    const original = await kept(LANDING_EN);
    const republished = hairRelaxer();
    republished.landing.hero.title = "Hair relaxer claims, version two";
    await inStore((store) => store.saveDraft("hair-relaxer", republished, owner));
    await inStore((store) => store.publish("hair-relaxer", owner));
    await waitFor(async () => (await text(LANDING_EN)).includes("version two"), "the published version's landing", 5_000);
    const second = await kept(LANDING_EN);
    expect(second.etag).not.toBe(original.etag);

    await inStore((store) => store.setPaused("hair-relaxer", true, owner));
    const closed = "Hair Relaxer: this claim is closed";
    await waitFor(async () => (await text(LANDING_EN)).includes(closed), "the paused claim's closed landing", 5_000);
    expect((await kept(LANDING_EN)).html).toContain(closed);
    // Its form says the same, with no wizard: kept too.
    expect((await kept(FORM)).html).toContain(closed);
    expect((await kept(LANDING_ES)).html).toContain("este reclamo está cerrado");

    await inStore((store) => store.setPaused("hair-relaxer", false, owner));
    await waitFor(async () => (await text(LANDING_EN)).includes("version two"), "the resumed claim's landing", 5_000);
    expect((await kept(LANDING_EN)).etag).toBe(second.etag);
    expect((await get(FORM)).headers.get("etag")).toBeNull();

    await inStore((store) => store.rollback("hair-relaxer", 1, owner));
    await waitFor(async () => !(await text(LANDING_EN)).includes("version two"), "the rolled back landing", 5_000);
    expect((await kept(LANDING_EN)).etag).toBe(original.etag);
  }, 60_000);

  // The scripts each wizard page loads are measured in Chromium by e2e/site-pages.test.ts (and a data claim's by e2e/claims.test.ts).
  it("holds every page in either language to the budgets (DESIGN section 8), the data claim's too: zero-JS pages ship no script, wizard pages start none before painting, small HTML and CSS, the security headers", async () => {
    const dataClaim = compileDataClaim(hairRelaxer(), { version: 3, paused: false });
    const lines = await measureHttpBudgets(server.url, [dataClaim]);
    expect(lines.some((line) => line.page.startsWith("/es/"))).toBe(true);
    for (const page of [LANDING_EN, LANDING_ES, FORM, "/es/claims/hair-relaxer/form"]) expect(lines.some((line) => line.page === page), page).toBe(true);
    expect(lines.filter((line) => line.measure === "claim's definition as JSON missing").map((line) => line.page)).toEqual([FORM, "/es/claims/hair-relaxer/form"]);
    const failures = lines.filter((line) => !line.ok);
    expect(failures, formatBudgetReport(failures)).toEqual([]);
  }, 60_000);
});
