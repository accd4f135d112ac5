import type { RequestHandler } from "express";

export const PAGE_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Form posts to pages: the body must announce its size and stay under the limit (Node stops a body
 * at its Content-Length), and a browser post must come from our own origin.
 */
export function pagePostGuard(limitBytes = PAGE_BODY_LIMIT_BYTES): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const declared = req.headers["content-length"];
    if (declared === undefined) {
      if (req.headers["transfer-encoding"]) return void res.status(411).type("text/plain").send("Content-Length required");
    } else if (Number(declared) > limitBytes) {
      return void res.status(413).type("text/plain").send("Request body too large");
    }
    if (req.headers["sec-fetch-site"] === "cross-site" || (req.headers.origin && !sameOrigin(req.headers.origin, req.headers.host))) {
      return void res.status(403).type("text/plain").send("Cross-site form posts are not accepted");
    }
    next();
  };
}

function sameOrigin(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
