import type { ClaimFormValues, FaqRow, FieldRow, StepRow } from "../../server/data-claims/claim-form";
import type { ClaimsConsole, MoreRows } from "../../server/data-claims/claims-console";
import { fieldsOf, inputBase, SelectField, TextAreaField, TextField } from "./kit/field";
import { RowEditor } from "./kit/row-editor";
import { FormSection as Section } from "./kit/section";
import { ClaimOutcomeFields } from "./claim-outcome-fields";

export type ClaimFormLayout = ClaimsConsole["layout"];
export type FieldProps = ReturnType<typeof fieldsOf>;

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
        <p className="text-sm text-slate-700">The form asks its questions step by step, in this order. Each question below names its step by number.</p>
        <RowEditor rows={values.steps} empty={layout.emptyRows.step as StepRow} more={more === "steps"} moreIntent="more-steps" moreLabel="More steps" removeLabel="Remove step">
          {(row, i) => <TextField {...field(`steps.${i}.title`, "stepTitle", `step-title-${i}`)} label={`Step ${i + 1}: title`} defaultValue={row.title} autoComplete="off" />}
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
    </div>
  );
}
