// Issue 28: a publish reaches every web instance within 5 s without a restart. Two built servers on one
// database (a SQLite file, or PostgreSQL in integration-postgres), as production runs them: an operator
// publishes on one, and the other's cached home page shows it; the page stays a cached, zero-JavaScript
// page; a preview is the operator's alone and never cached (docs/decisions/055).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { landingCopyOf } from "#claims/engine/landing-copy";
import { claimBySlug } from "#claims/registry";
import { spanishClaim } from "#claims/spanish-tables";
import { waitFor } from "../support/fake-receiver";
import { landingFields } from "../support/landing-fields";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, startServer, type RunningServer } from "../../tools/server";
import { testDatabaseUrl } from "../support/test-database";

/** The promise. The instances poll every second; the rest is margin for a busy machine. */
const PUBLISH_REACHES_EVERY_INSTANCE_MS = 5_000;

let a: RunningServer;
let b: RunningServer;
let sqliteDir: string | null = null;
let cookie = "";

beforeAll(async () => {
  const url = await testDatabaseUrl("content-instances");
  const sqliteFile = url.startsWith("file:") ? url.slice("file:".length) : undefined;
  if (sqliteFile) sqliteDir = path.dirname(sqliteFile);
  const env = { DATABASE_URL: url, RUN_WORKER: "false" };
  // One after the other: the first creates the owner the second finds.
  a = await startServer(env, sqliteFile);
  b = await startServer(env, sqliteFile);
  const login = await fetch(`${a.url}/admin/login`, {
    method: "POST",
    headers: { origin: a.url },
    body: new URLSearchParams({ email: ADMIN_TEST_EMAIL, password: ADMIN_TEST_PASSWORD, next: "/admin/content" }),
    redirect: "manual",
  });
  expect(login.status).toBe(302);
  cookie = login.headers.getSetCookie().map((set) => set.split(";")[0]).join("; ");
}, 90_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  if (sqliteDir) fs.rmSync(sqliteDir, { recursive: true, force: true });
});

const page = async (server: RunningServer, pathAndQuery = "/", headers: Record<string, string> = {}) => {
  const response = await fetch(server.url + pathAndQuery, { headers });
  return { response, html: await response.text() };
};
const operatorPost = (fields: Record<string, string>) =>
  fetch(`${a.url}/admin/content`, { method: "POST", headers: { origin: a.url, cookie }, body: new URLSearchParams(fields), redirect: "manual" });

describe("publishing site content with two web instances", () => {
  it("shows the draft only in the operator's preview, then the published hero and figures on the other instance within 5 s", async () => {
    const before = await page(b);
    expect(before.html).toContain("Get the Compensation You Deserve");
    // The honest default: no track-record figure the operator did not enter.
    expect(before.html).not.toContain('data-testid="trust-figures"');
    expect(before.html).not.toContain("$500M+");
    const etagBefore = before.response.headers.get("etag");
    expect(etagBefore).toMatch(/^"[\w-]+"$/);

    const hero = { entry: "home-hero", intent: "save", headline: "Injured? {brand} listens", text: "Two minutes, no fees.", cta: "Start my review" };
    expect((await operatorPost(hero)).status).toBe(200);
    const admin = await page(a, "/admin/content", { cookie });
    const token = /\?preview=([\w-]+)/.exec(admin.html)?.[1];
    expect(token).toBeDefined();

    const preview = await page(b, `/?preview=${token}`, { cookie });
    expect(preview.html).toContain("Injured? Claim Advocates listens");
    expect(preview.html).toContain('data-testid="content-preview"');
    expect(preview.response.headers.get("cache-control")).toBe("private, no-store");
    const stranger = await page(b, `/?preview=${token}`);
    expect(stranger.html).not.toContain("Injured?");
    expect(stranger.response.headers.get("cache-control")).toBe("private, no-store");
    // The preview left the cached page as it was.
    expect((await page(b)).response.headers.get("etag")).toBe(etagBefore);

    expect((await operatorPost({ entry: "home-hero", intent: "publish" })).status).toBe(200);
    const figures = { entry: "trust-strip", intent: "save", "figures.0.figure": "1,200+", "figures.0.label": "Claims reviewed", "figures.0.source": "CRM export, 31 October 2026" };
    expect((await operatorPost(figures)).status).toBe(200);
    const published = Date.now();
    expect((await operatorPost({ entry: "trust-strip", intent: "publish" })).status).toBe(200);

    let latest = before;
    await waitFor(
      async () => {
        latest = await page(b);
        return latest.html.includes("Injured? Claim Advocates listens") && latest.html.includes("1,200+");
      },
      "the publish on one instance to show on the other",
      PUBLISH_REACHES_EVERY_INSTANCE_MS,
    );
    expect(Date.now() - published).toBeLessThan(PUBLISH_REACHES_EVERY_INSTANCE_MS);
    expect(latest.html).not.toContain("CRM export");

    // Still the page cache's page: rendered once with the new content, the same bytes and validator after, and no script.
    const etag = latest.response.headers.get("etag");
    expect(etag).not.toBe(etagBefore);
    const again = await page(b);
    expect(again.response.headers.get("etag")).toBe(etag);
    expect(again.response.headers.get("content-security-policy")).toContain("script-src 'none'");
    expect(again.html).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    expect((await page(a)).html).toContain("Injured? Claim Advocates listens");
  });

  it("shows a claim's published Spanish landing copy on its /es page on the other instance, and its draft only in the operator's preview", async () => {
    const spanish = spanishClaim(claimBySlug("mva")!);
    const path = spanish.routes.landing;
    expect((await page(b, path)).html).toContain(spanish.landing.hero.title);
    const built = landingCopyOf(spanish);
    const copy = {
      ...built,
      hero: { ...built.hero, title: "Titular publicado por el operador" },
      disclaimer: "Los resultados anteriores no garantizan un resultado similar.",
      faq: [{ question: "¿Cuánto tiempo tengo para presentar un reclamo?", answer: "Depende de su estado; un abogado revisa el plazo." }],
    };
    expect((await operatorPost({ entry: "landing:mva:es", intent: "save", ...landingFields(copy) })).status).toBe(200);
    const token = new RegExp(`${path}\\?preview=([\\w-]+)`).exec((await page(a, "/admin/content", { cookie })).html)?.[1];
    expect(token).toBeDefined();
    expect((await page(b, `${path}?preview=${token}`, { cookie })).html).toContain("Titular publicado por el operador");
    expect((await page(b, `${path}?preview=${token}`)).html).not.toContain("Titular publicado por el operador");

    expect((await operatorPost({ entry: "landing:mva:es", intent: "publish" })).status).toBe(200);
    await waitFor(async () => (await page(b, path)).html.includes("Titular publicado por el operador"), "the Spanish landing copy to show on the other instance", PUBLISH_REACHES_EVERY_INSTANCE_MS);
    const published = (await page(b, path)).html;
    expect(published).toContain(copy.disclaimer);
    // Its questions under a Spanish heading.
    expect(published).toContain("Preguntas frecuentes");
    expect(published).toContain(copy.faq[0]!.question);
    // The English page keeps its own words.
    expect((await page(b, claimBySlug("mva")!.routes.landing)).html).not.toContain("Titular publicado por el operador");
  });
});
