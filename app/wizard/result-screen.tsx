import { CheckIcon, ClockIcon } from "~/components/icons";
import { telHref } from "~/components/tel-href";
import type { ClaimDefinition, Outcome, SiteIdentity } from "#claims/engine/types";
import { localizedPath } from "#claims/engine/locale";
import { wizardMessages } from "~/i18n/wizard-messages";

export interface ClaimOutcome {
  outcome: Outcome | null;
  leadId: string;
}

const button =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-accent px-6 font-semibold text-white hover:bg-accent-strong";

/** The result screen a claim shows on its form page once the lead is saved. */
export function ClaimResult({ definition, site, outcome }: { definition: ClaimDefinition; site: SiteIdentity; outcome: ClaimOutcome }) {
  const copy = definition.results?.[outcome.outcome ?? "none"] ?? definition.results?.none;
  const declined = outcome.outcome === "ineligible";
  const t = wizardMessages(definition.locale);
  return (
    <section aria-labelledby="result-title" className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-10">
      <span
        className={`mx-auto flex size-14 items-center justify-center rounded-full ${declined ? "bg-slate-100 text-slate-600" : "bg-accent-soft text-accent"}`}
      >
        {declined ? <ClockIcon className="size-8" /> : <CheckIcon className="size-8" />}
      </span>
      <h1 id="result-title" className="mt-4 text-3xl font-extrabold text-brand">
        {copy?.heading ?? t.thankYou}
      </h1>
      {copy?.message ? <p className="mx-auto mt-3 max-w-xl text-slate-700">{copy.message}</p> : null}
      {copy?.help ? (
        <p className="mx-auto mt-3 max-w-xl text-slate-700">
          {copy.help.text}{" "}
          <a className="font-semibold underline" href={`tel:${copy.help.tel}`}>
            {copy.help.number}
          </a>
        </p>
      ) : null}
      <p className="mx-auto mt-3 max-w-xl text-slate-700">
        {t.reviewWithin(definition.copy.contactWithin)}
      </p>
      <p role="status" className="mt-5 text-sm text-slate-700">
        {definition.copy.savedNotice.replace("{id}", outcome.leadId)}
      </p>
      {definition.resultAction === "submit-another" ? (
        <>
          <p className="mt-5 text-sm text-slate-700">
            {t.questionsCall} <a className="font-semibold underline" href={telHref(site.phone)}>{site.phone}</a> {t.orEmail}{" "}
            <a className="font-semibold underline" href={`mailto:${site.email}`}>{site.email}</a>.
          </p>
          <p className="mt-6 flex flex-wrap justify-center gap-3">
            <a href={definition.routes.form} className={button}>
              {t.submitAnother}
            </a>
          </p>
        </>
      ) : (
        <p className="mt-6">
          <a href={localizedPath("/", definition.locale ?? "en")} className={button}>
            {t.returnHome}
          </a>
        </p>
      )}
    </section>
  );
}
