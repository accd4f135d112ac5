import { localeOfPath, pathWithoutLocale } from "#claims/engine/locale";
import { startHref } from "#claims/engine/pages";
import { claimByLandingPath } from "#claims/registry";
import { ClaimLanding } from "~/landing/claim-landing";
import { landingWithVariant } from "~/landing/landing-variant";
import { claimShown } from "~/landing/claim-shown";
import { seo } from "~/components/seo";
import { claimIn, FOLDER_TEXTS, type ClaimTexts } from "~/i18n/claims-in";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/claim-landing";

// app/routes.ts registers this module only for the registry's landing paths and their aliases, in
// each language (/es/...), so the look-up always finds the claim; it comes in the page's language.
const claimAt = (pathname: string, texts: ClaimTexts) => claimIn(claimByLandingPath(pathWithoutLocale(pathname))!, localeOfPath(pathname), texts);

// An alias (e.g. /roundup-cancer) is the same page: search engines are told the landing path is the
// page, so the two addresses do not compete as duplicates.
// The same page for every visitor, whatever the query (campaign parameters).
export const handle: RouteHandle = { canonicalPath: (pathname) => claimAt(pathname, FOLDER_TEXTS).routes.landing, staticPage: (url) => url.pathname };

export const meta: Route.MetaFunction = (args) => {
  const landing = args.loaderData?.landing ?? claimAt(args.location.pathname, FOLDER_TEXTS).landing;
  const faq = landing.faq ?? [];
  return seo(args, {
    ...landing.seo,
    ...(faq.length
      ? {
          jsonLd: [
            {
              "@context": "https://schema.org",
              "@type": "FAQPage",
              mainEntity: faq.map((qa) => ({ "@type": "Question", name: qa.question, acceptedAnswer: { "@type": "Answer", text: qa.answer } })),
            },
          ],
        }
      : {}),
  });
};

// The published copy (docs/decisions/055), rendered once per experiment variant (docs/decisions/060):
// the context names the variant the page shows.
export function loader({ request, context }: Route.LoaderArgs) {
  const claim = claimShown(claimAt(new URL(request.url).pathname, context.content), context.content);
  return { slug: claim.slug, startHref: startHref(claim), landing: landingWithVariant(claim.landing, context.experiment(claim.slug)?.texts) };
}

export default function ClaimLandingPage({ loaderData }: Route.ComponentProps) {
  return <ClaimLanding {...loaderData} />;
}
