import { centsOfDollars, dollarsOf } from "./buyer-form-values";

/** What /admin/suppliers' form shows: text as typed, so a refused form comes back as it was. */
export interface SupplierFormValues {
  name: string;
  claimSlugs: string[];
  /** Empty: no cap. */
  dailyCap: string;
  /** Dollars as typed ("12.50"). */
  payout: string;
}

export const NEW_SUPPLIER_VALUES: SupplierFormValues = { name: "", claimSlugs: [], dailyCap: "", payout: "0" };

export function supplierFormValues(supplier: { name: string; claimSlugs: string[]; dailyCap: number | null; payoutCents: number }): SupplierFormValues {
  return {
    name: supplier.name,
    claimSlugs: supplier.claimSlugs,
    dailyCap: supplier.dailyCap === null ? "" : String(supplier.dailyCap),
    payout: `${Math.floor(supplier.payoutCents / 100)}.${String(supplier.payoutCents % 100).padStart(2, "0")}`,
  };
}

export const CAP_MESSAGE = "Enter the daily cap as a whole number of leads, or leave it empty for no cap.";
export const PAYOUT_MESSAGE = "Enter the payout in dollars and cents, such as 12 or 12.50.";

/**
 * The form's values, and what the supplier service takes (money in whole cents); a field the form
 * itself cannot read (a cap in words, a payout with fractions of a cent) is an error named after it.
 */
export function readSupplierForm(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "");
  const values: SupplierFormValues = {
    name: text("name").trim(),
    claimSlugs: form.getAll("claimSlugs").map(String),
    dailyCap: text("dailyCap").trim(),
    payout: text("payout").trim(),
  };
  const errors: Record<string, string> = {};
  let dailyCap: number | null = null;
  if (values.dailyCap) {
    if (/^\d+$/.test(values.dailyCap)) dailyCap = Number(values.dailyCap);
    else errors.dailyCap = CAP_MESSAGE;
  }
  const dollars = dollarsOf(values.payout || "0");
  if (dollars === undefined) errors.payout = PAYOUT_MESSAGE;
  const input = { name: values.name, claimSlugs: values.claimSlugs, dailyCap, payoutCents: centsOfDollars(dollars ?? 0) };
  return { values, input, errors };
}

/** The service's errors under the form's field names (it names the payout in cents). */
export function formErrorsOfSupplier(errors: Record<string, string>): Record<string, string> {
  const named: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const name = field === "payoutCents" ? "payout" : field.split(".")[0]!;
    named[name] ??= message;
  }
  return named;
}
