import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import fresh from "fresh";
import Negotiator from "negotiator";
import type { Logger } from "../logger";
import { pathnameOf } from "./early-answer";
import type { RequestPipeline } from "./request-pipeline";
import type { StaticPage, StaticPageCache } from "./static-page-cache";

type Encoding = keyof StaticPage["bodies"];
const ENCODINGS: Encoding[] = ["br", "gzip", "identity"];
/** Paths the early answer takes: plain segments only; anything unusual goes the whole way through Express. */
const PLAIN_PATH = /^(?:\/[\w.~-]+)*\/?$/;

/**
 * Serves the pages of ./static-page-cache.ts (docs/decisions/032).
 *
 * `early` answers before Express (whose per-request cost alone is several times a static file
 * server's) a GET or HEAD of a static page with a route of its own, taking the steps the Express
 * middlewares take for a page (./request-pipeline.ts): security headers, the first-touch cookie,
 * counting the funnel view.
 * `middleware`, in the Express chain where React Router would render, serves the rest from the
 * cache: the 404 page, and static pages the early answer let through.
 */
export function staticPages({ cache, logger, pipeline }: { cache: StaticPageCache; logger: Logger; pipeline: RequestPipeline }) {
  /** Requests the early answer passed on after trying the cache: the middleware does not try again. */
  const declined = new WeakSet<IncomingMessage>();

  function early(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    // Outside Express nothing would catch an error: it is logged, and Express answers instead (its
    // error page), unless this answer has begun.
    const fail = (error: unknown) => {
      logger.error({ err: error, path: req.url }, "static page not served");
      if (res.headersSent) return void res.destroy();
      declined.add(req);
      next();
    };
    try {
      const url = req.url ?? "";
      const pathname = pathnameOf(req);
      if ((req.method !== "GET" && req.method !== "HEAD") || !req.headers.host || !PLAIN_PATH.test(pathname)) return next();
      const target = cache.targetOf(pathname, url, pipeline.visitorKey(req));
      if (!target || target.splat) return next();
      const answer = (page: StaticPage) => {
        pipeline.pageView(req, res);
        if (page.status === 404) logger.warn({ path: pathname }, "page not found");
        pipeline.securePage(res, page.csp);
        send(req, res, page, target.variant === null);
      };
      const page = cache.cached(target.key);
      if (page) return answer(page);
      cache.pageAt(target.key).then((rendered) => {
        if (!rendered) {
          declined.add(req);
          return next();
        }
        try {
          answer(rendered);
        } catch (error) {
          fail(error);
        }
      }, fail);
    } catch (error) {
      fail(error);
    }
  }

  const middleware: RequestHandler = (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || declined.has(req)) return next();
    const target = cache.targetOf(req.path, req.url, pipeline.visitorKey(req));
    if (!target) return next();
    cache.pageAt(target.key).then((page) => {
      if (!page) return next();
      if (page.status === 404) logger.warn({ path: req.path }, "page not found");
      res.setHeader("Content-Security-Policy", page.csp);
      send(req, res, page, target.variant === null);
    }, next);
  };

  return { early, middleware };
}

/**
 * Brotli, gzip or identity as the client accepts (brotli first), with a strong ETag per encoding and
 * 304 for a matching If-None-Match. `no-cache`: a browser or CDN may keep the page but must ask the
 * origin every time, so every view still reaches the funnel counter and the first-touch cookie; a
 * response that sets that cookie, or shows an experiment's variant (not `shared`), is for this visitor alone (`private`).
 */
function send(req: IncomingMessage, res: ServerResponse, page: StaticPage, shared: boolean): void {
  // negotiator 1.x takes a preference for ties; @types/negotiator describes 0.6.
  const negotiator = new Negotiator(req) as unknown as { encoding(available: Encoding[], options: { preferred: Encoding[] }): Encoding | undefined };
  const encoding = negotiator.encoding(ENCODINGS, { preferred: ENCODINGS });
  if (!encoding) {
    res.statusCode = 406;
    res.setHeader("Content-Type", "text/plain");
    return void res.end("Not Acceptable: this page is sent as br, gzip or identity");
  }
  const etag = encoding === "identity" ? `"${page.hash}"` : `"${page.hash}-${encoding}"`;
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", etag);
  res.setHeader("Cache-Control", res.hasHeader("Set-Cookie") || !shared ? "private, no-cache" : "public, no-cache");
  if (page.status === 200 && fresh(req.headers, { etag })) {
    res.statusCode = 304;
    return void res.end();
  }
  const body = page.bodies[encoding];
  res.statusCode = page.status;
  res.setHeader("Content-Type", page.contentType);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}
