import type * as z from "zod/mini";

export type CaseSlug = "mva" | "pfas" | "mesothelioma" | "video-game" | "rideshare" | "afff" | "roundup" | "depo-provera";

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
}

export interface StepSpec {
  title: string;
  fields: readonly FieldSpec[];
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

export interface ClaimDefinition<S extends z.ZodMiniObject = z.ZodMiniObject> {
  slug: CaseSlug;
  /** Stored in leads.case_type and the certificate's form_type. */
  caseType: string;
  routes: { landing: string; form: string };
  steps: readonly StepSpec[];
  /** The whole submission; each step validates with the part of it that holds its fields. */
  schema: S;
  gating: Gating;
  /** The busy label stays at least this long (the spec's artificial delay, without a server sleep). */
  minBusyMs: number;
  consentField: string;
  consentText(site: SiteIdentity): string;
  copy: {
    formTitle: string;
    formIntro: string;
    submit: string;
    submitting: string;
    /** Shown above the form when the submission is rejected, e.g. 'Missing required fields'. */
    invalidSummary: string;
  };
  eligibility?(answers: z.infer<S>): Eligibility;
  toLead(answers: z.infer<S>): LeadColumns;
  /** Where the visitor goes once the lead is saved. */
  resultPath(outcome: Outcome | null, leadId: string): string;
}
