import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formAnswerPath } from "#claims/engine/pages";
import { claims } from "#claims/registry";
import { startServer, type RunningServer } from "../../tools/server";
import { rawRequest, statusOf } from "../support/raw-http";
import { mvaAnswers } from "#claims/mva/examples";
import { supplierHeadersFor } from "../../tools/suppliers";

// Issue #9: inputs and requests that used to answer 500, admin caching and CSRF, and GET writes.
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ LEAD_RATE_LIMIT_PER_HOUR: "0" });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const sameOrigin = () => ({ origin: server.url });
const errorLines = () => server.output().split("\n").filter((line) => /"level":(50|60)/.test(line));
const leadCount = () => server.query<{ n: number }>("select count(*) as n from leads")[0]!.n;

describe("impossible dates (item 2)", () => {
  it.each(["2024-13-01", "0000-00-00", "2024-02-30", "2024-00-10"])("answer 400 with the field's message: %s", async (day) => {
    const api = await fetch(`${server.url}/api/leads/mva`, {
      method: "POST",
      headers: { ...(await supplierHeadersFor(server)), "content-type": "application/json" },
      body: JSON.stringify(mvaAnswers({ accidentDate: day })),
    });
    expect(api.status).toBe(400);
    expect((await api.json()).fieldErrors.accidentDate).toBeTruthy();

    const form = await fetch(`${server.url}/mva-claim`, {
      method: "POST",
      headers: sameOrigin(),
      body: new URLSearchParams({ step: "0", intent: "next", accidentDate: day }),
    });
    expect(form.status).toBe(400);
    expect(errorLines()).toEqual([]);
  });
});

describe("bodies that are not forms (item 3)", () => {
  const bodies: [string, Record<string, string>, string][] = [
    ["JSON", { "content-type": "application/json" }, '{"fn":"Jane"}'],
    ["text/plain", { "content-type": "text/plain" }, "fn=Jane"],
    ["broken multipart", { "content-type": "multipart/form-data; boundary=xyz" }, "--xyz\r\nContent-Disposition: form-data; name=\"fn\"\r\n\r\nJane"],
    ["multipart without boundary", { "content-type": "multipart/form-data" }, "fn=Jane"],
    ["no content type", {}, "fn=Jane"],
  ];
  const paths = [...claims.map((c) => c.routes.form), "/admin/login", ...claims.map((c) => `${c.routes.form}.data`), ...claims.map(formAnswerPath)];

  it.each(bodies)("%s answers 400 or 415 on every form and the login, logging no error", async (_name, headers, body) => {
    for (const path of paths) {
      const res = await fetch(server.url + path, {
        method: "POST",
        headers: { ...sameOrigin(), ...headers },
        // A string body would get text/plain from fetch; bytes keep exactly the headers given.
        body: new TextEncoder().encode(body),
      });
      expect([400, 415], `${path}`).toContain(res.status);
      const text = await res.text();
      expect(text).not.toMatch(/\bat .+:\d+:\d+/);
    }
    expect(errorLines()).toEqual([]);
  });
});

