import { xmlEscape } from "~/blog/xml";
import { allClaims } from "#claims/registry";
import type { Route } from "./+types/sitemap-xml";

declare const __BUILD_DATE__: string;

/** /sitemap.xml: every public page; articles carry their own date, other pages the build's. */
export function loader({ context }: Route.LoaderArgs) {
  const built = __BUILD_DATE__;
  const pages: Array<{ path: string; lastmod: string }> = [
    { path: "/", lastmod: built },
    // Claims defined as data too, while they are open (docs/decisions/059).
    ...allClaims().filter((claim) => !claim.data?.paused).flatMap((claim) => [
      { path: claim.routes.landing, lastmod: built },
      { path: claim.routes.form, lastmod: built },
    ]),
    { path: "/blog", lastmod: built },
    ...context.blog.articles().map((a) => ({ path: `/blog/${a.slug}`, lastmod: a.date })),
    // People look for how to stop being contacted; the page must be found.
    { path: "/opt-out", lastmod: built },
  ];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...pages.map((p) => `  <url><loc>${xmlEscape(context.siteUrl + p.path)}</loc><lastmod>${p.lastmod}</lastmod></url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
