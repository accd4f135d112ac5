import { serialize } from "cookie";
import type { RequestHandler } from "express";
import { ATTRIBUTION_COOKIE, attributionFromVisit, encodeAttribution, readCookie } from "../attribution/attribution";

const MAX_AGE_SECONDS = 90 * 86_400;

/** Records first-touch attribution on a visitor's first page view (a first-party cookie, 90 days). */
export function captureFirstTouch({ secure }: { secure: boolean }): RequestHandler {
  return (req, res, next) => {
    const cookie = firstTouchCookie({ method: req.method, url: req.originalUrl, header: req.get.bind(req), secure });
    if (cookie) res.append("Set-Cookie", cookie);
    next();
  };
}

/** The Set-Cookie value a page view without the attribution cookie gets, or null. */
export function firstTouchCookie({ method, url, header, secure }: { method: string; url: string; header: (name: string) => string | undefined; secure: boolean }): string | null {
  const isPageView = method === "GET" && (header("accept") ?? "").includes("text/html");
  if (!isPageView || readCookie(header("cookie"), ATTRIBUTION_COOKIE)) return null;
  const attribution = attributionFromVisit(new URL(url, "http://placeholder"), header("referer"), new Date());
  return serialize(ATTRIBUTION_COOKIE, encodeAttribution(attribution), {
    maxAge: MAX_AGE_SECONDS,
    expires: new Date(Date.now() + MAX_AGE_SECONDS * 1000),
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    encode: String,
  });
}
