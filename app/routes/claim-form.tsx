import { useLocation } from "react-router";
import { formPageTitle } from "~/wizard/claim-form-page";
import { formPageAction, formPageLoaderData } from "~/wizard/form-route.server";
import { ClaimFormRoutePage } from "~/wizard/wizard-scripts";
import { claimByFormPath } from "#claims/registry";
import { localeOfPath, pathWithoutLocale } from "#claims/engine/locale";
import { claimIn, claimTextsOfPage, type ClaimTexts } from "~/i18n/claims-in";
import { seo } from "~/components/seo";
import type { Route } from "./+types/claim-form";

// app/routes.ts registers this module only for the registry's form paths, in each language, so the
// look-up always finds the claim; it comes in the page's language, with the operator's Spanish texts.
const formAt = (pathname: string, texts: ClaimTexts) => claimIn(claimByFormPath(pathWithoutLocale(pathname))!, localeOfPath(pathname), texts);
const definitionFor = (request: Request, context: Route.LoaderArgs["context"]) => formAt(new URL(request.url).pathname, context.content);

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: formPageTitle(args.loaderData?.title, localeOfPath(args.location.pathname)),
    description: args.loaderData?.intro ?? "",
  });

export const loader = ({ request, context }: Route.LoaderArgs) => formPageLoaderData(definitionFor(request, context), context);

/** Posts without JavaScript: every step, answered with the page at the next step, or the claim's result. */
export const action = ({ request, context }: Route.ActionArgs) => formPageAction(definitionFor(request, context), request, context);

/**
 * Rendered on the server only: the page hydrates just its wizard, without React Router in the browser
 * (docs/decisions/037).
 */
export default function ClaimFormRoute({ loaderData, actionData }: Route.ComponentProps) {
  // The loader's Spanish texts (the same object as the content's, so the same definition the loader made).
  const definition = formAt(useLocation().pathname, claimTextsOfPage(loaderData.slug, loaderData.spanishTexts));
  return <ClaimFormRoutePage definition={definition} loaderData={loaderData} actionData={actionData} />;
}
