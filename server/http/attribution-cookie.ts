import type { RequestHandler } from "express";
import { ATTRIBUTION_COOKIE, attributionFromVisit, encodeAttribution, readCookie } from "../attribution/attribution";

/** Records first-touch attribution on a visitor's first page view (a first-party cookie, 90 days). */
export function captureFirstTouch({ secure }: { secure: boolean }): RequestHandler {
  return (req, res, next) => {
    const isPageView = req.method === "GET" && (req.headers.accept ?? "").includes("text/html");
    if (isPageView && !readCookie(req.headers.cookie, ATTRIBUTION_COOKIE)) {
      const url = new URL(req.originalUrl, "http://placeholder");
      const attribution = attributionFromVisit(url, req.get("referer"), new Date());
      res.cookie(ATTRIBUTION_COOKIE, encodeAttribution(attribution), {
        maxAge: 90 * 86_400_000,
        httpOnly: true,
        sameSite: "lax",
        secure,
        path: "/",
        encode: String,
      });
    }
    next();
  };
}
