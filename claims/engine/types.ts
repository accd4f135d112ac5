import type * as z from "zod/mini";
import type { LandingContent, Outcome, ResultPage } from "./landing-types";
import type { DataClaim } from "./data-claim/data-claim-schema";
import type { Locale } from "./locale";

export type FieldKind =
  | "text"
  | "email"
  | "tel"
  | "select"
  | "radio"
  | "checkboxes"
  | "date"
  | "consent"
  | "textarea"
  | "number";

export interface Option {
  value: string;
  label: string;
  /** Checkbox groups: an answer that excludes every other ('None of these'). */
  exclusive?: boolean;
}

/** How the public certificate page shows a field: personal data is masked, free text summarised. */
export type Privacy = "name" | "email" | "phone" | "free-text";

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  options?: readonly Option[];
  placeholder?: string;
  autoComplete?: string;
  hint?: string;
  optional?: boolean;
  privacy?: Privacy;
  /** date fields: how many days back the calendar reaches (today is the last day). */
  pastDays?: number;
  /** number fields: the accepted range, also given to the browser's spin button. */
  min?: number;
  max?: number;
}

/** A short information panel shown at the top of a step, e.g. the spec's 'What happens next?'. */
export interface StepPanel {
  title: string;
  points: readonly string[];
}

export interface StepSpec {
  title: string;
  fields: readonly FieldSpec[];
  panel?: StepPanel;
}

export type { Outcome };

export interface Eligibility {
  outcome: Outcome;
  /** Stored as eligibility_reason, e.g. 'Eligible' / 'Partial' / 'Ineligible'. */
  reason: string;
}

/** The lead columns a claim fills; everything else on the row is common to all claims. */
export interface LeadColumns {
  fn: string | null;
  ln: string | null;
  em: string | null;
  ph: string | null;
  st: string | null;
  tcpa: boolean;
  accident_date?: string | null;
  notes?: string | null;
  cq?: Partial<Record<1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10, string | null>>;
}

export interface SiteIdentity {
  name: string;
  phone: string;
  email: string;
  /** The postal address the footer shows; empty or absent when the operator has not given one. */
  address?: string;
  /**
   * The consent text the operator published (docs/decisions/055): its template (`{brand}` for the name)
   * and its version, which the certificate records. Absent: the built-in text, unversioned.
   */
  consent?: { template: string; version: number };
  /** The language the visitor reads (docs/decisions/058); absent: English. */
  language?: Locale;
  /** The published Spanish consent text (`consent-text:es`) and its version, which a Spanish page shows as `consent`. */
  consentEs?: { template: string; version: number };
}

export type Gating = "next-disabled-until-complete" | "validate-on-next";

/** One variant of a claim's result screen. */
export interface ResultCopy {
  heading: string;
  message: string;
  /** A phone line for help outside the claim, shown as a tel: link (e.g. rideshare's support hotline). */
  help?: { text: string; number: string; tel: string };
}

/** What the server knows about the request when it stores the lead. */
export interface SubmissionContext {
  ip: string | null;
  userAgent: string | null;
  pageUrl: string | null;
  certificateUrl: string | null;
}

/** A submission as it is stored: the lead's contact columns and consent, and the request. */
export type SubmittedLead = Pick<LeadColumns, "fn" | "ln" | "em" | "ph" | "st" | "tcpa"> & SubmissionContext;

// Method syntax keeps a definition of specific answers assignable to ClaimDefinition (as toLead is).
type Bivariant<F extends (...args: never[]) => unknown> = { fn(...args: Parameters<F>): ReturnType<F> }["fn"];

/** A lead-buying partner; its endpoint, API key and display name are server configuration. */
export type PartnerId = "legal-bridge";

/**
 * Where one field sent to a partner comes from: a fact of the submitted lead (`"fn"`), a constant
 * (`{ value }`), the partner's API key from server configuration (`{ apiKey: true }`, filled in when
 * sending and never stored), or a small pure function of the answers and the submitted lead.
 */
export type PartnerFieldSource<A> =
  | keyof SubmittedLead
  | { value: string }
  | { apiKey: true }
  | Bivariant<(answers: A, lead: SubmittedLead) => string>;

