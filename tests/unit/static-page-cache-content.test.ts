import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { createStaticPageCache } from "../../server/http/static-page-cache";

// The page cache and published site content (docs/decisions/055): a new content version starts the
// cache again, a render begun with the old content is not kept, and a preview is never a cached page.

/** The smallest server build the cache reads: a root and a home page that is the same for every visitor. */
const build = {
  routes: {
    root: { id: "root", path: "", module: {} },
    home: { id: "home", parentId: "root", index: true, module: { handle: { staticPage: () => "/" } } },
  },
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

function setUp() {
  let content = 1;
  let renders = 0;
  let release: (() => void) | null = null;
  const cache = createStaticPageCache({
    build,
    origin: "http://site.test",
    contentStamp: () => content,
    render: async () => {
      renders++;
      const shown = content;
      if (release === null) await new Promise<void>((resolve) => (release = resolve));
      return new Response(`<html><body>content ${shown}</body></html>`, { headers: { "content-type": "text/html; charset=utf-8" } });
    },
  });
  return {
    cache,
    publish: () => content++,
    renders: () => renders,
    /** Lets the render under way finish, and every later one at once. */
    finish: () => {
      const waiting = release;
      release = () => undefined;
      waiting?.();
    },
    holdRenders: () => (release = null),
  };
}

const body = (page: { bodies: { identity: Buffer } } | null | undefined) => page?.bodies.identity.toString("utf8");

describe("the page cache and site content", () => {
  it("keeps a page until the content version changes, then renders it once again", async () => {
    const site = setUp();
    site.finish();
    expect(body(await site.cache.pageAt("/"))).toContain("content 1");
    expect(body(site.cache.cached("/"))).toContain("content 1");
    expect(site.renders()).toBe(1);
    site.publish();
    expect(site.cache.cached("/")).toBeUndefined();
    expect(body(await site.cache.pageAt("/"))).toContain("content 2");
    expect(body(site.cache.cached("/"))).toContain("content 2");
    expect(site.renders()).toBe(2);
  });

  it("hands a render begun before a publish to whoever waited, but does not keep it", async () => {
    const site = setUp();
    site.holdRenders();
    const early = site.cache.pageAt("/");
    site.publish();
    // The lookup after the publish starts the cache again; the old render is no one's to reuse.
    expect(site.cache.cached("/")).toBeUndefined();
    site.finish();
    expect(body(await early)).toContain("content 1");
    expect(site.cache.cached("/")).toBeUndefined();
    expect(body(await site.cache.pageAt("/"))).toContain("content 2");
  });

  it("is never the page for a preview, whatever else the query holds", () => {
    const site = setUp();
    expect(site.cache.targetOf("/", "/?utm_source=mail")).toEqual({ key: "/", variant: null, splat: false });
    expect(site.cache.targetOf("/", "/?preview=abcdefghijklmnopqrstuvwx")).toBeNull();
    expect(site.cache.targetOf("/", "/?utm_source=mail&preview=")).toBeNull();
  });
});

describe("the page cache and experiments (docs/decisions/060)", () => {
  it("keeps one page per variant, each rendered once with its variant, and a page without one for visitors outside the experiment", async () => {
    const rendered: Array<string | null> = [];
    const cache = createStaticPageCache({
      build,
      origin: "http://site.test",
      // The visitor's variant follows their cookie: 'b...' cookies see B, others A; no cookie, none.
      variantOf: (_pathname, visitorKey) => (visitorKey ? (visitorKey.startsWith("b") ? "exp:B" : "exp:A") : null),
      render: async (_request, variant) => {
        rendered.push(variant);
        return new Response(`<html><body>variant ${variant ?? "none"}</body></html>`, { headers: { "content-type": "text/html; charset=utf-8" } });
      },
    });
    const a = cache.targetOf("/", "/?utm_source=mail", "a-cookie")!;
    const b = cache.targetOf("/", "/", "b-cookie")!;
    const none = cache.targetOf("/", "/", null)!;
    expect([a.variant, b.variant, none.variant]).toEqual(["exp:A", "exp:B", null]);
    expect(new Set([a.key, b.key, none.key]).size).toBe(3);
    for (const target of [a, b, none, a, b, cache.targetOf("/", "/", "b-other")!]) await cache.pageAt(target.key);
    expect(rendered.sort()).toEqual(["exp:A", "exp:B", null].sort());
    expect(body(cache.cached(b.key))).toContain("variant exp:B");
    expect(body(cache.cached(none.key))).toContain("variant none");
  });
});
