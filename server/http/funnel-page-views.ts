import { allClaims } from "#claims/registry";
import { dataClaimsGeneration } from "#claims/engine/live-claims";
import { landingPaths } from "#claims/engine/pages";
import { ATTRIBUTION_COOKIE, attributionFromVisit, decodeAttribution, readCookie } from "../attribution/attribution";
import { isPrefetch } from "../analytics/countable-request";
import type { FunnelBuffer } from "../analytics/funnel-buffer";
import type { FunnelPoint, FunnelVisit } from "../analytics/funnel-events";

type PagePoints = Map<string, { claim: string; point: FunnelPoint }>;
let points: { generation: number; pages: PagePoints } | undefined;

/**
 * Which funnel point a page's address is: a landing page (or alias) is a view, the form page a start;
 * claims defined as data too, made again when those change (docs/decisions/064).
 */
function pagePoints(): PagePoints {
  const generation = dataClaimsGeneration();
  if (points?.generation === generation) return points.pages;
  const pages: PagePoints = new Map(
    allClaims().flatMap((claim): [string, { claim: string; point: FunnelPoint }][] => [
      ...landingPaths(claim).map((path): [string, { claim: string; point: FunnelPoint }] => [path, { claim: claim.slug, point: { kind: "view" } }]),
      [claim.routes.form, { claim: claim.slug, point: { kind: "start" } }],
    ]),
  );
  points = { generation, pages };
  return pages;
}

/**
 * Counts landing views and form starts on the server, so pages without JavaScript are counted too:
 * only a page itself (GET, not React Router's `.data` requests, not a prefetch), before it is rendered
 * (./request-pipeline.ts's page view, on both request paths). Counting is queued
 * (../analytics/funnel-buffer.ts): the page never waits for the database.
 */
export function countPageView(views: FunnelBuffer, pathname: string, header: (name: string) => string | undefined, ip: string | null, url: string): void {
  const page = pagePoints().get(pathname.replace(/(.)\/$/, "$1"));
  if (page) views.add(page.claim, page.point, funnelVisit(header, ip, url));
}

/**
 * The visitor as the funnel sees it. UTM source and campaign come from the site's first-touch
 * attribution (server/attribution/), or on a first visit, before that cookie exists, from the address.
 */
export function funnelVisit(header: (name: string) => string | undefined, ip: string | null, url: string): FunnelVisit {
  const cookie = readCookie(header("cookie"), ATTRIBUTION_COOKIE);
  const firstTouch = decodeAttribution(cookie);
  return {
    ip,
    userAgent: header("user-agent") ?? null,
    prefetch: isPrefetch(header),
    attribution: firstTouch ?? attributionFromVisit(new URL(url, "http://placeholder"), undefined, new Date()),
    visitorKey: cookie ?? null,
  };
}
