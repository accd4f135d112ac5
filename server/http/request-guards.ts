import type { Request, RequestHandler } from "express";
import type { Logger } from "../logger";

export const PAGE_BODY_LIMIT_BYTES = 64 * 1024;

/** Methods the pages answer; React Router's Request cannot even be built for TRACE or CONNECT. */
const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]);
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
/** The operator area and the buyer portal, their pages and their data requests (/admin/setup.data). */
const ADMIN_PATH = /^\/(?:admin|buyer)(?:[/.]|$)/;

/**
 * Requests the pages cannot answer get a 4xx here instead of a 500 from deep inside: a method other
 * than GET, HEAD or POST, and a request without Host (HTTP/1.0 or an HTTP/0.9-style line), whose URL
 * cannot be known. The operator area is never cached.
 */
export function pageRequestGuard(): RequestHandler {
  return (req, res, next) => {
    if (!PAGE_METHODS.has(req.method)) {
      return void res.status(405).set("Allow", "GET, HEAD, POST").type("text/plain").send("Method not allowed");
    }
    if (!req.headers.host) return void res.status(400).type("text/plain").send("Host header required");
    if (ADMIN_PATH.test(req.path)) res.set("Cache-Control", "no-store");
    next();
  };
}

/**
 * Form posts to pages: the body must be a form (URL-encoded or multipart), announce its size and stay
 * under the limit (Node stops a body at its Content-Length), and a browser post must come from our
 * own origin: scheme, host and port exactly (issue 25: an https Origin on an http site is another
 * origin), either SITE_URL's or the request's own (its scheme and host as TRUST_PROXY lets Express read
 * them). State changes in the operator area must also prove it: a same-origin Origin, Sec-Fetch-Site
 * or, from clients that send neither, Referer.
 */
export function pagePostGuard(logger?: Logger, { limitBytes = PAGE_BODY_LIMIT_BYTES, siteUrl }: { limitBytes?: number; siteUrl?: string } = {}): RequestHandler {
  const siteOrigin = siteUrl ? originOf(siteUrl) : null;
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const refuse = (status: number, message: string) => {
      logger?.warn({ method: req.method, path: req.path, status }, `page post refused: ${message}`);
      res.status(status).type("text/plain").send(message);
    };
    const declared = req.headers["content-length"];
    if (declared === undefined) {
      if (req.headers["transfer-encoding"]) return refuse(411, "Content-Length required");
    } else if (Number(declared) > limitBytes) {
      return refuse(413, "Request body too large");
    }
    const ours = (url: string) => {
      const origin = originOf(url);
      return origin !== null && (origin === siteOrigin || origin === originOf(`${req.protocol}://${req.host}`));
    };
    if (req.headers["sec-fetch-site"] === "cross-site" || (req.headers.origin && !ours(req.headers.origin))) {
      return refuse(403, "Cross-site form posts are not accepted");
    }
    if (ADMIN_PATH.test(req.path) && !provenSameOrigin(req, ours)) return refuse(403, "Cross-site form posts are not accepted");
    if (!isForm(req)) return refuse(415, "The body must be a form (application/x-www-form-urlencoded or multipart/form-data)");
    next();
  };
}

function isForm(req: Request): boolean {
  const type = req.headers["content-type"];
  return typeof type === "string" && FORM_TYPES.includes(type.split(";")[0]!.trim().toLowerCase());
}

function provenSameOrigin(req: Request, ours: (url: string) => boolean): boolean {
  const { origin, referer } = req.headers;
  const fetchSite = req.headers["sec-fetch-site"];
  if (referer && !ours(referer)) return false;
  if (origin) return ours(origin);
  if (fetchSite) return fetchSite === "same-origin";
  return Boolean(referer);
}

/** Scheme, host and port as the URL standard serialises them (default ports dropped); null for 'null' or junk. */
function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}
