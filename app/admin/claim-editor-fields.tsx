import type { ClaimFormValues, FaqRow, FieldRow, StepRow } from "../../server/data-claims/claim-form";
import type { ClaimsConsole, MoreRows } from "../../server/data-claims/claims-console";
import { fieldsOf, inputBase, SelectField, TextAreaField, TextField } from "./kit/field";
import { RowEditor } from "./kit/row-editor";
import { FormSection as Section } from "./kit/section";
import { ClaimOutcomeFields } from "./claim-outcome-fields";

export type ClaimFormLayout = ClaimsConsole["layout"];
export type FieldProps = ReturnType<typeof fieldsOf>;

/** How the public certificate shows an answer (claims/engine/types.ts Privacy); blank: as its kind does. */
const PRIVACY_LABELS: Record<string, string> = {
  "": "As its kind does (names, e-mail and phone masked, other answers shown)",
  name: "Masked as a name",
  email: "Masked as an e-mail address",
  phone: "Masked as a phone number",
  "free-text": "Summarised, not shown (free text)",
};
/** The settings under a question's "More settings", open when one is set or has a problem. */
const MORE_SETTINGS = ["placeholder", "autoComplete", "privacy", "pastDays", "min", "max", "shortMessage", "rangeMessage", "futureMessage"] as const;

const KIND_LABELS: Record<string, string> = {
  text: "Short text",
  textarea: "Long text",
  select: "Drop-down list",
  radio: "One choice (buttons)",
  checkboxes: "Several choices (checkboxes)",
  date: "Date",
  state: "US state",
  "yes-no": "Yes or no",
  number: "Number",
  name: "Person's name",
  email: "E-mail address",
  phone: "Phone number",
  consent: "Consent to be contacted (one per claim)",
};

/**
 * The structured editor of a claim defined as data (docs/decisions/063): its landing's words, steps,
 * questions, eligibility rules, result screens and lead columns. Row lists use the kit's row editor,
 * so rows are added without JavaScript too and nothing typed elsewhere is lost.
 */
export function ClaimEditorFields({ values, errors, more, layout }: { values: ClaimFormValues; errors: Record<string, string>; more: MoreRows | null; layout: ClaimFormLayout }) {
  const field = fieldsOf(errors, "claim");
  return (
    <>
      <Section id="claim-basics" title="The claim and its landing page">
        <div className="grid gap-4 sm:grid-cols-2">
          {layout.basics.map((b) =>
            "long" in b ? (
              <TextAreaField key={b.key} {...field(b.key)} label={b.label} defaultValue={values.basics[b.key]} rows={3} />
            ) : b.key === "accent" ? (
              <TextField key={b.key} {...field(b.key)} label={b.label} defaultValue={values.basics[b.key]} type="color" className={`${inputBase} w-24`} />
            ) : (
              <TextField key={b.key} {...field(b.key)} label={b.label} defaultValue={values.basics[b.key]} autoComplete="off" />
            ),
          )}
        </div>
        <h3 className="font-bold">Questions and answers on the landing page</h3>
        <RowEditor rows={values.faq} empty={layout.emptyRows.faq as FaqRow} more={more === "faq"} moreIntent="more-faq" moreLabel="More questions and answers" removeLabel="Remove question and answer">
          {(row, i) => (
            <div className="grid gap-2 sm:grid-cols-2">
              <TextField {...field(`faq.${i}.question`, "faqQuestion", `faq-question-${i}`)} label={`Question ${i + 1}`} defaultValue={row.question} autoComplete="off" />
              <TextAreaField {...field(`faq.${i}.answer`, "faqAnswer", `faq-answer-${i}`)} label={`Answer ${i + 1}`} defaultValue={row.answer} rows={2} />
            </div>
          )}
        </RowEditor>
      </Section>

      <Section id="claim-steps" title="Steps of the form">
        <p id="step-help" className="text-sm text-slate-700">
          The form asks its questions step by step, in this order. Each question below names its step by number. A step may open with a panel (such
          as "What happens next?"): its title, and its points one a line; leave the title empty for none.
        </p>
        <RowEditor rows={values.steps} empty={layout.emptyRows.step as StepRow} more={more === "steps"} moreIntent="more-steps" moreLabel="More steps" removeLabel="Remove step">
          {(row, i) => (
            <div className="grid gap-2 sm:grid-cols-3">
              <TextField {...field(`steps.${i}.title`, "stepTitle", `step-title-${i}`)} label={`Step ${i + 1}: title`} defaultValue={row.title} autoComplete="off" />
              <TextField {...field(`steps.${i}.panelTitle`, "stepPanelTitle", `step-panel-title-${i}`)} label="Panel title (optional)" defaultValue={row.panelTitle} autoComplete="off" sharedHelp="step-help" />
              <TextAreaField {...field(`steps.${i}.panelPoints`, "stepPanelPoints", `step-panel-points-${i}`)} label="Panel points, one a line" defaultValue={row.panelPoints} rows={2} sharedHelp="step-help" />
            </div>
          )}
        </RowEditor>
      </Section>

      <Section id="claim-questions" title="Questions">
        <p id="question-help" className="text-sm text-slate-700">
          The name is how rules and lead columns refer to the answer: a letter, then letters, digits or _. Options, one a line: the label, or{" "}
          <code>value | Label</code>; add <code>| exclusive</code> to a "none of these" checkbox. Yes-or-no questions need none.
        </p>
        <RowEditor rows={values.fields} empty={layout.emptyRows.field as FieldRow} more={more === "fields"} moreIntent="more-fields" moreLabel="More questions" removeLabel="Remove question">
          {(row, i) => <QuestionRow row={row} i={i} field={field} layout={layout} />}
        </RowEditor>
      </Section>

      <ClaimOutcomeFields values={values} field={field} more={more} layout={layout} />
    </>
  );
}

