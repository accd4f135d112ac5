import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation, useMatches } from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { useNonce } from "./components/nonce";
import { jsonLdText } from "./components/seo";
import { useRootData } from "./components/use-site";
import { NotFound } from "./components/not-found";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { themeCss } from "./landing/theme-css";
import { allClaims } from "#claims/registry";
import { localeOfPath } from "#claims/engine/locale";
import { siteInLanguage } from "#claims/engine/personal-fields";
import { languageVersions, otherLanguageHref, siteBilingualPaths } from "./i18n/alternates";
import "./load-context";
import type { StaticPageHandle } from "../server/http/static-page-cache";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  // The page's language is its address's (docs/decisions/058).
  const locale = localeOfPath(pathname);
  // Admin pages show only the header links the operator's role may follow; visitors' pages ask nothing.
  const adminNav = pathname === "/admin" || pathname.startsWith("/admin/") ? await context.admin.navigation(request.headers.get("cookie")) : null;
  return {
    site: siteInLanguage(context.site, locale),
    locale,
    /** The header's link to this page in the other language (or that language's home page). */
    otherLanguageHref: otherLanguageHref(pathname, siteBilingualPaths()),
    siteUrl: context.siteUrl,
    year: new Date().getFullYear(),
    themeCss: themeCss(allClaims()),
    adminNav,
    // The operator's figures without their source notes: those are for the record, not for visitors.
    trustFigures: context.content.trustStrip.figures.map(({ figure, label }) => ({ figure, label })),
    preview: context.content.preview,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** Every page's body; the consent page snapshot (app/wizard/consent-page.server.tsx) records it too. */
export const BODY_CLASS = "min-h-screen bg-slate-50 font-sans text-slate-900 antialiased";

/**
 * Route modules that run React Router in the browser (the operator's screens) say so with
 * `handle = { hydrate: true }`; a form page hydrates only its wizard, by itself (docs/decisions/037).
 * Pages that show every visitor the same HTML say so with `staticPage` (server/http/static-page-cache.ts):
 * the server renders them once, without a nonce, and serves the bytes with `script-src 'none'`.
 */
export interface RouteHandle extends StaticPageHandle {
  hydrate?: boolean;
  /** The page's canonical path when it differs from its own (a duplicate URL of another page); null: none (the 404 page). */
  canonicalPath?(pathname: string): string | null | undefined;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const matches = useMatches();
  const { site, siteUrl, themeCss, preview } = useRootData();
  const { pathname } = useLocation();
  // Visitors' pages ship no React Router: links are plain links, forms plain forms.
  const hydrate = matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate);
  const canonicalPath = matches.map((m) => (m.handle as RouteHandle | undefined)?.canonicalPath?.(pathname)).findLast((path) => path !== undefined);
  const canonical = canonicalPath === null ? null : siteUrl + (canonicalPath ?? pathname);
  // hreflang alternates for a page in both languages, English the default (docs/decisions/058).
  const versions = canonicalPath === null ? null : languageVersions(canonicalPath ?? pathname, siteBilingualPaths());
  return (
    <html lang={localeOfPath(pathname)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f2a4a" />
        <Meta />
        {canonical ? (
          <>
            <link rel="canonical" href={canonical} />
            <meta property="og:url" content={canonical} />
          </>
        ) : null}
        {versions ? (
          <>
            <link rel="alternate" hrefLang="en" href={siteUrl + versions.en} />
            <link rel="alternate" hrefLang="es" href={siteUrl + versions.es} />
            <link rel="alternate" hrefLang="x-default" href={siteUrl + versions.en} />
          </>
        ) : null}
        <meta property="og:site_name" content={site.name} />
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{
            __html: jsonLdText({ "@context": "https://schema.org", "@type": "Organization", name: site.name, url: siteUrl, telephone: site.phone, email: site.email }),
          }}
        />
        <Links />
        {/* The claims' accent colours (claims/<slug>/landing.ts); the CSP admits it by the response's nonce, or on a page rendered once by its hash. */}
        {themeCss ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: themeCss }} /> : null}
      </head>
      <body className={BODY_CLASS}>
        {preview ? (
          <p role="status" className="bg-amber-100 px-4 py-2 text-center font-semibold text-amber-950" data-testid="content-preview">
            Preview of a draft: visitors do not see it until it is published.
          </p>
        ) : null}
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>Page not found</title>
        <meta name="robots" content="noindex" />
        <NotFound />
      </>
    );
  }
  // A 403 is an operator whose role does not reach the page (server/admin/access-policy.ts); it
  // shares this page's markup, as the wizard's bundle carries the error boundary too.
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const reason = forbidden ? (error.data as { error?: unknown } | null)?.error : undefined;
  const title = forbidden ? "You do not have access" : "Unexpected Application Error!";
  const detail = forbidden
    ? typeof reason === "string" ? reason : "Your role does not allow this page."
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : error instanceof Error
        ? error.message // React Router replaces server error messages with a generic one in production.
        : "Unknown error";
  return (
    <>
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <SiteHeader />
      <main id="main" className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-4 text-lg text-slate-700">{detail}</p>
        <a href={forbidden ? "/admin" : "/"} className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-brand px-5 font-semibold text-white">
          {forbidden ? "Back to the dashboard" : "Return to Home"}
        </a>
      </main>
      <SiteFooter />
    </>
  );
}
