import type { ClaimTextGroup, ClaimTextsBody } from "../../server/content/claim-texts";
import { FieldError, TextAreaField, TextField } from "./kit/field";

/** Texts longer than this get a text area: a sentence or more. */
const LONG_TEXT = 70;

/**
 * A built-in claim's Spanish texts at /admin/content (`claim-texts:<slug>:es`, docs/decisions/058): each
 * English text is the label of the field for its Spanish, grouped by where a visitor reads it. The English
 * rides beside each field (`textEnglish`, `textSpanish`, in the same order), as the data claims' Spanish does.
 */
export function ClaimTextsFields({ entry, groups, values, errors }: { entry: string; groups: readonly ClaimTextGroup[]; values: ClaimTextsBody; errors: Record<string, string> }) {
  const idPrefix = entry.replaceAll(":", "-");
  let index = 0;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        The claim's texts on its Spanish pages (/es), each under its English. Until a version is published the pages show the claim's built-in
        Spanish, which the fields start from. The landing page's headline, introduction, figures, questions and results' headings are in the
        claim's "Landing page (Spanish)" entry. Keep a {"{token}"} such as {"{id}"} where the English has it: the page fills it in.
      </p>
      <FieldError id={`${idPrefix}-form-error`} error={errors.form} />
      {groups.map((group) => (
        <fieldset key={group.title} className="grid gap-3 rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold">{group.title}</legend>
          {group.texts.map((english) => {
            const i = index++;
            const frame = { id: `${idPrefix}-${i}`, name: "textSpanish", label: english, error: errors[english], defaultValue: values[english] ?? "", lang: "es", labelClassName: "block text-sm font-semibold text-slate-800" };
            return (
              <div key={english}>
                <input type="hidden" name="textEnglish" value={english} />
                {english.length > LONG_TEXT ? <TextAreaField rows={3} {...frame} /> : <TextField {...frame} />}
              </div>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
