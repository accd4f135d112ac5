import { parse as parseCookies } from "cookie";
import { z } from "zod";

/** First-touch marketing attribution, captured on a visitor's first page view and stored on the lead. */
export const ATTRIBUTION_COOKIE = "first_touch";
const MAX = 500;

const text = z.string().max(MAX).optional();
export const attributionSchema = z
  .object({
    utm_source: text,
    utm_medium: text,
    utm_campaign: text,
    utm_term: text,
    utm_content: text,
    gclid: text,
    fbclid: text,
    msclkid: text,
    landing_page: text,
    referrer: text,
    first_seen_at: text,
  })
  .strip();

export type Attribution = z.infer<typeof attributionSchema>;

const QUERY_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid", "fbclid", "msclkid"] as const;

/** Builds the first-touch record from the landing URL and the referrer (only another site's). */
export function attributionFromVisit(url: URL, referrer: string | undefined, now: Date): Attribution {
  const attribution: Attribution = {
    landing_page: (url.pathname + url.search).slice(0, MAX),
    first_seen_at: now.toISOString(),
  };
  for (const key of QUERY_KEYS) {
    const value = url.searchParams.get(key);
    if (value) attribution[key] = value.slice(0, MAX);
  }
  if (referrer) {
    try {
      if (new URL(referrer).host !== url.host) attribution.referrer = referrer.slice(0, MAX);
    } catch {
      // A malformed Referer header is ignored.
    }
  }
  return attribution;
}

export function encodeAttribution(attribution: Attribution): string {
  return Buffer.from(JSON.stringify(attribution)).toString("base64url");
}

export function decodeAttribution(cookieValue: string | undefined): Attribution | null {
  if (!cookieValue) return null;
  try {
    const parsed = attributionSchema.safeParse(JSON.parse(Buffer.from(cookieValue, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  // Values as sent: ours are URL-safe already, and a signed value must be checked byte for byte.
  return cookieHeader ? parseCookies(cookieHeader, { decode: (value) => value })[name] : undefined;
}
