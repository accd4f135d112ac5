import { serialize } from "cookie";
import { ATTRIBUTION_COOKIE, attributionFromVisit, encodeAttribution, readCookie } from "../attribution/attribution";

const MAX_AGE_SECONDS = 90 * 86_400;

/** The cookie a page view without the attribution cookie gets (its Set-Cookie header and its value), or null. */
export function firstTouchCookie({ method, url, header, secure }: { method: string; url: string; header: (name: string) => string | undefined; secure: boolean }): { header: string; value: string } | null {
  const isPageView = method === "GET" && (header("accept") ?? "").includes("text/html");
  if (!isPageView || readCookie(header("cookie"), ATTRIBUTION_COOKIE)) return null;
  const attribution = attributionFromVisit(new URL(url, "http://placeholder"), header("referer"), new Date());
  const value = encodeAttribution(attribution);
  const setCookie = serialize(ATTRIBUTION_COOKIE, value, {
    maxAge: MAX_AGE_SECONDS,
    expires: new Date(Date.now() + MAX_AGE_SECONDS * 1000),
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    encode: String,
  });
  return { header: setCookie, value };
}
