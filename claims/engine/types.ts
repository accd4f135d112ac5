import type * as z from "zod/mini";

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

export type Outcome = "eligible" | "partial" | "ineligible";

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
}

export type Gating = "next-disabled-until-complete" | "validate-on-next";

/** One variant of a claim's result screen. */
export interface ResultCopy {
  heading: string;
  message: string;
}

/** What the server knows when it stores the lead, for claims that keep extra fields in form_data. */
export interface SubmissionContext {
  ip: string | null;
  userAgent: string | null;
  pageUrl: string | null;
  certificateUrl: string | null;
}

export interface ClaimDefinition<S extends z.ZodMiniObject = z.ZodMiniObject> {
  /** Names the claim in URLs (/api/leads/{slug}, /start/{slug}) and its theme; a new claim adds its own. */
  slug: string;
  /** Stored in leads.case_type and the certificate's form_type. */
  caseType: string;
  routes: { landing: string; form: string };
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
    /** Shown above the form when the submission is rejected, e.g. 'Missing required fields'. */
    invalidSummary: string;
    /** Shown when the lead could not be saved; the answers stay on the form. */
    submitError: string;
    /** Shown on the result screen once the lead is saved; `{id}` becomes the lead id. */
    savedNotice: string;
    /** 'within 24 hours' or 'within 24-48 hours' (spec section 9). */
    contactWithin: string;
  };
  /**
   * The result screen, by eligibility outcome ('none' for claims without eligibility). Claims whose
   * results live on their own pages give `resultPath` instead.
   */
  results?: Partial<Record<Outcome | "none", ResultCopy>>;
  resultPath?(outcome: Outcome | null, leadId: string): string;
  /** After the result: 'Return to Home' (default) or the spec's 'Submit Another Claim'. */
  resultAction?: "home" | "submit-another";
  eligibility?(answers: z.infer<S>): Eligibility;
  toLead(answers: z.infer<S>): LeadColumns;
  /** Lead-buying partners that receive this claim's leads besides the operator's webhook. */
  partners?: readonly "legal-bridge"[];
  /** Extra fields stored in form_data, e.g. a partner's submission fields. */
  extraFormData?(answers: z.infer<S>, context: SubmissionContext): Record<string, unknown>;
}
