import { primaryButton } from "~/admin/admin-header";
import { TextAreaField } from "~/admin/kit/field";
import { FormSection } from "~/admin/kit/section";

interface ClaimSpanishProps {
  /** Every text of the claim's own, with its Spanish ("" when it has none yet). */
  texts: readonly { english: string; spanish: string }[];
  canChange: boolean;
  /** Open when the last answer was about it (its message shows at the top of the page). */
  open: boolean;
}

/**
 * The claim in Spanish (docs/decisions/064): each text of the claim beside a field for its Spanish, so
 * that a translator needs no JSON. A text left blank shows in English on the claim's /es pages.
 */
export function ClaimSpanish({ texts, canChange, open }: ClaimSpanishProps) {
  const missing = texts.filter((text) => !text.spanish).length;
  return (
    <FormSection id="claim-spanish" title="Spanish">
      <details open={open}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand">
          {missing ? `The claim in Spanish: ${missing} of ${texts.length} texts still in English` : `The claim in Spanish: all ${texts.length} texts translated`}
        </summary>
        <p className="mt-2 text-sm text-slate-700">
          The claim's pages under /es show these texts in Spanish; a text left blank shows in English. The contact questions, the consent
          and the form's own buttons are in Spanish already. Save the form above first: its new texts appear here.
        </p>
        <form method="post" noValidate className="mt-3 space-y-4">
          <fieldset disabled={!canChange} className="min-w-0 space-y-4">
            <legend className="sr-only">Spanish texts</legend>
            {texts.map((text, i) => (
              <div key={text.english}>
                <input type="hidden" name="esEnglish" value={text.english} />
                <TextAreaField id={`es-${i}`} name="esSpanish" label={text.english} labelClassName="block text-sm font-semibold text-slate-800" defaultValue={text.spanish} rows={text.english.length > 80 ? 3 : 1} lang="es" />
              </div>
            ))}
            {canChange ? (
              <button type="submit" name="intent" value="save-spanish" className={primaryButton}>
                Save the Spanish in the draft
              </button>
            ) : null}
          </fieldset>
        </form>
      </details>
    </FormSection>
  );
}
