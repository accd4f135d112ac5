import { allFields } from "#claims/engine/form-values";
import type { ClaimDefinition, FieldSpec } from "#claims/engine/types";
import { answerText, NOT_PROVIDED } from "#claims/engine/answers";
import type { Db } from "../db/database";
import type { ConsentKind, SubmissionCertificatesTable } from "../db/schema";
import { supplierEvidenceOf } from "../suppliers/supplier-evidence";
import type { Selectable } from "kysely";
import { certificateDefinitions } from "./certificate-fields";
import { checksOfCertificate, type CertifiedCheck } from "./certificate-checks";
import { CERTIFICATE_ID_PATTERN } from "./certificate-id";
import type { CertificateSigning, SignatureInfo } from "./certificate-signing";
import { describeFreeText, maskEmail, maskIp, maskName, maskPhone } from "../contacts/mask";

export interface CertificateView {
  certificateId: string;
  formType: string;
  createdAt: string;
  verifiedAt: string | null;
  verificationCount: number;
  ipAddress: string | null;
  userAgent: string | null;
  consentText: string;
  /** The consent text's version id and SHA-256 (docs/decisions/026); null on certificates older than them. */
  consentTextVersion: string | null;
  consentTextSha256: string | null;
  /** The site content's consent-text version the form showed (docs/decisions/055); null before versions and on supplier leads. */
  consentContentVersion: number | null;
  /** The language of the form, 'en' or 'es': its consent text and version are that language's (docs/decisions/058). */
  language: string;
  pageUrl: string | null;
  submissionSha256: string;
  answers: Array<{ label: string; value: string }>;
  /** When the retention purge removed the answers, IP, user agent and page (docs/decisions/027). */
  purgedAt: string | null;
  /**
   * Who vouches for the consent (docs/decisions/046): 'first-party-form', a form we served and saw
   * filled in, or 'supplier-asserted', a supplier's lead whose consent is the supplier's word only.
   */
  consent_kind: ConsentKind;
  /** A supplier-asserted certificate's supplier and the evidence it sent; null for our own forms. */
  supplierAssertion: {
    supplierName: string;
    certificateProvider: "trustedform" | "jornaya" | null;
    certificate: string | null;
    pageUrl: string | null;
    consentText: string | null;
    consentedAt: string | null;
  } | null;
  /** The checks before a sale run on the lead (docs/decisions/048): result, time and price, no answers. */
  checks: CertifiedCheck[];
}

/** What the certificate's JWS signs: the page's masked view without its page-view counters, which are not facts of the consent. */
export type SignedCertificate = Omit<CertificateView, "verifiedAt" | "verificationCount">;

/** How the page tells a reader the certificate is signed, and where to check it. */
export interface CertificateSignature extends SignatureInfo {
  jwsUrl: string;
}

export type CertificateService = ReturnType<typeof createCertificateService>;

/**
 * The claim's definition as the page reading the certificate shows its questions: in that page's
 * language (docs/decisions/058). The signed record keeps the definition's own (English) words.
 */
export type DefinitionIn = (definition: ClaimDefinition) => ClaimDefinition;
const asDefined: DefinitionIn = (definition) => definition;

export function certificateJwsPath(certificateId: string): string {
  return `/api/certificates/${encodeURIComponent(certificateId)}`;
}

export function createCertificateService(
  db: Db,
  { signing = null, now = () => new Date() }: { signing?: CertificateSigning | null; now?: () => Date } = {},
) {
  const certificateDefinition = certificateDefinitions(db);
  /** The claim the certificate's answers were given to, at the version the lead was submitted under, in the reader's language. */
  const definitionOf = async (row: Selectable<SubmissionCertificatesTable>, definitionIn: DefinitionIn) => {
    const definition = await certificateDefinition(row.form_type, row.claim_version === null ? null : Number(row.claim_version));
    return definition && definitionIn(definition);
  };

  /** Looks a certificate up for the public page, counting the verification. */
  async function verify(certificateId: string, { definitionIn = asDefined }: { definitionIn?: DefinitionIn } = {}): Promise<(CertificateView & { signature: CertificateSignature | null }) | null> {
    if (!CERTIFICATE_ID_PATTERN.test(certificateId)) return null;
    const row = await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("submission_certificates")
        .set((eb) => ({ verification_count: eb("verification_count", "+", 1), verified_at: now().toISOString() }))
        .where("certificate_id", "=", certificateId)
        .execute();
      return trx.selectFrom("submission_certificates").selectAll().where("certificate_id", "=", certificateId).executeTakeFirst();
    });
    if (!row) return null;
    const signature = signing ? { ...(await signing.info()), jwsUrl: signing.issuer + certificateJwsPath(row.certificate_id) } : null;
    return {
      ...maskedCertificate(row, await checksOfCertificate(db, row.lead_id), await definitionOf(row, definitionIn)),
      verifiedAt: row.verified_at,
      verificationCount: Number(row.verification_count),
      signature,
    };
  }

  /**
   * The masked certificate as a compact JWS, or null when there is no such certificate. Reading it is
   * not counted as a verification: it is a machine's read, and the page's counter is for people.
   */
  async function signed(certificateId: string): Promise<string | null> {
    if (!signing) throw new Error("Certificates cannot be signed without a signing key.");
    if (!CERTIFICATE_ID_PATTERN.test(certificateId)) return null;
    const row = await db.selectFrom("submission_certificates").selectAll().where("certificate_id", "=", certificateId).executeTakeFirst();
    if (!row) return null;
    return signing.sign({ ...maskedCertificate(row, await checksOfCertificate(db, row.lead_id), await definitionOf(row, asDefined)) }, row.certificate_id);
  }

  return { verify, signed };
}

