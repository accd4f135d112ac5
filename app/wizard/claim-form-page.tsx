import type { ClaimDefinition, SiteIdentity } from "#claims/engine/types";
import { localizedPath, type Locale } from "#claims/engine/locale";
import { PAGE_MESSAGES } from "~/i18n/page-messages";
import { LockIcon } from "~/components/icons";
import { telHref } from "~/components/tel-href";
import { SiteFooter } from "~/components/site-footer";
import { HeaderNote, SiteHeader } from "~/components/site-header";
import { CLAIM_FORM_ROOT_ID, ClaimFormBody } from "./claim-form-body";
import type { ClaimOutcome } from "./result-screen";
import type { WizardState } from "./wizard";

/**
 * What the form page shows: its claim, the site, and the wizard's state (the loader's, or an action's);
 * `intro`, an experiment variant's in place of the claim's (docs/decisions/060).
 */
export function claimFormPageData(definition: ClaimDefinition, site: SiteIdentity, wizard: WizardState, intro?: string) {
  return {
    slug: definition.slug,
    title: definition.copy.formTitle,
    intro: intro || definition.copy.formIntro,
    site,
    wizard,
    results: definition.results,
  };
}

/** The form page's title, in its `<title>` and in the consent page snapshot. */
export const formPageTitle = (title: string | undefined, locale: Locale = "en") => PAGE_MESSAGES[locale].formPageTitle(title);

export type ClaimFormPageData = ReturnType<typeof claimFormPageData>;
export type ClaimFormActionData = { wizard: WizardState } | { result: ClaimOutcome };

/** The form as the page shows it: the action's answer to a post when there is one, else the loader's empty form. */
export function claimFormState(loaderData: ClaimFormPageData, actionData?: ClaimFormActionData) {
  const answered = actionData && "wizard" in actionData ? actionData.wizard : undefined;
  return {
    state: answered ?? loaderData.wizard,
    fresh: !answered,
    result: actionData && "result" in actionData ? actionData.result : undefined,
  };
}

/**
 * The claim form's page. Its own module, not only the route's default export, so that the route's
 * action can render it again for the consent page snapshot (./consent-page.server.tsx).
 */
export function ClaimFormPage({
  definition,
  loaderData,
  actionData,
}: {
  definition: ClaimDefinition;
  loaderData: ClaimFormPageData;
  actionData?: ClaimFormActionData;
}) {
  // The page's words come in its claim's language: the consent page snapshot renders it outside the root loader.
  const locale = definition.locale ?? "en";
  const t = PAGE_MESSAGES[locale];
  return (
    <div className={`theme-${loaderData.slug}`}>
      <SiteHeader
        sticky
        aside={<HeaderNote icon={<LockIcon className="hidden size-4 text-emerald-700 sm:block" />}>{t.secureForm}</HeaderNote>}
      />
      <main id="main" className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
        {definition.formPage?.backToHome ? (
          <p className="mb-6">
            <a
              href={localizedPath("/", locale)}
              className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-50"
            >
              <span aria-hidden="true">←</span> {t.backToHome}
            </a>
          </p>
        ) : null}
        <div id={CLAIM_FORM_ROOT_ID}>
          <ClaimFormBody definition={definition} results={loaderData.results} site={loaderData.site} {...claimFormState(loaderData, actionData)} />
        </div>
        {definition.formPage?.contactPanel ? (
          <section
            aria-labelledby="contact-title"
            className="mt-8 rounded-2xl bg-white p-6 text-center ring-1 ring-slate-200"
          >
            <h2 id="contact-title" className="text-lg font-bold text-brand">
              {t.contactTitle}
            </h2>
            <p className="mt-2 text-slate-700">
              {t.contactText}
            </p>
            <p className="mt-4 flex flex-wrap justify-center gap-3">
              <a
                className="inline-flex min-h-11 items-center rounded-lg bg-accent px-5 font-semibold text-white hover:bg-accent-strong"
                href={telHref(loaderData.site.phone)}
              >
                {t.call(loaderData.site.phone)}
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
