import type { BuyerFormErrors } from "./buyer-form-values";
import { describedBy, FieldError, fieldsOf } from "./kit/field";

// The buyer form's ids: a field's is `buyer-<key>`, the error of a group of choices `buyer-<name>-error`.

export const buyerFieldsOf = (errors: BuyerFormErrors) => fieldsOf(errors, "buyer");

/** The error under a group of choices (the delivery method, the claim types, the open days). */
export function GroupError({ errors, name }: { errors: BuyerFormErrors; name: string }) {
  return <FieldError id={`buyer-${name}-error`} error={errors[name]} />;
}

export function groupDescribedBy(errors: BuyerFormErrors, name: string, help?: string): string | undefined {
  return describedBy(errors[name] && `buyer-${name}-error`, help);
}
