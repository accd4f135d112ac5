import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { ClaimDefinition, SiteIdentity } from "#claims/engine/types";
import type { ConsentPageCapture } from "../../server/consent-proof/page-snapshots";
import { ServerRootData } from "~/components/use-site";
import { themeCss } from "~/landing/theme-css";
import { BODY_CLASS } from "~/root";
import { siteStylesheet } from "./site-stylesheet.server";

/**
 * The consent page snapshot (docs/decisions/026): `page`, the form route's own page component at its
 * consent step with the submitted answers, rendered on the server by the build that served the
 * visitor, as the server renders it for a browser without JavaScript. The body's markup, the page's
 * title, the stylesheet (URL and text) and the claim's colours; no scripts.
 */
export async function renderConsentPage(
  page: ReactElement,
  { url, title, site, siteUrl, definition }: { url: string; title: string; site: SiteIdentity; siteUrl: string; definition: ClaimDefinition },
): Promise<ConsentPageCapture> {
  // The page's header reads the root's data through the router's hooks: a static data router gives them.
  const handler = createStaticHandler([{ path: "*", element: page }]);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`the consent page could not be rendered (HTTP ${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const body = renderToStaticMarkup(
    <ServerRootData.Provider value={{ site, locale: site.language ?? "en", otherLanguageHref: new URL(url).pathname, siteUrl, year: new Date().getFullYear(), themeCss: "", adminNav: null, trustFigures: [], preview: null }}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </ServerRootData.Provider>,
  );
  return {
    title,
    html: `<body class="${BODY_CLASS}">${body}</body>`,
    stylesheetHref: siteStylesheet.href,
    stylesheetCss: siteStylesheet.css,
    inlineCss: themeCss([definition]),
  };
}
