import type { LeadSupplier } from "../suppliers/supplier-keys";
import type { SupplierEvidence } from "../suppliers/supplier-evidence";
import { recordedPartnerFields } from "#claims/engine/deliveries";
import type { ClaimDefinition, Outcome, SiteIdentity } from "#claims/engine/types";
import type { Locale } from "#claims/engine/locale";
import type { Insertable } from "kysely";
import type { Attribution } from "../attribution/attribution";
import { canonicalJson, sha256Hex } from "../certificates/canonical-json";
import { certificateUrl, newCertificateId } from "../certificates/certificate-id";
import { consentTextVersion } from "../consent-proof/consent-version";
import type { FillFacts } from "../consent-proof/fill-facts";
import type { ConsentPageCapture } from "../consent-proof/page-snapshots";
import type { LeadsTable, SubmissionCertificatesTable } from "../db/schema";
import { contactColumns } from "../contacts/contact-identity";
import { leadSearchColumns } from "../db/search-keys";

/** What the server knows about the request a submission came in, never taken from the body. */
export interface LeadRequestContext {
  ip: string | null;
  userAgent: string | null;
  /** The page the visitor submitted from (the certificate records it). */
  pageUrl: string | null;
  attribution: Attribution | null;
  /**
   * Renders the consent step of the form the visitor submitted (docs/decisions/026), called only when a
   * certificate is saved, with the site (and its consent text) the form was shown; null when a form has
   * none to render, absent for JSON API submissions, which have no page.
   */
  consentPage?: ((site: SiteIdentity) => Promise<ConsentPageCapture>) | null;
  /** The supplier whose key the lead API checked (docs/decisions/046); absent for our own forms. */
  supplier?: LeadSupplier | null;
  /** The experiment variant the visitor was shown, '<experiment id>:<key>' (docs/decisions/060); absent or null for none. */
  experimentVariant?: string | null;
  /** The language of the form the visitor filled in (docs/decisions/058); absent: English. */
  language?: Locale;
}

/** The hash that tells a replayed submission from a different one under the same submission key. */
export function submissionSha256(caseType: string, answers: Record<string, unknown>): string {
  return sha256Hex(canonicalJson({ caseType, answers }));
}

export interface LeadRecordInput {
  definition: ClaimDefinition;
  /** The answers as the claim's schema parsed them. */
  answers: Record<string, unknown>;
  leadId: string;
  submittedAt: Date;
  submissionKey: string;
  submissionSha256: string;
  isSpam: boolean;
  context: LeadRequestContext;
  siteUrl: string;
  site: SiteIdentity;
  /** How the form was filled in (docs/decisions/026); the seed records none. */
  fillFacts?: FillFacts | null;
  /** A supplier's lead: the consent it asserts, recorded as its word, never as a form we served. */
  supplierEvidence?: SupplierEvidence | null;
}

/**
 * The rows one submission is saved as: the lead (its claim's columns, the form_data record, the
 * eligibility and the derived search columns) and, when the visitor consented, its certificate.
 * Pure, so the lead service and the seed store leads the same way.
 */
