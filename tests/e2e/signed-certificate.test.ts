import { gzipSync } from "node:zlib";
import { createRemoteJWKSet, jwtVerify } from "jose";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTML_GZIP_BUDGET } from "../../tools/budgets";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../../tools/browser";
import { mvaAnswers } from "#claims/mva/examples";
import { layoutProblems } from "../support/page-checks";
import { startServer, type RunningServer } from "../../tools/server";
import { supplierHeadersFor } from "../../tools/suppliers";

// The journey of someone handed a certificate link: the public page (no JavaScript) says the record is
// signed and links to the signed document and the keys; following those two links from the built server
// is enough to check the signature, with nothing else from us.

let server: RunningServer;
let browser: Browser;
let certificatePath: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const response = await fetch(`${server.url}/api/leads/mva`, {
    method: "POST",
    headers: { ...(await supplierHeadersFor(server)), "content-type": "application/json" },
    body: JSON.stringify(mvaAnswers({ em: "signed.journey@example.com", ph: "(415) 555-0142" })),
  });
  const { certificateUrl } = (await response.json()) as { certificateUrl: string };
  certificatePath = new URL(certificateUrl).pathname + new URL(certificateUrl).search;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("a signed certificate's page", () => {
  it("shows the signature without JavaScript, and its two links are all a verifier needs", async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 }, javaScriptEnabled: false });
    await page.goto(server.url + certificatePath);
    // JSON-LD data blocks are not scripts (as in the budgets): nothing a browser would run.
    expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
    const section = page.getByRole("region", { name: "Digital signature" });
    expect(await section.isVisible()).toBe(true);
    expect(await section.textContent()).toContain("EdDSA (Ed25519)");

    const jwsUrl = await section.getByRole("link", { name: /\/api\/certificates\// }).getAttribute("href");
    const jwksUrl = await section.getByRole("link", { name: /jwks\.json$/ }).getAttribute("href");
    const kid = (await section.locator("dd").nth(1).textContent())!.trim();

    const jws = await (await fetch(jwsUrl!)).text();
    const { payload, protectedHeader } = await jwtVerify(jws, createRemoteJWKSet(new URL(jwksUrl!)), { issuer: server.url });
    expect(protectedHeader.kid).toBe(kid);
    const certificateId = new URLSearchParams(certificatePath.split("?")[1]).get("cert");
    expect(payload).toMatchObject({ sub: certificateId, certificateId, formType: "MVA" });
    expect(JSON.stringify(payload)).not.toContain("signed.journey");

    expect(await layoutProblems(page)).toEqual([]);
    await page.close();
  });

  it("stays within the HTML budget with the signature section", async () => {
    const html = await (await fetch(server.url + certificatePath)).text();
    expect(html).toContain("Digital signature");
    expect(gzipSync(html).length).toBeLessThanOrEqual(HTML_GZIP_BUDGET);
  });

  it("has no axe-core violations with the signature section", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(server.url + certificatePath);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
