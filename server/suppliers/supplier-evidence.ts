import { z } from "zod";

/** The body field a supplier sends its own consent evidence in (docs/decisions/046). */
export const EVIDENCE_FIELD = "consentEvidence";

const TRUSTED_FORM = /^https:\/\/cert\.trustedform\.com\/[0-9a-f]{40}$/;
const LEADID_TOKEN = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;

/** What a supplier reports about the consent it collected: checked for form only (we fetch nothing). */
export interface SupplierEvidence {
  supplierId: string;
  supplierName: string;
  /** 'trustedform', 'jornaya' or null when the supplier sent no certificate reference. */
  certificateProvider: "trustedform" | "jornaya" | null;
  certificate: string | null;
  pageUrl: string | null;
  consentText: string | null;
  /** The consent time the supplier reports (ISO 8601), not one we saw. */
  consentedAt: string | null;
}

const evidenceSchema = z
  .object({
    certificateUrl: z
      .string()
      .trim()
      .refine((value) => TRUSTED_FORM.test(value) || LEADID_TOKEN.test(value), {
        message: "Must be a TrustedForm certificate URL (https://cert.trustedform.com/<40 hex digits>) or a Jornaya LeadiD token",
      })
      .optional(),
    pageUrl: z
      .string()
      .max(2000)
      .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), { message: "Must be an http(s) URL" })
      .optional(),
    consentText: z.string().trim().min(1).max(5000).optional(),
    consentedAt: z.iso.datetime({ offset: true, message: "Must be an ISO 8601 date and time" }).optional(),
  })
  .strict();

export type EvidenceCheck = { ok: true; evidence: Omit<SupplierEvidence, "supplierId" | "supplierName"> } | { ok: false; fieldErrors: Record<string, string> };

/** The supplier's evidence from the lead body; absent evidence is recorded as none sent. */
export function checkSupplierEvidence(raw: unknown, now: Date): EvidenceCheck {
  if (raw === undefined || raw === null) {
    return { ok: true, evidence: { certificateProvider: null, certificate: null, pageUrl: null, consentText: null, consentedAt: null } };
  }
  const parsed = evidenceSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const name = [EVIDENCE_FIELD, ...issue.path.map(String)].join(".");
      fieldErrors[name] ??= issue.message;
    }
    return { ok: false, fieldErrors };
  }
  const { certificateUrl, pageUrl, consentText, consentedAt } = parsed.data;
  if (consentedAt && Date.parse(consentedAt) > now.getTime() + 5 * 60_000) {
    return { ok: false, fieldErrors: { [`${EVIDENCE_FIELD}.consentedAt`]: "Must not be in the future" } };
  }
  return {
    ok: true,
    evidence: {
      certificateProvider: certificateUrl ? (TRUSTED_FORM.test(certificateUrl) ? "trustedform" : "jornaya") : null,
      certificate: certificateUrl ?? null,
      pageUrl: pageUrl ?? null,
      consentText: consentText ?? null,
      consentedAt: consentedAt ? new Date(consentedAt).toISOString() : null,
    },
  };
}

export function supplierEvidenceOf(json: string | null): SupplierEvidence | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as SupplierEvidence;
  } catch {
    return null;
  }
}