/** One partner that receives a claim's leads, and the fields it gets, in the order they are sent. */
export interface PartnerDelivery<A = Record<string, unknown>> {
  partner: PartnerId;
  /** A multipart form POST, or a JSON body. */
  format: "multipart" | "json";
  fields: Readonly<Record<string, PartnerFieldSource<A>>>;
  /** A 2xx JSON answer whose `field` equals `value` is a rejection, with its message in `messageField`. */
  rejection?: { field: string; value: string; messageField: string };
}

/** The fields a claim adds to the common webhook payload, each computed from the stored answers. */
export interface WebhookExtras<A = Record<string, unknown>> {
  extraFields: Readonly<Record<string, Bivariant<(answers: A) => unknown>>>;
}

export interface ClaimDefinition<S extends z.ZodMiniObject = z.ZodMiniObject> {
  /** The claim's name in URLs (/start/<slug>, /api/leads/<slug>) and its theme class (theme-<slug>). */
  slug: string;
  /** Stored in leads.case_type and the certificate's form_type. */
  caseType: string;
  /** `landingAliases`: other addresses of the landing page, which name `landing` as canonical. */
  routes: { landing: string; landingAliases?: readonly string[]; form: string };
  landing: LandingContent;
  steps: readonly StepSpec[];
  /** The whole submission; each step validates with the part of it that holds its fields. */
  schema: S;
  gating: Gating;
  /** The busy label stays at least this long (the spec's artificial delay, without a server sleep). */
  minBusyMs: number;
  consentText(site: SiteIdentity): string;
  copy: {
    formTitle: string;
    formIntro: string;
    /** The forward button; 'Next' unless the spec names it otherwise ('Continue'). */
    next?: string;
    submit: string;
    submitting: string;
    /** Shown when the lead could not be saved; the answers stay on the form. */
    submitError: string;
    /** Shown on the result screen once the lead is saved; `{id}` becomes the lead id. */
    savedNotice: string;
    /** 'within 24 hours' or 'within 24-48 hours' (spec section 9). */
    contactWithin: string;
  };
  /**
   * The result screen, by eligibility outcome ('none' for claims without eligibility). Claims whose
   * results live on pages of their own give `resultPages` instead.
   */
  results?: Partial<Record<Outcome | "none", ResultCopy>>;
  resultPages?: readonly ResultPage[];
  /**
   * Extras of the form page: a 'Back to Home' button above the form, and a panel with the site's
   * phone and e-mail below it (the spec gives PFAS both).
   */
  formPage?: { backToHome?: boolean; contactPanel?: boolean };
  /** After the result: 'Return to Home' (default) or the spec's 'Submit Another Claim'. */
  resultAction?: "home" | "submit-another";
  eligibility?(answers: z.infer<S>): Eligibility;
  toLead(answers: z.infer<S>): LeadColumns;
  /** The language of this definition's texts and addresses: a Spanish one comes from claims/engine/localize.ts. */
  locale?: Locale;
  /**
   * A Spanish definition's translation of the texts its schema and the lead service give in English
   * (validation messages and summaries); absent: the texts as they are.
   */
  translate?(text: string): string;
  /** Fields this claim adds to the operator's webhook payload (after the common ones). */
  webhook?: WebhookExtras<z.infer<S>>;
  /**
   * Lead-buying partners that receive this claim's leads besides the operator's webhook: one outbox
   * row each. Their fields (all but the API key) are also recorded in the lead's form_data.
   */
  partners?: readonly PartnerDelivery<z.infer<S>>[];
  /** Claims defined as data at /admin/claims (docs/decisions/059): the version the site runs, and whether it is paused. */
  data?: DataClaimData;
}

/** What a claim defined as data adds: its stored version (leads and certificates record it) and whether it takes leads. */
export interface DataClaimFacts {
  version: number;
  /** Paused: the landing says the claim is closed, and no lead is taken. */
  paused: boolean;
}

/** A compiled claim defined as data: its facts and the JSON it was compiled from, which its form page hands the browser (docs/decisions/064). */
export interface DataClaimData extends DataClaimFacts {
  source: DataClaim;
}
