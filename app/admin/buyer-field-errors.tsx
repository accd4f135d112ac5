import type { BuyerFormErrors, BuyerFormValues } from "./buyer-form-values";
import { FieldError, fieldsOf, typedFieldsOf } from "./kit/field";

// The buyer form's ids: a field's is `buyer-<key>`, the error of a group of choices `buyer-<name>-error`.

export const buyerFieldsOf = (errors: BuyerFormErrors) => fieldsOf(errors, "buyer");

/** A buyer text field's id, name, error and value as typed: `text("perDay")`. */
export const buyerTextOf = (errors: BuyerFormErrors, values: BuyerFormValues) => typedFieldsOf(errors, "buyer", values);

/** The error under a group of choices (the delivery method, the claim types, the open days). */
export function GroupError({ errors, name }: { errors: BuyerFormErrors; name: string }) {
  return <FieldError id={`buyer-${name}-error`} error={errors[name]} />;
}
