import { describe, expect, it } from "vitest";
import { attributionFromVisit, decodeAttribution, encodeAttribution, readCookie } from "../../server/attribution/attribution";
import { ConfigError, loadConfig } from "../../server/config";

describe("configuration", () => {
  it("has working defaults: SQLite in ./data/app.db", () => {
    const config = loadConfig({});
    expect(config.database).toMatchObject({ engine: "sqlite" });
    expect(config.database.engine === "sqlite" && config.database.file.endsWith("data/app.db")).toBe(true);
    expect(config.siteUrl).toBe("http://127.0.0.1:3000");
    expect(config.leadRateLimitPerHour).toBe(20);
  });

  it("reads file: and postgres URLs", () => {
    expect(loadConfig({ DATABASE_URL: "file:/tmp/x.db" }).database).toEqual({ engine: "sqlite", file: "/tmp/x.db" });
    expect(loadConfig({ DATABASE_URL: "postgres://u:p@h/db" }).database).toEqual({ engine: "postgres", url: "postgres://u:p@h/db" });
  });

  it("fails fast naming every bad variable", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", SITE_EMAIL: "nope" })).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", SITE_EMAIL: "nope", LEGACY_PREFIX: "no-slash" });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ["PORT", "DATABASE_URL", "SITE_EMAIL", "LEGACY_PREFIX"]) expect(message).toContain(name);
    }
  });

  it("understands TRUST_PROXY as a boolean, a hop count or addresses", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "loopback" }).trustProxy).toBe("loopback");
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

describe("first-touch attribution", () => {
  const now = new Date("2026-11-01T10:00:00Z");

  it("keeps the utm and click ids, the landing page and an outside referrer", () => {
    const url = new URL("https://site.test/mva-claim-landing?utm_source=google&utm_campaign=fall&gclid=abc&other=1");
    expect(attributionFromVisit(url, "https://www.google.com/", now)).toEqual({
      utm_source: "google",
      utm_campaign: "fall",
      gclid: "abc",
      landing_page: "/mva-claim-landing?utm_source=google&utm_campaign=fall&gclid=abc&other=1",
      referrer: "https://www.google.com/",
      first_seen_at: "2026-11-01T10:00:00.000Z",
    });
  });

  it("ignores our own pages and malformed referrers", () => {
    const url = new URL("https://site.test/");
    expect(attributionFromVisit(url, "https://site.test/blog", now).referrer).toBeUndefined();
    expect(attributionFromVisit(url, "not a url", now).referrer).toBeUndefined();
  });

  it("round-trips through its cookie and rejects tampered cookies", () => {
    const attribution = attributionFromVisit(new URL("https://site.test/?fbclid=x"), undefined, now);
    const cookie = `a=1; first_touch=${encodeAttribution(attribution)}; b=2`;
    expect(decodeAttribution(readCookie(cookie, "first_touch"))).toEqual(attribution);
    expect(decodeAttribution("not-base64-json")).toBeNull();
    expect(decodeAttribution(Buffer.from(JSON.stringify({ gclid: "x".repeat(600) })).toString("base64url"))).toBeNull();
  });
});
