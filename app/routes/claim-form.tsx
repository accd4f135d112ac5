import { SUBMISSION_KEY_FIELD, emptyValues, valuesFromFormData } from "#claims/engine/form-values";
import { readForm } from "~/site/read-form";
import { finishDraft } from "~/wizard/draft";
import { ClaimResult } from "~/wizard/result-screen";
import { ClaimWizard, type WizardState } from "~/wizard/wizard";
import { handleWizardPost } from "~/wizard/wizard-action";
import { renderConsentPage } from "~/wizard/consent-page.server";
import { claimByFormPath, claimBySlug } from "#claims/registry";
import { LockIcon } from "~/components/icons";
import { telHref } from "~/components/use-site";
import { seo } from "~/components/seo";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import type { RouteHandle } from "~/root";
import type { ClaimDefinition, SiteIdentity } from "#claims/engine/types";
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

function pageData(definition: ClaimDefinition, site: SiteIdentity, wizard: WizardState) {
  return {
    slug: definition.slug,
    title: definition.copy.formTitle,
    intro: definition.copy.formIntro,
    site,
    wizard,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const definition = definitionFor(request);
  const wizard: WizardState = {
    step: 0,
    values: emptyValues(definition, crypto.randomUUID()),
    errors: {},
    // The timed honeypot's signed render time, and the start of the fill facts' clock.
    timing: await context.leads.formTiming.issue(definition.slug),
  };
  return pageData(definition, context.site, wizard);
}

export async function action({ request, context }: Route.ActionArgs) {
  const definition = definitionFor(request);
  const formData = await readForm(request, context.logger);
  // The certificate's snapshot: this page at its consent step, as this server renders it without JavaScript.
  const consentPage = (wizard: WizardState) =>
    renderConsentPage(<ClaimFormPage loaderData={pageData(definition, context.site, wizard)} actionData={{ wizard }} />, {
      url: request.url,
      title: seoTitle(definition.copy.formTitle),
      site: context.site,
      siteUrl: context.siteUrl,
      definition,
    });
  return handleWizardPost(definition, formData, context.leads, { ...context.visitor, pageUrl: request.url }, context.logger, consentPage);
}

const CONNECTION_PROBLEM =
  "Submission Error: we could not reach our server, so your claim was not sent yet. Your answers are still here; please try again.";

/** Keeps the busy label up for the claim's minimum time and keeps the answers if the network fails. */
export async function clientAction({
  request,
  serverAction,
}: Route.ClientActionArgs) {
  const definition = definitionFor(request);
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
    };
    return { wizard };
  }
}

export default function ClaimFormPage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const definition = claimBySlug(loaderData.slug)!;
  return (
    <div className={`theme-${loaderData.slug}`}>
      <SiteHeader
        sticky
        aside={
          <p className="flex shrink-0 items-center gap-1.5 whitespace-nowrap text-xs font-medium text-slate-700 sm:text-sm">
            <LockIcon className="hidden size-4 text-emerald-700 sm:block" />
            Secure Form - SSL Encrypted
          </p>
        }
      />
      <main id="main" className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
        {definition.formPage?.backToHome ? (
          <p className="mb-6">
            <a
              href="/"
              className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-50"
            >
              <span aria-hidden="true">←</span> Back to Home
            </a>
          </p>
        ) : null}
        {actionData && "result" in actionData ? (
          // The result replaces the form's title and intro: its heading is the page's heading.
          <ClaimResult
            definition={definition}
            site={loaderData.site}
            outcome={actionData.result}
          />
        ) : (
          <>
            <h1 className="text-3xl font-extrabold tracking-tight text-brand">
              {loaderData.title}
            </h1>
            <p className="mt-2 text-slate-700">{loaderData.intro}</p>
            <div className="mt-6">
              <ClaimWizard
                definition={definition}
                site={loaderData.site}
                state={actionData?.wizard ?? loaderData.wizard}
                fresh={!actionData?.wizard}
              />
            </div>
          </>
        )}
        {definition.formPage?.contactPanel ? (
          <section
            aria-labelledby="contact-title"
            className="mt-8 rounded-2xl bg-white p-6 text-center ring-1 ring-slate-200"
          >
            <h2 id="contact-title" className="text-lg font-bold text-brand">
              Questions? We&apos;re here to help
            </h2>
            <p className="mt-2 text-slate-700">
              Talk to our team about your claim, free and confidential.
            </p>
            <p className="mt-4 flex flex-wrap justify-center gap-3">
              <a
                className="inline-flex min-h-11 items-center rounded-lg bg-accent px-5 font-semibold text-white hover:bg-accent-strong"
                href={telHref(loaderData.site.phone)}
              >
                Call {loaderData.site.phone}
              </a>
              <a
                className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-5 font-semibold text-slate-800 hover:bg-slate-50"
                href={`mailto:${loaderData.site.email}`}
              >
                {loaderData.site.email}
              </a>
            </p>
          </section>
        ) : null}
      </main>
      <SiteFooter />
    </div>
  );
}
