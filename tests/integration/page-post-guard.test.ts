import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_BODY_LIMIT_BYTES, pagePostGuard } from "../../server/http/request-guards";

// The guard in front of every page's action (server/http/app.ts): form posts come from our own origin
// and announce a size under the limit. Behind it here: a handler that only says what got through.

let server: http.Server;
let url: string;
let host: string;
beforeAll(async () => {
  const app = express().use(pagePostGuard()).all("/{*path}", (req, res) => void res.type("text/plain").send(`${req.method} passed`));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  url = `http://${host}/mva-claim`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const form = { "content-type": "application/x-www-form-urlencoded" };
const post = (headers: Record<string, string>, body: BodyInit = "intent=next&step=0") =>
  fetch(url, { method: "POST", headers: { ...form, ...headers }, body });

describe("pagePostGuard", () => {
  it("lets a same-origin form post through", async () => {
    const response = await post({ origin: `http://${host}`, "sec-fetch-site": "same-origin" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("POST passed");
  });

  it.each([
    ["another site's Origin", { origin: "https://evil.example" }],
    ["another port of our host", { origin: "http://127.0.0.1:1" }],
    ["our host and port over https, on an http site", { origin: "https://HOST" }],
    ["our host without its port", { origin: "http://127.0.0.1" }],
    ["our host and port with another scheme", { origin: "ftp://HOST" }],
    ["a subdomain-style Origin", { origin: `http://sub.${host}` }],
    ["the opaque Origin 'null' (sandboxed frames, data: pages)", { origin: "null" }],
    ["Sec-Fetch-Site cross-site without an Origin", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site cross-site with our Origin", { origin: `http://${host}`, "sec-fetch-site": "cross-site" }],
  ])("refuses %s with 403 and a plain message", async (_label, headers: Record<string, string>) => {
    const response = await post(Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, value.replace("HOST", host)])));
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("Cross-site form posts are not accepted");
  });

  it("refuses an operator-area post whose Referer is our host over another scheme", async () => {
    const response = await fetch(url.replace("/mva-claim", "/admin/logout"), { method: "POST", headers: { ...form, referer: `https://${host}/admin` }, body: "x=1" });
    expect(response.status).toBe(403);
    const ok = await fetch(url.replace("/mva-claim", "/admin/logout"), { method: "POST", headers: { ...form, referer: `http://${host}/admin` }, body: "x=1" });
    expect(ok.status).toBe(200);
  });

  it("takes SITE_URL's origin, and the request's own scheme as TRUST_PROXY lets Express read it", async () => {
    const guarded = express()
      .set("trust proxy", "loopback")
      .use(pagePostGuard(undefined, { siteUrl: "https://claims.example" }))
      .all("/{*path}", (_req, res) => void res.type("text/plain").send("passed"));
    const proxied = http.createServer(guarded);
    await new Promise<void>((resolve) => proxied.listen(0, "127.0.0.1", resolve));
    const at = `127.0.0.1:${(proxied.address() as AddressInfo).port}`;
    try {
      const send = (headers: Record<string, string>) => fetch(`http://${at}/mva-claim`, { method: "POST", headers: { ...form, ...headers }, body: "x=1" });
      expect((await send({ origin: "https://claims.example" })).status).toBe(200);
      expect((await send({ origin: "http://claims.example" })).status).toBe(403);
      expect((await send({ origin: "https://claims.example:8443" })).status).toBe(403);
      // Behind a TLS proxy on loopback (trusted), the request's own origin is https.
      expect((await send({ origin: `https://${at}`, "x-forwarded-proto": "https" })).status).toBe(200);
      expect((await send({ origin: `http://${at}`, "x-forwarded-proto": "https" })).status).toBe(403);
    } finally {
      await new Promise<void>((resolve) => proxied.close(() => resolve()));
    }
  });

  it("lets a post without Origin or Sec-Fetch-Site through: only browsers send them, and a browser that sends neither is not cross-site", async () => {
    const response = await post({});
    expect(response.status).toBe(200);
  });

  it("answers a body over the limit with 413 before reading it, and a chunked body without a length with 411", async () => {
    const big = await post({ origin: `http://${host}` }, `fn=${"x".repeat(PAGE_BODY_LIMIT_BYTES)}`);
    expect(big.status).toBe(413);
    expect(await big.text()).toBe("Request body too large");

    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(url, { method: "POST", headers: { ...form, "transfer-encoding": "chunked" } }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk)).on("end", () => resolve({ status: res.statusCode!, body }));
      });
      request.on("error", reject);
      request.end("intent=next");
    });
    expect(chunked).toEqual({ status: 411, body: "Content-Length required" });
  });

  it("never stands in the way of GET, HEAD or OPTIONS, whatever their Origin", async () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      const response = await fetch(url, { method, headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
      expect(response.status, method).toBe(200);
    }
  });
});
