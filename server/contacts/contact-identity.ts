import { allFields, type FieldErrors } from "#claims/engine/form-values";
import type { ClaimDefinition } from "#claims/engine/types";
import { checkEmail, isDisposableEmail, normalizeEmail } from "./email-address";
import { checkUsPhone, e164OfCheckedPhone } from "./phone-number";

/** Why a lead is kept but flagged as low quality (leads.low_quality). */
export const LOW_QUALITY_REASONS = {
  "disposable-email": "Disposable e-mail address",
} as const;
export type LowQualityReason = keyof typeof LOW_QUALITY_REASONS;

/** What the console says of a lead's low_quality column: null when the lead is not low quality. */
export function lowQualityText(reason: string | null): string | null {
  if (reason === null) return null;
  return LOW_QUALITY_REASONS[reason as LowQualityReason] ?? reason;
}

/** The lead columns that say who a person is for duplicates and opt-outs, and how good the contact is. */
export interface ContactColumns {
  phone_e164: string | null;
  email_normalized: string | null;
  low_quality: LowQualityReason | null;
}

/**
 * The server's checks of a lead's phone and e-mail after its claim's schema took them: a phone
 * libphonenumber does not know as a US number, or an address the server's check refuses, is an error
 * on the field it came from.
 */
export function contactErrors(
  definition: ClaimDefinition,
  contact: { em: string | null; ph: string | null },
): FieldErrors {
  const errors: FieldErrors = {};
  const fieldOf = (privacy: "phone" | "email", fallback: string) =>
    allFields(definition).find((f) => f.privacy === privacy)?.name ?? fallback;
  if (contact.ph) {
    const phone = checkUsPhone(contact.ph);
    if (!phone.ok) errors[fieldOf("phone", "ph")] = phone.message;
  }
  if (contact.em) {
    const email = checkEmail(contact.em);
    if (!email.ok) errors[fieldOf("email", "em")] = email.message;
  }
  return errors;
}

/**
 * The contact columns of a lead whose phone and e-mail passed contactErrors (or, in the seed, were
 * made valid): no libphonenumber for a phone stored as the schemas store it, so a million seeded rows stay fast.
 */
export function contactColumns(contact: {
  em: string | null;
  ph: string | null;
}): ContactColumns {
  return {
    phone_e164: contact.ph ? e164OfCheckedPhone(contact.ph) : null,
    email_normalized: contact.em ? normalizeEmail(contact.em) : null,
    low_quality:
      contact.em && isDisposableEmail(contact.em) ? "disposable-email" : null,
  };
}
