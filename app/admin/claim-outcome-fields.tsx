import type { ClaimFormValues, ConditionRow, RuleRow } from "../../server/data-claims/claim-form";
import type { ClaimsConsole, MoreRows } from "../../server/data-claims/claims-console";
import type { fieldsOf } from "./kit/field";
import { inputBase, SelectField, TextAreaField, TextField } from "./kit/field";
import { RowEditor } from "./kit/row-editor";
import { FormSection as Section } from "./kit/section";

const OUTCOME_LABELS: Record<string, string> = { eligible: "Eligible", partial: "Partly eligible", ineligible: "Not eligible", none: "No rules (thank you)" };
const TEST_LABELS: Record<string, string> = {
  is: "is",
  isNot: "is not",
  in: "is one of (one a line)",
  notIn: "is none of (one a line)",
  includes: "includes (checkboxes)",
  answered: "is answered",
  notAnswered: "is left blank",
};

type Field = ReturnType<typeof fieldsOf>;
type Layout = ClaimsConsole["layout"];

/** The editor's eligibility rules, result screens and lead columns (./claim-editor-fields.tsx draws the rest). */
export function ClaimOutcomeFields({ values, field, more, layout }: { values: ClaimFormValues; field: Field; more: MoreRows | null; layout: Layout }) {
  const names = values.fields.map((f) => f.name).filter(Boolean);
  return (
    <>
      <datalist id="question-names">
        {names.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <Section id="claim-rules" title="Eligibility rules">
        {values.rulesInForm ? (
          <>
            <p id="rules-help" className="text-sm text-slate-700">
              The first rule whose conditions hold decides the outcome (all of them, or any one); the reason is stored on the lead. When none
              holds, "otherwise" decides. Each condition names its rule by number and a question by its name.
            </p>
            <RowEditor rows={values.rules} empty={layout.emptyRows.rule as RuleRow} more={more === "rules"} moreIntent="more-rules" moreLabel="More rules" removeLabel="Remove rule">
              {(row, i) => (
                <div className="grid gap-2 sm:grid-cols-3">
                  <SelectField {...field(`rules.${i}.match`, "ruleMatch", `rule-match-${i}`)} label={`Rule ${i + 1}: when`} defaultValue={row.match}>
                    <option value="all">all of its conditions hold</option>
                    <option value="any">any of its conditions holds</option>
                  </SelectField>
                  <SelectField {...field(`rules.${i}.outcome`, "ruleOutcome", `rule-outcome-${i}`)} label="Outcome" defaultValue={row.outcome}>
                    {layout.outcomes.map((o) => (
                      <option key={o} value={o}>
                        {OUTCOME_LABELS[o]}
                      </option>
                    ))}
                  </SelectField>
                  <TextField {...field(`rules.${i}.reason`, "ruleReason", `rule-reason-${i}`)} label="Reason" defaultValue={row.reason} autoComplete="off" />
                </div>
              )}
            </RowEditor>
            <h3 className="font-bold">Conditions</h3>
            <RowEditor
              rows={values.conditions}
              empty={layout.emptyRows.condition as ConditionRow}
              more={more === "conditions"}
              moreIntent="more-conditions"
              moreLabel="More conditions"
              removeLabel="Remove condition"
            >
              {(row, i) => (
                <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
                  <TextField {...field(`conditions.${i}.rule`, "conditionRule", `condition-rule-${i}`)} label={`Condition ${i + 1}: rule`} defaultValue={row.rule} inputMode="numeric" autoComplete="off" />
                  <TextField {...field(`conditions.${i}.answer`, "conditionAnswer", `condition-answer-${i}`)} label="Question's name" defaultValue={row.answer} list="question-names" autoComplete="off" />
                  <SelectField {...field(`conditions.${i}.test`, "conditionTest", `condition-test-${i}`)} label="Test" defaultValue={row.test}>
                    {layout.tests.map((t) => (
                      <option key={t} value={t}>
                        {TEST_LABELS[t]}
                      </option>
                    ))}
                  </SelectField>
                  <TextAreaField {...field(`conditions.${i}.value`, "conditionValue", `condition-value-${i}`)} label="Value" defaultValue={row.value} rows={1} />
                </div>
              )}
            </RowEditor>
            <div className="grid gap-2 sm:grid-cols-2">
              <SelectField {...field("otherwiseOutcome")} label="Otherwise" defaultValue={values.otherwiseOutcome}>
                <option value="">No rules: every lead is taken, and the thank-you screen shows</option>
                {layout.outcomes.map((o) => (
                  <option key={o} value={o}>
                    {OUTCOME_LABELS[o]}
                  </option>
                ))}
              </SelectField>
              <TextField {...field("otherwiseReason")} label="Otherwise: reason" defaultValue={values.otherwiseReason} autoComplete="off" />
            </div>
          </>
        ) : (
          <p className="text-sm text-slate-700">
            These rules nest conditions deeper than this form shows (a "not", or all/any inside another): edit them under "Advanced: JSON". Saving
            this form keeps them as they are.
          </p>
        )}
      </Section>

      <Section id="claim-results" title="Result screens">
        <p className="text-sm text-slate-700">What the visitor reads after submitting, for each outcome the rules can give (without rules: the thank-you screen). Leave both empty for none.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {layout.resultScreens.map((screen) => (
            <fieldset key={screen} className="min-w-0 space-y-2 rounded-lg bg-slate-50 p-3">
              <legend className="font-semibold">{OUTCOME_LABELS[screen]}</legend>
              <TextField {...field(`result.${screen}.heading`)} label="Heading" defaultValue={values.results[screen].heading} autoComplete="off" />
              <TextAreaField {...field(`result.${screen}.message`)} label="Message" defaultValue={values.results[screen].message} rows={2} />
            </fieldset>
          ))}
        </div>
      </Section>

      <Section id="claim-lead" title="Lead columns">
        <p id="lead-help" className="text-sm text-slate-700">
          Where each column of the lead comes from: a question's name, or a fixed value. Columns left empty stay empty. A question with several
          answers (checkboxes) is written as one list: its separator is a comma and a space unless given. A column that reads the same question
          keeps how else it reads it (a translation of its answers, part of a name); see the JSON.
        </p>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {layout.leadColumns.map((column) => (
            <fieldset key={column.key} className="min-w-0 rounded-lg bg-slate-50 p-3">
              <legend className="font-semibold">
                {column.label}
                {column.required ? "" : " (optional)"}
              </legend>
              <div className="grid grid-cols-2 gap-2">
                <TextField {...field(`lead.${column.key}`, `lead.${column.key}.answer`)} label="Question" defaultValue={values.lead[column.key]?.answer ?? ""} list="question-names" autoComplete="off" />
                {column.key === "tcpa" ? null : (
                  <>
                    <TextField {...field(`lead.${column.key}.value`, `lead.${column.key}.value`)} label="or value" defaultValue={values.lead[column.key]?.value ?? ""} autoComplete="off" />
                    <TextField
                      {...field(`lead.${column.key}.join`, `lead.${column.key}.join`)}
                      label="List separator (optional)"
                      defaultValue={values.lead[column.key]?.join ?? ""}
                      autoComplete="off"
                      maxLength={10}
                      sharedHelp="lead-help"
                      className={`${inputBase} w-24`}
                    />
                  </>
                )}
              </div>
            </fieldset>
          ))}
        </div>
      </Section>
    </>
  );
}