export function leadRecord(input: LeadRecordInput) {
  const { definition, answers, submittedAt, context } = input;
  const eligibility = definition.eligibility?.(answers) ?? null;
  const outcome: Outcome | null = eligibility?.outcome ?? null;
  const columns = definition.toLead(answers);
  const consented = columns.tcpa;
  const certificateId = consented ? newCertificateId(submittedAt) : null;
  const certUrl = certificateId ? certificateUrl(input.siteUrl, certificateId) : null;

  const formData = {
    ...answers,
    ...recordedPartnerFields(definition, answers, {
      fn: columns.fn,
      ln: columns.ln,
      em: columns.em,
      ph: columns.ph,
      st: columns.st,
      tcpa: columns.tcpa,
      ip: context.ip,
      userAgent: context.userAgent,
      pageUrl: context.pageUrl,
      certificateUrl: certUrl,
    }),
    ...(eligibility
      ? {
          isEligible: eligibility.outcome === "eligible",
          isNotEligible: eligibility.outcome === "ineligible",
          eligibilityReason: eligibility.reason,
        }
      : {}),
    certificateUrl: certUrl,
    submittedAt: submittedAt.toISOString(),
  };

  const cq = columns.cq ?? {};
  const lead = {
    id: input.leadId,
    created_at: submittedAt.toISOString(),
    case_type: definition.caseType,
    fn: columns.fn,
    ln: columns.ln,
    em: columns.em,
    ph: columns.ph,
    st: columns.st,
    accident_date: columns.accident_date ?? null,
    cq1: cq[1] ?? null,
    cq2: cq[2] ?? null,
    cq3: cq[3] ?? null,
    cq4: cq[4] ?? null,
    cq5: cq[5] ?? null,
    cq6: cq[6] ?? null,
    cq7: cq[7] ?? null,
    cq8: cq[8] ?? null,
    cq9: cq[9] ?? null,
    cq10: cq[10] ?? null,
    notes: columns.notes ?? null,
    tcpa: columns.tcpa ? 1 : 0,
    is_eligible: eligibility ? Number(eligibility.outcome === "eligible") : null,
    is_not_eligible: eligibility ? Number(eligibility.outcome === "ineligible") : null,
    eligibility_reason: eligibility?.reason ?? null,
    source: input.supplierEvidence ? "api" : "web_form",
    supplier_id: input.supplierEvidence?.supplierId ?? null,
    // The payout in force now: a later change of the supplier's payout does not rewrite this lead's margin.
    supplier_payout_cents: input.supplierEvidence ? (context.supplier?.payoutCents ?? 0) : null,
    user_ip: context.ip,
    user_agent: context.userAgent,
    form_data: JSON.stringify(formData),
    attribution: context.attribution ? JSON.stringify(context.attribution) : null,
    certificate_id: certificateId,
    submission_key: input.submissionKey,
    submission_sha256: input.submissionSha256,
    is_spam: input.isSpam ? 1 : 0,
    language: context.language ?? "en",
    webhook_sent: 0,
    webhook_sent_at: null as string | null,
    webhook_error: null as string | null,
    ...leadSearchColumns({ ...columns, outcome, attribution: context.attribution }),
    ...contactColumns(columns),
    // The lead service sets it, inside the insert's transaction, when it finds the person's first lead.
    duplicate_of: null as string | null,
    experiment_variant: context.experimentVariant || null,
    // A claim defined as data: the version it ran (docs/decisions/059).
    claim_version: definition.data?.version ?? null,
  } satisfies Insertable<LeadsTable>;

  const consentText = definition.consentText(input.site);
  const consentVersion = consentTextVersion(consentText);
  const certificate = certificateId
    ? ({
        certificate_id: certificateId,
        lead_id: input.leadId,
        form_type: definition.caseType,
        submission_data: JSON.stringify(answers),
        ip_address: context.ip,
        user_agent: context.userAgent,
        created_at: submittedAt.toISOString(),
        verified_at: null,
        consent_text: consentText,
        page_url: context.pageUrl,
        submission_sha256: input.submissionSha256,
        consent_text_version: consentVersion.version,
        consent_text_sha256: consentVersion.sha256,
        fill_facts: input.fillFacts ? JSON.stringify(input.fillFacts) : null,
        consent_kind: input.supplierEvidence ? ("supplier-asserted" as const) : ("first-party-form" as const),
        supplier_evidence: input.supplierEvidence ? JSON.stringify(input.supplierEvidence) : null,
        // The version of the consent text the form showed (docs/decisions/055); the supplier's own form is not ours to version.
        consent_content_version: input.supplierEvidence ? null : (input.site.consent?.version ?? null),
        claim_version: definition.data?.version ?? null,
        // The language the form was shown in; its consent text and version above are that language's (docs/decisions/058).
        language: context.language ?? "en",
      } satisfies Insertable<SubmissionCertificatesTable>)
    : null;

  return { lead, certificate, outcome, certificateUrl: certUrl };
}

export type LeadRecord = ReturnType<typeof leadRecord>;
