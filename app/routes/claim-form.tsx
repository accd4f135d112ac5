import { data, redirect } from "react-router";
import { emptyValues } from "#claims/engine/form-values";
import wizardScripts from "virtual:wizard-scripts";
import { ClaimFormPage, claimFormPageData, claimFormState, formPageTitle } from "~/wizard/claim-form-page";
import { answerFormPost } from "~/wizard/form-post.server";
import { WizardScripts } from "~/wizard/wizard-scripts";
import type { WizardState } from "~/wizard/wizard";
import { claimByFormPath, claimBySlug } from "#claims/registry";
import { seo } from "~/components/seo";
import { claimShown } from "~/landing/claim-shown";
import type { Route } from "./+types/claim-form";

// app/routes.ts registers this module only for the registry's form paths, so the look-up always finds the claim.
const definitionFor = (request: Request) =>
  claimByFormPath(new URL(request.url).pathname)!;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: formPageTitle(args.loaderData?.title),
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
  // and the form's intro as this visitor's experiment variant has it (docs/decisions/060).
  return { ...claimFormPageData(claimShown(definition, context.content), context.site, wizard, context.experiment(definition.slug)?.texts.formIntro), wizardScripts };
}

/** Posts without JavaScript: every step, answered with the page at the next step, or the claim's result. */
export async function action({ request, context }: Route.ActionArgs) {
  const definition = definitionFor(request);
  const { status, body } = await answerFormPost(definition, request, request.url, context);
  if ("redirect" in body) return redirect(body.redirect);
  // The next step keeps the consent text the form was opened with, even after a publish (docs/decisions/055).
  const site = "wizard" in body ? await context.leads.siteShownBy(body.wizard.timing, definition.slug) : context.site;
  return data({ ...body, site }, { status });
}

/**
 * Rendered on the server only: the page hydrates just its wizard, without React Router in the browser
 * (docs/decisions/037).
 */
export default function ClaimFormRoute({ loaderData, actionData }: Route.ComponentProps) {
  const definition = claimBySlug(loaderData.slug)!;
  const { state, fresh, result } = claimFormState(loaderData, actionData);
  const site = actionData?.site ?? loaderData.site;
  return (
    <>
      <ClaimFormPage definition={definition} loaderData={{ ...loaderData, site }} actionData={actionData} />
      {result ? null : <WizardScripts scripts={loaderData.wizardScripts} props={{ slug: loaderData.slug, site, state, fresh, results: loaderData.results }} />}
    </>
  );
}
