import { xmlEscape } from "~/blog/xml";
import { allClaims } from "#claims/registry";
import type { Route } from "./+types/sitemap-xml";
import { localizedPath } from "#claims/engine/locale";
import { languageVersions, siteBilingualPaths } from "~/i18n/alternates";

declare const __BUILD_DATE__: string;

/**
 * /sitemap.xml: every public page; articles carry their own date, other pages the build's. A page in
 * both languages is listed at each address, each naming both as alternates (docs/decisions/058).
 */
export function loader({ context }: Route.LoaderArgs) {
  const bilingual = siteBilingualPaths();
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
  const spanish = pages.filter((p) => languageVersions(p.path, bilingual)).map((p) => ({ ...p, path: localizedPath(p.path, "es") }));
  const alternates = (path: string) => {
    const versions = languageVersions(path, bilingual);
    if (!versions) return "";
    const link = (lang: string, href: string) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${xmlEscape(context.siteUrl + href)}"/>`;
    return link("en", versions.en) + link("es", versions.es) + link("x-default", versions.en);
  };
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...[...pages, ...spanish].map((p) => `  <url><loc>${xmlEscape(context.siteUrl + p.path)}</loc><lastmod>${p.lastmod}</lastmod>${alternates(p.path)}</url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
