import { data, redirect, useLocation } from "react-router";
import { emptyValues } from "#claims/engine/form-values";
import wizardScripts from "virtual:wizard-scripts";
import { ClaimFormPage, claimFormPageData, claimFormState, formPageTitle } from "~/wizard/claim-form-page";
import { answerFormPost } from "~/wizard/form-post.server";
import { WizardScripts } from "~/wizard/wizard-scripts";
import type { WizardState } from "~/wizard/wizard";
import { claimByFormPath } from "#claims/registry";
import { localeOfPath, pathWithoutLocale } from "#claims/engine/locale";
import { siteInLanguage } from "#claims/engine/personal-fields";
import { claimIn } from "~/i18n/claims-in";
import { seo } from "~/components/seo";
import { claimShown } from "~/landing/claim-shown";
import type { Route } from "./+types/claim-form";

// app/routes.ts registers this module only for the registry's form paths, in each language, so the
// look-up always finds the claim; it comes in the page's language.
const formAt = (pathname: string) => claimIn(claimByFormPath(pathWithoutLocale(pathname))!, localeOfPath(pathname));
const definitionFor = (request: Request) => formAt(new URL(request.url).pathname);

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: formPageTitle(args.loaderData?.title, localeOfPath(args.location.pathname)),
    description: args.loaderData?.intro ?? "",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const definition = definitionFor(request);
  const wizard: WizardState = {
    step: 0,
    values: emptyValues(definition, crypto.randomUUID()),
    errors: {},
    // The timed honeypot's signed render time, the start of the fill facts' clock, and the version of
    // the consent text this page shows, which the certificate records (docs/decisions/055).
    timing: await context.leads.formTiming.issue(definition.slug, context.site.consent?.version ?? null),
  };
  // The wizard's browser entry, known to the server build only.
  // The result screen's words as published (claimFormPageData carries them to the page and the wizard),
  // the form's intro as this visitor's experiment variant has it (docs/decisions/060), in the form's language.
  return {
    ...claimFormPageData(claimShown(definition, context.content), siteInLanguage(context.site, definition.locale ?? "en"), wizard, context.experiment(definition.slug)?.texts.formIntro),
    wizardScripts,
  };
}

/** Posts without JavaScript: every step, answered with the page at the next step, or the claim's result. */
export async function action({ request, context }: Route.ActionArgs) {
  const definition = definitionFor(request);
  const { status, body } = await answerFormPost(definition, request, request.url, context);
  if ("redirect" in body) return redirect(body.redirect);
  // The next step keeps the consent text the form was opened with, even after a publish (docs/decisions/055),
  // in the form's language (docs/decisions/058).
  const shown = "wizard" in body ? await context.leads.siteShownBy(body.wizard.timing, definition.slug) : context.site;
  const site = siteInLanguage(shown, definition.locale ?? "en");
  return data({ ...body, site }, { status });
}

/**
 * Rendered on the server only: the page hydrates just its wizard, without React Router in the browser
 * (docs/decisions/037).
 */
export default function ClaimFormRoute({ loaderData, actionData }: Route.ComponentProps) {
  const definition = formAt(useLocation().pathname);
  const { state, fresh, result } = claimFormState(loaderData, actionData);
  const site = actionData?.site ?? loaderData.site;
  return (
    <>
      <ClaimFormPage definition={definition} loaderData={{ ...loaderData, site }} actionData={actionData} />
      {result ? null : <WizardScripts scripts={loaderData.wizardScripts} props={{ slug: loaderData.slug, site, state, fresh, results: loaderData.results }} />}
    </>
  );
}
