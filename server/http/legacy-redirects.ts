import type { RequestHandler } from "express";

/** Old brand-prefixed paths (spec section 2) and where they live now. */
export const LEGACY_REDIRECTS: Readonly<Record<string, string>> = {
  "/mesothelioma-or-lung": "/mesothelioma-claim-landing",
  "/video-game-addiction": "/video-game-addiction",
  "/ride-share-assault": "/ride-share-assault",
  "/afff-firefoam": "/afff-firefoam",
  "/roundup-claim": "/roundup-claim-landing",
};

/** Permanent redirects from `{LEGACY_PREFIX}/...`, keeping the query string (campaign parameters). */
export function legacyRedirects(prefix: string): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !req.path.startsWith(`${prefix}/`)) return next();
    const target = LEGACY_REDIRECTS[req.path.slice(prefix.length).replace(/\/+$/, "")];
    if (!target) return next();
    const query = req.originalUrl.indexOf("?");
    res.redirect(301, target + (query === -1 ? "" : req.originalUrl.slice(query)));
  };
}