describe("requests that used to answer 500 (item 4)", () => {
  it("TRACE on a page answers 4xx", async () => {
    for (const path of ["/", "/mva-claim", "/admin/login", "/blog"]) {
      const answer = await rawRequest(server.url, `TRACE ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(statusOf(answer), path).toBeGreaterThanOrEqual(400);
      expect(statusOf(answer), path).toBeLessThan(500);
    }
  });

  it("HTTP/1.0 without Host answers 4xx", async () => {
    for (const path of ["/", "/mva-claim", "/blog?q=x"]) {
      const answer = await rawRequest(server.url, `GET ${path} HTTP/1.0\r\n\r\n`);
      expect(statusOf(answer), path).toBeGreaterThanOrEqual(400);
      expect(statusOf(answer), path).toBeLessThan(500);
    }
  });

  it("a GET of a form's JSON twin answers 405 with the method to use, logging no error", async () => {
    for (const claim of claims) {
      const answer = await fetch(server.url + formAnswerPath(claim));
      expect([answer.status, answer.headers.get("allow")], claim.slug).toEqual([405, "POST"]);
      expect(await answer.json()).toEqual({ error: "Method not allowed; use POST" });
    }
    expect(errorLines()).toEqual([]);
  });

  it("an HTTP/0.9-style line answers 4xx", async () => {
    const answer = await rawRequest(server.url, "GET /\r\n\r\n");
    expect(statusOf(answer)).toBeGreaterThanOrEqual(400);
    expect(statusOf(answer)).toBeLessThan(500);
    expect(errorLines()).toEqual([]);
  });
});

describe("honeypot (item 6)", () => {
  it.each([[["x"]], [1], [0], [{ a: 1 }], [true]])("a non-string value %j marks the lead as spam", async (honeypot) => {
    const res = await fetch(`${server.url}/api/leads/mva`, {
      method: "POST",
      headers: { ...(await supplierHeadersFor(server)), "content-type": "application/json" },
      body: JSON.stringify(mvaAnswers({ website: honeypot })),
    });
    expect(res.status).toBe(201);
    const { leadId } = await res.json();
    expect(server.query<{ is_spam: number }>("select is_spam from leads where id = ?", leadId)[0]!.is_spam).toBe(1);
  });
});

describe("admin pages (items 19, 20)", () => {
  it("are never cached", async () => {
    for (const path of ["/admin", "/admin/login", "/admin/setup", "/admin/login.data"]) {
      const res = await fetch(server.url + path, { redirect: "manual" });
      expect(res.headers.get("cache-control"), path).toMatch(/no-store/);
    }
  });

  it("refuse state changes with neither Origin nor Referer, or with a cross-site Referer", async () => {
    const post = (headers: Record<string, string>, path = "/admin/login") =>
      fetch(server.url + path, { method: "POST", headers, body: new URLSearchParams({ email: "someone@example.com", password: "wrong" }), redirect: "manual" });
    for (const path of ["/admin/login", "/admin/logout", "/admin/setup"]) {
      expect((await post({}, path)).status, path).toBe(403);
      expect((await post({ referer: "https://evil.example/page" }, path)).status, path).toBe(403);
    }
    expect((await post({ origin: server.url })).status).not.toBe(403);
    expect((await post({ "sec-fetch-site": "same-origin" })).status).not.toBe(403);
    expect((await post({ referer: `${server.url}/admin/login` })).status).not.toBe(403);
  });
});

describe("start buttons (item 21)", () => {
  const counted = claims.filter((c) => c.landing.countStarts);
  const events = () => server.query<{ n: number }>("select count(*) as n from page_events")[0]!.n;

  it("GET /start/:slug redirects without writing anything", async () => {
    expect(counted.length).toBeGreaterThan(0);
    const before = events();
    for (const claim of counted) {
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${server.url}/start/${claim.slug}`, { redirect: "manual" });
        expect(res.status).toBeGreaterThanOrEqual(300);
        expect(res.status).toBeLessThan(400);
        expect(res.headers.get("location")).toBe(claim.routes.form);
      }
    }
    expect(events()).toBe(before);
  });

  it("the landing page's start button posts, which counts once and redirects", async () => {
    for (const claim of counted) {
      const html = await (await fetch(server.url + claim.routes.landing)).text();
      expect(html).toMatch(new RegExp(`<form[^>]* action="/start/${claim.slug}" method="post">`));
      expect(html).not.toMatch(/<script[^>]+src=|modulepreload|\.js"/);
      const before = events();
      const res = await fetch(`${server.url}/start/${claim.slug}`, {
        method: "POST",
        headers: { origin: server.url, referer: server.url + claim.routes.landing, "content-type": "application/x-www-form-urlencoded" },
        body: "",
        redirect: "manual",
      });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(claim.routes.form);
      expect(events()).toBe(before + 1);
    }
  });
});

it("stored no lead from any of the invalid submissions above", () => {
  // Only the honeypot cases were valid; they are stored as spam.
  expect(server.query<{ n: number }>("select count(*) as n from leads where is_spam = 0")[0]!.n).toBe(0);
  expect(leadCount()).toBe(5);
});
