import { useEffect, useState } from "react";
import type { DataClaim } from "#claims/engine/data-claim/data-claim-schema";
import type { SpanishTable } from "#claims/engine/localize";
import type { ClaimDefinition, SiteIdentity } from "#claims/engine/types";
import { ClaimResult, type ClaimOutcome } from "./result-screen";
import { ClaimWizard, type WizardState } from "./wizard";

/** The part of a form page the browser hydrates (docs/decisions/037), and where its props are written. */
export const CLAIM_FORM_ROOT_ID = "claim-form";
export const CLAIM_FORM_PROPS_ID = "claim-form-props";

/** What the server gives the browser to hydrate the form: the claim's definition is loaded by its slug. */
export interface ClaimFormProps {
  slug: string;
  site: SiteIdentity;
  state: WizardState;
  /** True when `state` is the loader's empty form, false when it is the server's answer to a post. */
  fresh: boolean;
  /** The result screens' words as published at /admin/content (docs/decisions/055); absent: the definition's. */
  results?: ClaimDefinition["results"];
  /** A claim defined as data: its JSON and version, which the browser compiles, as it has no code chunk (docs/decisions/064). */
  dataClaim?: { source: DataClaim; version: number };
  /** On a Spanish page, the operator's published Spanish texts that differ from the claim folder's table, laid over it (docs/decisions/058). */
  spanishTexts?: SpanishTable;
}

/** The form's title, intro and wizard, or, once the claim is saved, its result in their place. */
export function ClaimFormBody({
  definition: built,
  results,
  site,
  state,
  fresh,
  result: savedResult,
}: Omit<ClaimFormProps, "slug" | "dataClaim" | "spanishTexts"> & { definition: ClaimDefinition; result?: ClaimOutcome }) {
  const definition = results ? { ...built, results } : built;
  const [result, setResult] = useState(savedResult);
  // A result the script showed is an entry of the history of its own: Back from it loads the form
  // again, which starts fresh, as a form shown again after its claim was sent does (docs/decisions/019).
  useEffect(() => {
    if (!result || savedResult) return;
    const reload = () => window.location.reload();
    window.addEventListener("popstate", reload);
    return () => window.removeEventListener("popstate", reload);
  }, [result, savedResult]);
  if (result) return <ClaimResult definition={definition} site={site} outcome={result} />;
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight text-brand">{definition.copy.formTitle}</h1>
      <p className="mt-2 text-slate-700">{definition.copy.formIntro}</p>
      <div className="mt-6">
        <ClaimWizard
          definition={definition}
          site={site}
          state={state}
          fresh={fresh}
          onSaved={(outcome) => {
            setResult(outcome);
            window.history.pushState(null, "", window.location.pathname + window.location.search);
            window.scrollTo(0, 0);
          }}
        />
      </div>
    </>
  );
}
