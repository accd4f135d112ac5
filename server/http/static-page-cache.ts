import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { staticPagePolicy } from "./security-headers";

/** What a route module's `handle` says about its pages (app/root.tsx RouteHandle). */
export interface StaticPageHandle {
  /**
   * For a page that shows every visitor the same HTML: the address it is rendered from once and
   * served to every request of `url` (the query parameters it does not read left out, so campaign
   * parameters share one render), or null when this `url` needs a render of its own.
   */
  staticPage?(url: URL): string | null;
}

/** A page rendered once: its bytes in every encoding served, a strong validator, its policy. */
export interface StaticPage {
  status: number;
  contentType: string;
  /** Content-Security-Policy: no script at all, inline styles by hash (./security-headers.ts). */
  csp: string;
  /** The identity bytes' hash; each encoding's ETag derives from it. */
  hash: string;
  bodies: { identity: Buffer; br: Buffer; gzip: Buffer };
}

export interface StaticTarget {
  /** The page's address, and after a newline the experiment variant it shows (one entry per variant). */
  key: string;
  /** The experiment variant's tag, when the page shows one (docs/decisions/060): the page is this visitor's, not a shared cache's. */
  variant: string | null;
  /** A splat route (the 404 page): static files and redirects must have had their chance first. */
  splat: boolean;
}

/** Renders a page as React Router would answer `request`, with the render-once load context showing `variant` (or none). */
export type RenderPage = (request: Request, variant: string | null) => Promise<Response>;

/** The experiment variant a visitor (their first-touch cookie) is shown on the page at `pathname`, or null. */
export type VariantOf = (pathname: string, visitorKey: string | null) => string | null;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/**
 * Pages kept at most. The site has about 60; addresses are anyone's to invent (an unknown article is
 * a 404, and paths match routes in any letter case), so past these a page is left to React Router's
 * per-request render, compressed on the fly, as before (never brotli 11 for a page thrown away).
 * Pages other than 200 (the 404 page, unknown articles) have a smaller share.
 */
const MAX_PAGES = 200;
const MAX_OTHER_STATUS = 20;
const MAX_MATCHES_REMEMBERED = 2_000;

/** A query parameter that asks for a page with an operator's draft content: never a page to keep (docs/decisions/055). */
export const PREVIEW_PARAMETER = "preview";

/**
 * Renders pages whose route declares `handle.staticPage` once per process (on their first request,
 * with the configuration the process runs with) and keeps their bytes, compressed ahead, for every
 * later request. Re-renders when the year changes (the footer shows it), and when `contentStamp`
 * changes (site content was published, on this instance or another: docs/decisions/055).
 */
export function createStaticPageCache({
  build,
  render,
  origin,
  contentStamp = () => 0,
  variantOf = () => null,
}: {
  build: ServerBuild;
  render: RenderPage;
  origin: string;
  /** The published site content's version the pages are rendered with; the cache starts again when it changes. */
  contentStamp?: () => number;
  /** Experiments (docs/decisions/060): a page is rendered once per variant; `contentStamp` covers their changes too. */
  variantOf?: VariantOf;
}) {
  const routes = routeTree(build);
  const manifestPath = build.routeDiscovery.manifestPath;
  const matched = new Map<string, { id: string; splat: boolean } | null>();
  let year = new Date().getFullYear();
  let stamp = contentStamp();
  let pages = new Map<string, StaticPage>();
  const rendering = new Map<string, Promise<StaticPage | null>>();

  function leafRoute(pathname: string) {
    let leaf = matched.get(pathname);
    if (leaf === undefined) {
      const route = matchRoutes(routes, pathname)?.at(-1)?.route;
      leaf = route?.id ? { id: route.id, splat: route.path?.includes("*") ?? false } : null;
      if (matched.size < MAX_MATCHES_REMEMBERED) matched.set(pathname, leaf);
    }
    return leaf;
  }

  /**
   * The cache key of a request for `pathname` (`url` is its path and query) from the visitor whose
   * first-touch cookie is `visitorKey`, or null when it is not a static page.
   */
  function targetOf(pathname: string, url: string, visitorKey: string | null = null): StaticTarget | null {
    // React Router's own requests (a route's data, lazy route discovery) are not documents: they only look like unknown pages.
    if (pathname.endsWith(".data") || pathname === manifestPath) return null;
    const leaf = leafRoute(pathname);
    const handle = leaf && (build.routes[leaf.id]?.module.handle as StaticPageHandle | undefined);
    const parsed = new URL(url, "http://placeholder");
    if (parsed.searchParams.has(PREVIEW_PARAMETER)) return null;
    const key = handle?.staticPage?.(parsed) ?? null;
    if (key === null) return null;
    const variant = variantOf(pathname, visitorKey);
    return { key: variant ? `${key}\n${variant}` : key, variant, splat: leaf!.splat };
  }

  /** The page at `key` if it is rendered already (the hot path stays synchronous). */
  function cached(key: string): StaticPage | undefined {
    const now = new Date().getFullYear();
    const content = contentStamp();
    if (now !== year || content !== stamp) {
      year = now;
      stamp = content;
      pages = new Map();
      // A render under way shows what was there before: whoever waits for it gets it, the cache does not.
      rendering.clear();
    }
    return pages.get(key);
  }

  /** Renders the page at `key` (once, however many requests wait). */
  function pageAt(key: string): Promise<StaticPage | null> {
    const page = cached(key);
    if (page) return Promise.resolve(page);
    let pending = rendering.get(key);
    if (!pending) {
      const started: Promise<StaticPage | null> = renderOnce(key).finally(() => rendering.get(key) === started && rendering.delete(key));
      pending = started;
      rendering.set(key, pending);
    }
    return pending;
  }

  /** Null: not a page to keep (a redirect, an error, or no room left), which React Router renders per request as any other. */
  async function renderOnce(key: string): Promise<StaticPage | null> {
    if (pages.size >= MAX_PAGES) return null;
    const kept = pages;
    const [address, variant] = key.split("\n");
    const response = await render(new Request(new URL(address!, origin), { headers: { accept: "text/html" } }), variant ?? null);
    const contentType = response.headers.get("content-type") ?? "";
    if ((response.status !== 200 && response.status !== 404) || !contentType.startsWith("text/html")) return null;
    if (response.status !== 200 && [...pages.values()].filter((kept) => kept.status !== 200).length >= MAX_OTHER_STATUS) return null;
    const identity = Buffer.from(await response.arrayBuffer());
    const styleHashes = [...identity.toString("utf8").matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => sha256(m[1]!, "base64"));
    const [br, gz] = await Promise.all([
      brotli(identity, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gzipAsync(identity, { level: 9 }),
    ]);
    const page: StaticPage = {
      status: response.status,
      contentType,
      csp: staticPagePolicy(styleHashes),
      hash: sha256(identity, "base64url").slice(0, 32),
      bodies: { identity, br, gzip: gz },
    };
    // Kept only if the content it was rendered with is still the published one (the cache has not started again).
    if (kept === pages) pages.set(key, page);
    return page;
  }

  return { targetOf, cached, pageAt };
}

export type StaticPageCache = ReturnType<typeof createStaticPageCache>;

const sha256 = (data: string | Buffer, encoding: "base64" | "base64url") => createHash("sha256").update(data).digest(encoding);

/** The server build's flat route manifest as the nested routes matchRoutes takes. */
function routeTree(build: ServerBuild): RouteObject[] {
  const manifest = Object.values(build.routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    manifest
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
      );
  return childrenOf(undefined);
}
