import { SUBMISSION_KEY_FIELD, emptyValues, valuesFromFormData } from "#claims/engine/form-values";
import { finishDraft } from "~/wizard/draft";
import { ClaimResult } from "~/wizard/result-screen";
import { ClaimWizard, type WizardState } from "~/wizard/wizard";
import { handleWizardPost } from "~/wizard/wizard-action";
import { claimByFormPath, claimBySlug } from "#claims/registry";
import { LockIcon } from "~/components/icons";
import { seo } from "~/components/seo";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/claim-form";

export const handle: RouteHandle = { hydrate: true };

// app/routes.ts registers this module only for the registry's form paths, so the look-up always finds the claim.
const definitionFor = (request: Request) => claimByFormPath(new URL(request.url).pathname)!;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: args.loaderData ? `${args.loaderData.title} | Free Case Review` : "Free Case Review",
    description: args.loaderData?.intro ?? "",
  });

export function loader({ request, context }: Route.LoaderArgs) {
  const definition = definitionFor(request);
  const wizard: WizardState = { step: 0, values: emptyValues(definition, crypto.randomUUID()), errors: {} };
  return {
    slug: definition.slug,
    title: definition.copy.formTitle,
    intro: definition.copy.formIntro,
    site: context.site,
    wizard,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const definition = definitionFor(request);
  const formData = await request.formData();
  return handleWizardPost(definition, formData, context.leads, { ...context.visitor, pageUrl: request.url }, context.logger);
}

const CONNECTION_PROBLEM =
  "Submission Error: we could not reach our server, so your claim was not sent yet. Your answers are still here; please try again.";

/** Keeps the busy label up for the claim's minimum time and keeps the answers if the network fails. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const definition = definitionFor(request);
  const formData = await request.clone().formData();
  const minimum = new Promise((resolve) => setTimeout(resolve, definition.minBusyMs));
  const finish = () => finishDraft(definition.slug, String(formData.get(SUBMISSION_KEY_FIELD) ?? ""));
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
    };
    return { wizard };
  }
}

export default function ClaimFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const definition = claimBySlug(loaderData.slug)!;
  return (
    <div className={`theme-${loaderData.slug}`}>
      <SiteHeader
        sticky
        aside={
          <p className="flex items-center gap-1.5 text-sm font-medium text-slate-700">
            <LockIcon className="size-4 text-emerald-700" />
            Secure Form - SSL Encrypted
          </p>
        }
      />
      <main id="main" className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
        <h1 className="text-3xl font-extrabold tracking-tight text-brand">{loaderData.title}</h1>
        <p className="mt-2 text-slate-700">{loaderData.intro}</p>
        <div className="mt-6">
          {actionData && "result" in actionData ? (
            <ClaimResult definition={definition} site={loaderData.site} outcome={actionData.result} />
          ) : (
            <ClaimWizard
              definition={definition}
              site={loaderData.site}
              state={actionData?.wizard ?? loaderData.wizard}
              fresh={!actionData?.wizard}
            />
          )}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
