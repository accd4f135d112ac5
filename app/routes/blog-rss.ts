import { xmlEscape } from "~/blog/xml";
import type { Route } from "./+types/blog-rss";

/** /blog/rss.xml: every article shown now, newest first (RSS 2.0); a scheduled one joins at its time. */
export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl, site } = context;
  const items = context.blog.articles().map((a) =>
    [
      "    <item>",
      `      <title>${xmlEscape(a.title)}</title>`,
      `      <link>${siteUrl}/blog/${a.slug}</link>`,
      `      <guid isPermaLink="true">${siteUrl}/blog/${a.slug}</guid>`,
      `      <description>${xmlEscape(a.excerpt)}</description>`,
      `      <category>${xmlEscape(a.category)}</category>`,
      `      <pubDate>${new Date(a.publishAt).toUTCString()}</pubDate>`,
      "    </item>",
    ].join("\n"),
  );
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${xmlEscape(`${site.name} Legal Guides`)}</title>`,
    `    <link>${siteUrl}/blog</link>`,
    `    <atom:link href="${siteUrl}/blog/rss.xml" rel="self" type="application/rss+xml"/>`,
    "    <description>Guides on car accident, RoundUp and PFAS claims.</description>",
    "    <language>en-us</language>",
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
