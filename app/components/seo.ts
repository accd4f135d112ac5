import type { MetaDescriptor } from "react-router";
import type { RootData } from "~/root";

interface PageSeo {
  title: string;
  description: string;
  /** A site path or absolute URL of the page's share image. */
  image?: string;
  type?: "website" | "article";
  /** Structured data for this page, besides the Organization the layout adds everywhere. */
  jsonLd?: Array<Record<string, unknown>>;
}

interface MetaArgsLike {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/**
 * A page's title, description, Open Graph and Twitter tags and JSON-LD. The canonical URL, og:url,
 * og:site_name and the Organization data come from the layout (app/root.tsx) for every page.
 */
/** The root loader's data (site identity and URL) as a meta function sees it. */
export function rootDataOf(args: MetaArgsLike): RootData | undefined {
  return args.matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
}

export function seo(args: MetaArgsLike, page: PageSeo): MetaDescriptor[] {
  const root = rootDataOf(args);
  const siteUrl = root?.siteUrl ?? "";
  const image = page.image ? (page.image.startsWith("http") ? page.image : `${siteUrl}${page.image}`) : `${siteUrl}/images/share.jpg`;
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    ...(page.jsonLd ?? []).map((data) => ({ "script:ld+json": data })),
  ];
}

/** JSON for a <script type="application/ld+json"> body, safe against closing the tag early. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
