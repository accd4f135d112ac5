import type { BuyerFormErrors, BuyerFormValues } from "./buyer-form-values";
import { buyerFieldsOf, GroupError } from "./buyer-field-errors";
import { SelectField, TextField } from "./kit/field";
import { RowEditor } from "./kit/row-editor";
import { FormSection as Section } from "./kit/section";

/** Which list the operator asked for more empty rows in, without JavaScript. */
export type MoreRows = "fields" | "conditions";

/** A post buyer's field mapping and the conditions on its answer that say whether it took the lead. */
export function BuyerMappingFields({
  values,
  errors,
  moreRows,
  placeholders,
}: {
  values: BuyerFormValues;
  errors: BuyerFormErrors;
  moreRows: MoreRows | null;
  placeholders: { lead: readonly string[]; credentials: string };
}) {
  const field = buyerFieldsOf(errors);
  return (
    <>
    <Section id="buyer-mapping" title="Field mapping">
      <div id="mapping-help" className="space-y-2 text-sm text-slate-700">
        <p>
          For JSON and form posts: each of the buyer&apos;s fields, in the
          order sent, with its value. A value is a constant (
          <code>web</code>), a placeholder (<code>{"{fn}"}</code>) or text
          around placeholders (<code>{"{fn} {ln}"}</code>). Rows left
          empty are ignored.
        </p>
        <p>
          Placeholders:{" "}
          {[...placeholders.lead, placeholders.credentials].map(
            (name, i) => (
              <span key={name}>
                {i ? " " : ""}
                <code className="rounded bg-slate-100 px-1">{`{${name}}`}</code>
              </span>
            ),
          )}{" "}
          and{" "}
          <code className="rounded bg-slate-100 px-1">
            {"{answers.<field>}"}
          </code>{" "}
          for an answer of the claim&apos;s form, such as{" "}
          <code>{"{answers.diagnosis}"}</code>.
        </p>
      </div>
      <GroupError errors={errors} name="fields" />
      <RowEditor
        rows={values.fields}
        empty={{ name: "", template: "" }}
        more={moreRows === "fields"}
        moreIntent="more-fields"
        moreLabel="More mapping rows"
        removeLabel="Remove mapping row"
      >
        {(row, i) => (
          <div className="grid gap-2 sm:grid-cols-2">
          <TextField
            {...field(
              `fields.${i}.name`,
              "fieldName",
              `field-name-${i}`,
            )}
            label={`Buyer field ${i + 1}`}
            defaultValue={row.name}
            placeholder={i === 0 ? "first_name" : undefined}
            autoComplete="off"
          />
          <TextField
            {...field(
              `fields.${i}.template`,
              "fieldTemplate",
              `field-template-${i}`,
            )}
            label={`Value ${i + 1}`}
            defaultValue={row.template}
            placeholder={i === 0 ? "{fn}" : undefined}
            autoComplete="off"
            sharedHelp="mapping-help"
          />
          </div>
        )}
      </RowEditor>
    </Section>

    <Section id="buyer-acceptance" title="Acceptance">
      <p id="acceptance-help" className="text-sm text-slate-700">
        Any 2xx answer is accepted and anything else rejected, unless a
        condition on the buyer&apos;s JSON answer says otherwise; the
        first condition that matches decides. Once a condition says what
        acceptance looks like, an answer matching none is rejected. The
        field is a dot path such as <code>status</code> or{" "}
        <code>result.code</code>. The value <code>true</code>,{" "}
        <code>false</code>, <code>null</code> or a number is compared as
        that JSON value, anything else as text; put text that looks like
        one in quotes (<code>&quot;200&quot;</code>).
      </p>
      <RowEditor
        rows={values.conditions}
        empty={{ field: "", equals: "", means: "accepted", reasonField: "" }}
        more={moreRows === "conditions"}
        moreIntent="more-conditions"
        moreLabel="More conditions"
        removeLabel="Remove condition"
      >
        {(row, i) => (
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          <TextField
            {...field(
              `conditions.${i}.field`,
              "conditionField",
              `condition-field-${i}`,
            )}
            label={`Answer field ${i + 1}`}
            defaultValue={row.field}
            placeholder={i === 0 ? "status" : undefined}
            autoComplete="off"
          />
          <TextField
            {...field(
              `conditions.${i}.equals`,
              "conditionEquals",
              `condition-equals-${i}`,
            )}
            label={`Equals ${i + 1}`}
            defaultValue={row.equals}
            placeholder={i === 0 ? "Error" : undefined}
            autoComplete="off"
          />
          <SelectField id={`condition-means-${i}`} name="conditionMeans" label={`Means ${i + 1}`} defaultValue={row.means}>
            <option value="accepted">Accepted</option>
            <option value="rejected">Rejected</option>
          </SelectField>
          <TextField
            {...field(
              `conditions.${i}.reasonField`,
              "conditionReason",
              `condition-reason-${i}`,
            )}
            label={`Reason field ${i + 1} (optional)`}
            defaultValue={row.reasonField}
            placeholder={i === 0 ? "message" : undefined}
            autoComplete="off"
          />
          </div>
        )}
      </RowEditor>
    </Section>
    </>
  );
}