function maskedCertificate(row: Selectable<SubmissionCertificatesTable>, checks: CertifiedCheck[], definition: ClaimDefinition | undefined): SignedCertificate {
  const supplierAssertion = supplierAssertionOf(row);
  // A supplier's lead never claims our consent step: the text is the supplier's, as it reports it.
  const consent = supplierAssertion
    ? { consentText: supplierAssertion.consentText ?? "Not reported by the supplier", consentTextVersion: null, consentTextSha256: null, consentContentVersion: null }
    : {
        consentText: row.consent_text,
        consentTextVersion: row.consent_text_version,
        consentTextSha256: row.consent_text_sha256,
        consentContentVersion: row.consent_content_version === null ? null : Number(row.consent_content_version),
      };
  return {
    certificateId: row.certificate_id,
    formType: row.form_type,
    createdAt: row.created_at,
    ipAddress: row.ip_address ? maskIp(row.ip_address) : null,
    userAgent: row.user_agent,
    ...consent,
    language: row.language,
    pageUrl: supplierAssertion ? supplierAssertion.pageUrl : row.page_url,
    submissionSha256: row.submission_sha256,
    answers: maskedAnswers(definition, JSON.parse(row.submission_data) as Record<string, unknown>),
    purgedAt: row.purged_at,
    consent_kind: row.consent_kind,
    supplierAssertion,
    checks,
  };
}

function supplierAssertionOf(row: Selectable<SubmissionCertificatesTable>): CertificateView["supplierAssertion"] {
  if (row.consent_kind !== "supplier-asserted") return null;
  const evidence = supplierEvidenceOf(row.supplier_evidence);
  return {
    // Leads sent through the API before suppliers existed have no supplier on record.
    supplierName: evidence?.supplierName ?? "an unnamed API sender (before supplier keys)",
    certificateProvider: evidence?.certificateProvider ?? null,
    certificate: evidence?.certificate ?? null,
    pageUrl: evidence?.pageUrl ?? null,
    consentText: evidence?.consentText ?? null,
    consentedAt: evidence?.consentedAt ?? null,
  };
}

function maskedAnswers(definition: ClaimDefinition | undefined, data: Record<string, unknown>) {
  const fields = new Map<string, FieldSpec>(definition ? allFields(definition).map((field) => [field.name, field]) : []);
  // The words the masking and answerText add (Not provided, Agreed, a free text's size), in the definition's language.
  const translate = definition?.translate ?? ((text: string) => text);

  return Object.entries(data).map(([name, value]) => {
    const field = fields.get(name);
    const shown = displayValue(field, value);
    return { label: field?.label ?? name, value: shown.fixedWords ? translate(shown.text) : shown.text };
  });
}

/** An answer as the page shows it; `fixedWords` when it is our wording rather than the visitor's or an option's label. */
function displayValue(field: FieldSpec | undefined, value: unknown): { text: string; fixedWords: boolean } {
  // Unknown fields could hold anything: show only their size.
  if (!field) return { text: value === null || value === undefined || value === "" ? NOT_PROVIDED : describeFreeText(String(value)), fixedWords: true };
  const text = answerText(field, value);
  if (text === NOT_PROVIDED || typeof value === "boolean") return { text, fixedWords: true };
  if (!field.privacy) return { text, fixedWords: false };
  switch (field.privacy) {
    case "name":
      return { text: maskName(text), fixedWords: false };
    case "email":
      return { text: maskEmail(text), fixedWords: false };
    case "phone":
      return { text: maskPhone(text), fixedWords: false };
    case "free-text":
      return { text: describeFreeText(text), fixedWords: true };
  }
}
