import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { Metrics } from "../metrics/metrics";
import { pathnameOf, type EarlyAnswer } from "./early-answer";

const UNMATCHED = "unmatched";

/** React Router's flat route manifest as the nested routes matchRoutes reads. */
function routeTree(routes: ServerBuild["routes"]): RouteObject[] {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((route) => route?.parentId === parentId)
      .map((route) =>
        route!.index
          ? { id: route!.id, index: true, path: route!.path, caseSensitive: route!.caseSensitive }
          : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children: childrenOf(route!.id) },
      );
  return childrenOf(undefined);
}

/** The id of the deepest React Router route for a page or its data request (`/x.data`, `/_root.data`). */
export function pageRouteId(build: ServerBuild, pathname: string, cache = new WeakMap<ServerBuild, RouteObject[]>()): string {
  let tree = cache.get(build);
  if (!tree) cache.set(build, (tree = routeTree(build.routes)));
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  const matches = matchRoutes(tree, page);
  return matches?.at(-1)?.route.id ?? UNMATCHED;
}

/** Records how long a response took, under the route `routeOf` names once it has finished. */
export type TimeResponse = (req: IncomingMessage, res: ServerResponse, routeOf: () => string | null | Promise<string>) => void;

/**
 * Records how long a response took once it has finished, under the route `routeOf` names then: null
 * when it is not this recorder's to record, a promise when the route takes a look-up.
 */
export function timeResponse(metrics: Metrics, req: IncomingMessage, res: ServerResponse, routeOf: () => string | null | Promise<string>): void {
  const started = performance.now();
  res.once("finish", () => {
    const seconds = (performance.now() - started) / 1000;
    const record = (route: string) => metrics.observeRequest({ route, method: req.method ?? "GET", status: res.statusCode }, seconds);
    const route = routeOf();
    if (typeof route === "string") record(route);
    else route?.then(record, () => record(UNMATCHED));
  });
}

/**
 * Times every request and records it under its route id: the Express route pattern that answered it,
 * or for pages the React Router route id; never the URL, so no path parameter or query reaches a label.
 */
export function requestDurations(pipeline: { time: TimeResponse }, pagesBuild?: ServerBuild | (() => Promise<ServerBuild>)): RequestHandler {
  const trees = new WeakMap<ServerBuild, RouteObject[]>();
  return (req, res, next) => {
    pipeline.time(req, res, () => {
      // The pattern is read now: Express leaves req.route and req.baseUrl as the handler saw them.
      const pattern = req.route ? `${req.baseUrl}${String(req.route.path)}` : null;
      // Fingerprinted assets are served by express.static, which names no route.
      if (!pattern) return req.path.startsWith("/assets/") ? "/assets" : UNMATCHED;
      if (pattern !== "/{*path}" || !pagesBuild) return pattern;
      return Promise.resolve(typeof pagesBuild === "function" ? pagesBuild() : pagesBuild).then((build) => pageRouteId(build, req.path, trees));
    });
    next();
  };
}

/**
 * Times the requests the static pages answer before Express (docs/decisions/032) under their page's
 * route id, as `requestDurations` does for the rest; those it passes on are timed inside Express.
 */
export function timeEarlyAnswers(pipeline: { time: TimeResponse }, build: ServerBuild, early: EarlyAnswer): EarlyAnswer {
  const trees = new WeakMap<ServerBuild, RouteObject[]>();
  // Only cached static pages are answered early, so their paths are few; the bound is a safeguard.
  const routeIds = new Map<string, string>();
  return (req, res, next) => {
    let passedOn = false;
    pipeline.time(req, res, () => {
      if (passedOn) return null;
      const pathname = pathnameOf(req);
      let route = routeIds.get(pathname);
      if (!route) {
        route = pageRouteId(build, pathname, trees);
        if (routeIds.size < 1000) routeIds.set(pathname, route);
      }
      return route;
    });
    early(req, res, () => {
      passedOn = true;
      next();
    });
  };
}
