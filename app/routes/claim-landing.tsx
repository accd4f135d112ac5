import { localeOfPath, pathWithoutLocale } from "#claims/engine/locale";
import { startHref } from "#claims/engine/pages";
import { claimByLandingPath } from "#claims/registry";
import { ClaimLanding } from "~/landing/claim-landing";
import { seo } from "~/components/seo";
import { claimIn } from "~/i18n/claims-in";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/claim-landing";

// app/routes.ts registers this module only for the registry's landing paths and their aliases, in
// each language (/es/...), so the look-up always finds the claim; it comes in the page's language.
const claimAt = (pathname: string) => claimIn(claimByLandingPath(pathWithoutLocale(pathname))!, localeOfPath(pathname));

// An alias (e.g. /roundup-cancer) is the same page: search engines are told the landing path is the
// page, so the two addresses do not compete as duplicates.
// The same page for every visitor, whatever the query (campaign parameters).
export const handle: RouteHandle = { canonicalPath: (pathname) => claimAt(pathname).routes.landing, staticPage: (url) => url.pathname };

export const meta: Route.MetaFunction = (args) => seo(args, claimAt(args.location.pathname).landing.seo);

export function loader({ request }: Route.LoaderArgs) {
  const claim = claimAt(new URL(request.url).pathname);
  return { slug: claim.slug, startHref: startHref(claim), landing: claim.landing };
}

export default function ClaimLandingPage({ loaderData }: Route.ComponentProps) {
  return <ClaimLanding {...loaderData} />;
}
