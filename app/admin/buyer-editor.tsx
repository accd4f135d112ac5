import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { adminButton, primaryButton } from "./admin-header";
import { BuyerDeliveryFields, SystemDeliverySection } from "./buyer-delivery-fields";
import { buyerTextOf } from "./buyer-field-errors";
import type { BuyerFormErrors, BuyerFormValues } from "./buyer-form-values";
import { BuyerMappingFields, type MoreRows } from "./buyer-mapping-fields";
import { BuyerRuleFields } from "./buyer-rule-fields";
import { Choice, hintClass, labelClass, TextField } from "./kit/field";
import { FormSection as Section } from "./kit/section";
import type { SystemBuyerView } from "./system-buyer-view";

export type { MoreRows } from "./buyer-mapping-fields";

interface Props {
  values: BuyerFormValues;
  errors: BuyerFormErrors;
  moreRows: MoreRows | null;
  /** The credentials typed before the operator asked for more rows without JavaScript. */
  typedCredentials?: string;
  /** On a saved buyer: the last four of its credentials, or null when it has none; undefined on a new buyer. */
  savedCredentials: string | null | undefined;
  claims: ReadonlyArray<{ caseType: string; name: string }>;
  placeholders: { lead: readonly string[]; credentials: string };
  /** A system buyer: its name and delivery are the server's, so the form says where they are set instead of offering them. */
  system: SystemBuyerView | null;
}

/**
 * The buyer form. It posts plainly, so it works without JavaScript; the server answers an error with
 * the same values and a message next to each field it is about. Its parts: the buyer's name, state and
 * price here; delivery, mapping and rules in the modules beside it.
 */
export function BuyerEditor({ values, errors, moreRows, typedCredentials, savedCredentials, claims, placeholders, system }: Props) {
  const errorCount = Object.keys(errors).length;
  const summary = useRef<HTMLDivElement>(null);
  // Drawn afresh for every answer (keyed by it), so this runs once per answer with errors.
  useEffect(() => {
    if (errorCount) summary.current?.focus();
  }, [errorCount]);

  const text = buyerTextOf(errors, values);

  return (
    <Form method="post" noValidate className="space-y-6">
      {errorCount ? (
        <div ref={summary} tabIndex={-1} role="alert" className="rounded-2xl border-2 border-red-300 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">
            The buyer is not saved: please correct the {errorCount === 1 ? "field" : `${errorCount} fields`} marked below.
          </p>
          {errors._form ? <p className="mt-1">{errors._form}</p> : null}
        </div>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/admin/buyers" className="inline-flex min-h-11 items-center font-semibold text-brand underline">
          ← All buyers
        </Link>
        {/* First in the form, so that Enter in a field saves rather than adding rows. */}
        <SaveButton />
      </div>

      <Section id="buyer-basics" title="Buyer">
        {system ? (
          <div>
            <p className={labelClass}>Name</p>
            <p className="mt-1">{values.name}</p>
            <p className={hintClass}>{system.nameSource}</p>
          </div>
        ) : (
          <TextField {...text("name")} label="Name" />
        )}
        <Choice name="active" defaultChecked={values.active} label="Active" description="A paused buyer gets no new leads." />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...text("price")}
            label="Price per lead ($)"
            inputMode="decimal"
            placeholder="45.00"
            hint="What the buyer pays for each lead it takes outside an auction, for the report's revenue. Empty: no price."
          />
        </div>
      </Section>

      {system ? (
        <SystemDeliverySection system={system} />
      ) : (
        <>
          <BuyerDeliveryFields values={values} errors={errors} savedCredentials={savedCredentials} typedCredentials={typedCredentials} />
          <BuyerMappingFields values={values} errors={errors} moreRows={moreRows} placeholders={placeholders} />
        </>
      )}

      <BuyerRuleFields values={values} errors={errors} claims={claims} />

      <div className="flex flex-wrap gap-2">
        <SaveButton />
        <Link to="/admin/buyers" className={`${adminButton} border border-slate-300 bg-white hover:bg-slate-50`}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function SaveButton() {
  return (
    <button type="submit" name="intent" value="save" className={primaryButton}>
      Save buyer
    </button>
  );
}
