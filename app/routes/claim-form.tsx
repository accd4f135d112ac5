import { Suspense } from "react";
import { SUBMISSION_KEY_FIELD, emptyValues, valuesFromFormData } from "#claims/engine/form-values";
import { FORM_TIMING_FIELD } from "#claims/engine/proof-fields";
import { readForm } from "~/site/read-form";
import { finishDraft } from "~/wizard/draft";
import { ClaimFormPage, claimFormPageData } from "~/wizard/claim-form-page";
import { loadClaimDefinition, loadedClaimDefinitionForForm, useClaimDefinition } from "~/wizard/claim-definitions";
import type { WizardState } from "~/wizard/wizard";
import { handleWizardPost } from "~/wizard/wizard-action";
import { renderConsentPage } from "~/wizard/consent-page.server";
import { claimByFormPath } from "#claims/registry";
import { seo } from "~/components/seo";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/claim-form";

export const handle: RouteHandle = { hydrate: true };

// app/routes.ts registers this module only for the registry's form paths, so the look-up always finds the claim.
const definitionFor = (request: Request) =>
  claimByFormPath(new URL(request.url).pathname)!;

const seoTitle = (title: string | undefined) => (title ? `${title} | Free Case Review` : "Free Case Review");

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: seoTitle(args.loaderData?.title),
    description: args.loaderData?.intro ?? "",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const definition = definitionFor(request);
  const wizard: WizardState = {
    step: 0,
    values: emptyValues(definition, crypto.randomUUID()),
    errors: {},
    // The timed honeypot's signed render time, and the start of the fill facts' clock.
    timing: await context.leads.formTiming.issue(definition.slug),
  };
  return claimFormPageData(definition, context.site, wizard);
}

export async function action({ request, context }: Route.ActionArgs) {
  const definition = definitionFor(request);
  const formData = await readForm(request, context.logger);
  // The certificate's snapshot: this page at its consent step, as this server renders it without JavaScript.
  const consentPage = (wizard: WizardState) =>
    renderConsentPage(<ClaimFormPage definition={definition} loaderData={claimFormPageData(definition, context.site, wizard)} actionData={{ wizard }} />, {
      url: request.url,
      title: seoTitle(definition.copy.formTitle),
      site: context.site,
      siteUrl: context.siteUrl,
      definition,
    });
  const visit = { ...context.visitor, prefetch: false };
  return handleWizardPost(definition, formData, context.leads, { ...context.visitor, pageUrl: request.url }, context.logger, consentPage, (point) =>
    context.funnel.record(definition.slug, point, visit),
  );
}

const CONNECTION_PROBLEM =
  "Submission Error: we could not reach our server, so your claim was not sent yet. Your answers are still here; please try again.";

/** Keeps the busy label up for the claim's minimum time and keeps the answers if the network fails. */
export async function clientAction({
  request,
  serverAction,
}: Route.ClientActionArgs) {
  const definition = await loadedClaimDefinitionForForm(new URL(request.url).pathname);
  const formData = await request.clone().formData();
  const minimum = new Promise((resolve) =>
    setTimeout(resolve, definition.minBusyMs),
  );
  const finish = () =>
    finishDraft(
      definition.slug,
      String(formData.get(SUBMISSION_KEY_FIELD) ?? ""),
    );
  try {
    const result = await serverAction();
    await minimum;
    if ("result" in result) finish(); // saved: Back shows a fresh form, never this claim again
    return result;
  } catch (error) {
    await minimum;
    if (error instanceof Response) {
      if (error.status >= 300 && error.status < 400) finish();
      throw error; // redirects to the result page
    }
    const wizard: WizardState = {
      step: Number(formData.get("step")) || 0,
      values: valuesFromFormData(definition, formData),
      errors: {},
      formError: CONNECTION_PROBLEM,
      timing: String(formData.get(FORM_TIMING_FIELD) ?? "") || undefined,
    };
    return { wizard };
  }
}

/** Arriving from another page of this app: the claim's definition loads with the page's data. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadClaimDefinition(data.slug);
  return data;
}

function ClaimFormWithDefinition({ loaderData, actionData }: Route.ComponentProps) {
  return <ClaimFormPage definition={useClaimDefinition(loaderData.slug)} loaderData={loaderData} actionData={actionData} />;
}

export default function ClaimFormRoute(props: Route.ComponentProps) {
  // Until the claim's definition module is there, hydration leaves the server's page as it is.
  return (
    <Suspense>
      <ClaimFormWithDefinition {...props} />
    </Suspense>
  );
}