function QuestionRow({ row, i, field, layout }: { row: FieldRow; i: number; field: FieldProps; layout: ClaimFormLayout }) {
  const open = MORE_SETTINGS.some((key) => row[key].trim() || field(`fields.${i}.${key}`).error);
  return (
    <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
      <TextField {...field(`fields.${i}.step`, "fieldStep", `field-step-${i}`)} label={`Question ${i + 1}: step`} defaultValue={row.step} inputMode="numeric" autoComplete="off" />
      <TextField {...field(`fields.${i}.label`, "fieldLabel", `field-label-${i}`)} label="Label" defaultValue={row.label} autoComplete="off" />
      <TextField {...field(`fields.${i}.name`, "fieldName", `field-name-${i}`)} label="Name" defaultValue={row.name} autoComplete="off" sharedHelp="question-help" />
      <SelectField {...field(`fields.${i}.kind`, "fieldKind", `field-kind-${i}`)} label="Kind" defaultValue={row.kind}>
        {layout.kinds.map((kind) => (
          <option key={kind} value={kind}>
            {KIND_LABELS[kind] ?? kind}
          </option>
        ))}
      </SelectField>
      <SelectField {...field(`fields.${i}.required`, "fieldRequired", `field-required-${i}`)} label="Answer" defaultValue={row.required}>
        <option value="required">Required</option>
        <option value="optional">Optional</option>
      </SelectField>
      <TextAreaField {...field(`fields.${i}.options`, "fieldOptions", `field-options-${i}`)} label="Options, one a line" defaultValue={row.options} rows={2} sharedHelp="question-help" />
      <TextField {...field(`fields.${i}.hint`, "fieldHint", `field-hint-${i}`)} label="Hint (optional)" defaultValue={row.hint} autoComplete="off" />
      <TextField {...field(`fields.${i}.requiredMessage`, "fieldRequiredMessage", `field-required-message-${i}`)} label="Message if blank" defaultValue={row.requiredMessage} autoComplete="off" />
      <TextField {...field(`fields.${i}.invalidMessage`, "fieldInvalidMessage", `field-invalid-message-${i}`)} label="Message if not valid" defaultValue={row.invalidMessage} autoComplete="off" />
      {/* Closed unless used: most questions need none of these, and a native disclosure works without JavaScript. */}
      <details open={open} className="sm:col-span-2 lg:col-span-4">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold">Question {i + 1}: more settings (limits, privacy, placeholder)</summary>
        <p id={`field-more-help-${i}`} className="text-sm text-slate-700">
          A date is never in the future; its earliest day is the days back before today (365 when empty). A number&apos;s limits are its smallest and
          largest answer; a text&apos;s or name&apos;s, its shortest and longest. Empty: the engine&apos;s default.
        </p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          <TextField {...field(`fields.${i}.pastDays`, "fieldPastDays", `field-past-days-${i}`)} label="Date: earliest day, in days back" defaultValue={row.pastDays} inputMode="numeric" autoComplete="off" sharedHelp={`field-more-help-${i}`} />
          <TextField {...field(`fields.${i}.min`, "fieldMin", `field-min-${i}`)} label="Smallest or shortest" defaultValue={row.min} inputMode="decimal" autoComplete="off" sharedHelp={`field-more-help-${i}`} />
          <TextField {...field(`fields.${i}.max`, "fieldMax", `field-max-${i}`)} label="Largest or longest" defaultValue={row.max} inputMode="decimal" autoComplete="off" sharedHelp={`field-more-help-${i}`} />
          <SelectField {...field(`fields.${i}.privacy`, "fieldPrivacy", `field-privacy-${i}`)} label="On the public certificate" defaultValue={row.privacy}>
            {["", ...layout.privacy].map((privacy) => (
              <option key={privacy} value={privacy}>
                {PRIVACY_LABELS[privacy] ?? privacy}
              </option>
            ))}
          </SelectField>
          <TextField {...field(`fields.${i}.futureMessage`, "fieldFutureMessage", `field-future-message-${i}`)} label="Message if the date is in the future" defaultValue={row.futureMessage} autoComplete="off" />
          <TextField {...field(`fields.${i}.rangeMessage`, "fieldRangeMessage", `field-range-message-${i}`)} label="Message if too early or out of range" defaultValue={row.rangeMessage} autoComplete="off" />
          <TextField {...field(`fields.${i}.shortMessage`, "fieldShortMessage", `field-short-message-${i}`)} label="Message if too short" defaultValue={row.shortMessage} autoComplete="off" />
          <TextField {...field(`fields.${i}.placeholder`, "fieldPlaceholder", `field-placeholder-${i}`)} label="Placeholder (optional)" defaultValue={row.placeholder} autoComplete="off" />
          <TextField {...field(`fields.${i}.autoComplete`, "fieldAutoComplete", `field-auto-complete-${i}`)} label="Browser autofill, such as given-name (optional)" defaultValue={row.autoComplete} autoComplete="off" />
        </div>
      </details>
    </div>
  );
}
