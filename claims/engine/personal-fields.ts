import { consent, emailAddress, personName, usPhone, choice } from "./schema-builders";
import type { FieldSpec, Option, SiteIdentity } from "./types";
import { BUILT_IN_CONSENT_TEMPLATE_ES } from "./messages-es";

/** The contact questions most claims open with, and their schema, with one form's messages. */
export function personalFields(states: readonly Option[]): FieldSpec[] {
  return [
    { name: "fn", label: "First Name", kind: "text", autoComplete: "given-name", privacy: "name" },
    { name: "ln", label: "Last Name", kind: "text", autoComplete: "family-name", privacy: "name" },
    { name: "em", label: "Email Address", kind: "email", autoComplete: "email", privacy: "email" },
    { name: "ph", label: "Phone Number", kind: "tel", autoComplete: "tel-national", placeholder: "(555) 555-5555", privacy: "phone" },
    { name: "st", label: "State", kind: "select", options: states, placeholder: "Select your state", autoComplete: "address-level1" },
  ];
}

export interface PersonalMessages {
  firstNameRequired: string;
  firstNameShort: string;
  lastNameRequired: string;
  lastNameShort: string;
  emailRequired: string;
  emailInvalid: string;
  phoneRequired: string;
  phoneInvalid: string;
  state: string;
}

/** The messages of forms whose spec gives none of its own (PFAS's texts, with 'is required' for blanks). */
export const DEFAULT_PERSONAL_MESSAGES: PersonalMessages = {
  firstNameRequired: "First name is required",
  firstNameShort: "First name must be at least 2 characters",
  lastNameRequired: "Last name is required",
  lastNameShort: "Last name must be at least 2 characters",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Please enter a valid phone number",
  state: "Please select your state",
};

export function personalSchemaShape(states: readonly Option[], m: PersonalMessages = DEFAULT_PERSONAL_MESSAGES) {
  return {
    fn: personName(m.firstNameRequired, { min: 2, minMessage: m.firstNameShort, max: 100 }),
    ln: personName(m.lastNameRequired, { min: 2, minMessage: m.lastNameShort, max: 100 }),
    em: emailAddress(m.emailInvalid, m.emailRequired),
    ph: usPhone(m.phoneInvalid, m.phoneRequired),
    st: choice(states, m.state),
  };
}

/** The lead's contact columns, copied from the answers every claim with personalFields() has. */
export function contactColumns(a: { fn: string; ln: string; em: string; ph: string; st: string; tcpa: boolean }) {
  return { fn: a.fn, ln: a.ln, em: a.em, ph: a.ph, st: a.st, tcpa: a.tcpa };
}

export const TCPA_FIELD: FieldSpec = { name: "tcpa", label: "I agree to be contacted", kind: "consent" };

export const tcpaSchema = (message: string) => consent(message);

/** The built-in TCPA consent, `{brand}` for the site's name: the site content's consent-text version 1. */
export const BUILT_IN_CONSENT_TEMPLATE =
  "By checking this box and submitting this form, I agree that {brand} and its participating attorneys " +
  "may call and text me, including with automated technology and prerecorded messages, at the phone number " +
  "I provided about my claim. Consent is not a condition of purchasing any goods or services. " +
  "Message and data rates may apply; reply STOP to opt out. " +
  "You can revoke this consent at any time on our opt-out page, /opt-out.";

/** A text as a site shows it: every `{brand}` becomes the site's name (consent text, home hero). */
export const withBrand = (template: string, site: SiteIdentity): string => template.replaceAll("{brand}", site.name);

/** The TCPA consent shown beside the checkbox (the site's published one, else the built-in in the page's language); certificates store this exact text. */
export function tcpaConsentText(site: SiteIdentity): string {
  return withBrand(site.consent?.template ?? (site.language === "es" ? BUILT_IN_CONSENT_TEMPLATE_ES : BUILT_IN_CONSENT_TEMPLATE), site);
}

/** The site as a page in `language` shows it: a Spanish page shows the Spanish consent text and its version. */
export function siteInLanguage<S extends SiteIdentity>(site: S, language: "en" | "es"): S {
  if (language === "en") return site;
  const { consent: _english, consentEs, ...rest } = site;
  return { ...rest, language, ...(consentEs ? { consent: consentEs, consentEs } : {}) } as S;
}
