import type { FieldSpec } from "./types";

/** The lead's contact columns; a claim that asks for them by these names asks for contact details. */
const CONTACT_NAMES = new Set(["fn", "ln", "em", "ph", "st"]);

/**
 * HTML autocomplete tokens that say a field identifies or locates a person (WHATWG autofill names:
 * name parts, e-mail, phone, postal address, birthday).
 */
const CONTACT_AUTOCOMPLETE = /^(?:name|honorific-prefix|given-name|additional-name|family-name|honorific-suffix|nickname|email|tel(?:-.*)?|street-address|address-line\d|address-level\d|postal-code|country|country-name|bday(?:-.*)?|sex)$/;

/**
 * Whether an answer may identify or reach the claimant (name, e-mail, phone, address, birthday) rather
 * than describe the claim: what a lead shown to someone who has not bought it must leave out. Free
 * text counts too: a visitor describing an accident writes names and places in it, which is why the
 * public certificate page summarises it instead of showing it.
 */
export function isIdentifyingField(field: FieldSpec): boolean {
  if (field.privacy) return true;
  if (field.kind === "email" || field.kind === "tel") return true;
  if (CONTACT_NAMES.has(field.name)) return true;
  const tokens = field.autoComplete?.trim().toLowerCase().split(/\s+/) ?? [];
  // The last token names the field; the ones before it (section-*, shipping, home) only qualify it.
  const named = tokens.at(-1);
  return named !== undefined && CONTACT_AUTOCOMPLETE.test(named);
}
