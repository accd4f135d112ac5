import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { FunnelBuffer } from "../analytics/funnel-buffer";
import type { Metrics } from "../metrics/metrics";
import { ATTRIBUTION_COOKIE, readCookie } from "../attribution/attribution";
import { firstTouchCookie } from "./attribution-cookie";
import { pathOf } from "./early-answer";
import { countPageView } from "./funnel-page-views";
import { timeResponse, type TimeResponse } from "./request-durations";
import { API_CSP, setSecurityHeaders, type SecureResponse } from "./security-headers";

/**
 * The steps every request takes, whichever path answers it (docs/decisions/053): Express's
 * middlewares (./app.ts) and the answers before Express (static pages, the lead API's plain post)
 * call these, on the plain Node request, so neither path keeps a copy of its own.
 */
export interface RequestPipeline extends SecureResponse {
  /** The visitor's address as TRUST_PROXY lets us read it (Express's `req.ip`). */
  clientIp(req: IncomingMessage): string | null;
  /** A GET of a page: the first-touch cookie on a first visit, and the funnel's count of a landing page or form. */
  pageView(req: IncomingMessage, res: ServerResponse): void;
  /**
   * The visitor's first-touch cookie: as the request sent it, or as this page view's response sets it
   * (a first visit), or null (not a page view, without the cookie). It assigns experiment variants (docs/decisions/060).
   */
  visitorKey(req: IncomingMessage): string | null;
  /** Records how long the response took, under the route `routeOf` names once it has finished (./request-durations.ts). */
  time: TimeResponse;
}

export function createRequestPipeline({
  hsts,
  secureCookies,
  views,
  metrics,
  clientIp,
}: {
  hsts: boolean;
  secureCookies: boolean;
  views: FunnelBuffer;
  metrics: Metrics;
  clientIp: (req: IncomingMessage) => string | null;
}): RequestPipeline {
  /** Each request's first touch, decided once: the page cache's key and the funnel's count must agree on it. */
  const firstTouches = new WeakMap<IncomingMessage, { value: string | null; setCookie: string | null }>();
  function firstTouchOf(req: IncomingMessage) {
    let touch = firstTouches.get(req);
    if (!touch) {
      const sent = readCookie(headerOf(req, "cookie"), ATTRIBUTION_COOKIE);
      const created = sent ? null : firstTouchCookie({ method: req.method ?? "GET", url: requestUrl(req), header: (name) => headerOf(req, name), secure: secureCookies });
      touch = { value: sent ?? created?.value ?? null, setCookie: created?.header ?? null };
      firstTouches.set(req, touch);
    }
    return touch;
  }

  return {
    clientIp,
    secureApi: (res) => setSecurityHeaders(res, { csp: API_CSP, hsts }),
    securePage: (res, csp) => setSecurityHeaders(res, { csp, hsts }),
    pageView(req, res) {
      if (req.method !== "GET") return;
      const url = requestUrl(req);
      const { value, setCookie } = firstTouchOf(req);
      // On a first visit the funnel reads the cookie this response sets, so the view carries its variant.
      const header = (name: string) =>
        name.toLowerCase() === "cookie" && setCookie && value ? [headerOf(req, name), `${ATTRIBUTION_COOKIE}=${value}`].filter(Boolean).join("; ") : headerOf(req, name);
      countPageView(views, pathOf(url), header, clientIp(req), url);
      if (setCookie) res.appendHeader("Set-Cookie", setCookie);
    },
    visitorKey: (req) => firstTouchOf(req).value,
    time: (req, res, routeOf) => timeResponse(metrics, req, res, routeOf),
  };
}

/** The URL the client asked for: Express rewrites `req.url` inside a mounted router, never `originalUrl`. */
function requestUrl(req: IncomingMessage): string {
  return (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? "/";
}

/** A request header as one string; Referer under either spelling, as Express's `req.get` reads it. */
export function headerOf(req: IncomingMessage, name: string): string | undefined {
  const lower = name.toLowerCase();
  const value = req.headers[lower] ?? (lower === "referer" ? req.headers.referrer : undefined);
  return Array.isArray(value) ? value.join(", ") : value;
}

/** The page view as an Express middleware, for the pages Express answers. */
export function pageViews(pipeline: RequestPipeline): RequestHandler {
  return (req, res, next) => {
    pipeline.pageView(req, res);
    next();
  };
}
