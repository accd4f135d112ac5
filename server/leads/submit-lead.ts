import { randomBytes, randomUUID } from "node:crypto";
import { errorSummary, fieldErrorsOf, HONEYPOT_FIELD, isHoneypotFilled, SUBMISSION_KEY_FIELD, type FieldErrors } from "#claims/engine/form-values";
import type { ClaimDefinition, Outcome, SiteIdentity } from "#claims/engine/types";
import { FILL_FACTS_FIELD, FORM_TIMING_FIELD } from "#claims/engine/proof-fields";
import { claimBySlug } from "#claims/registry";
import { isLocale } from "#claims/engine/locale";
import { siteInLanguage } from "#claims/engine/personal-fields";
import { certificateUrl } from "../certificates/certificate-id";
import { fillFactsOf, type FillFacts } from "../consent-proof/fill-facts";
import { saveConsentPage, type ConsentPageCapture } from "../consent-proof/page-snapshots";
import { lockForTransaction, type Db } from "../db/database";
import { createGroupCommit, GroupCommitError } from "../db/group-commit";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { routeOrCheck, routableLeadOf } from "../distribution";
import { checkSuppression } from "../suppression/suppression-check";
import { DEFAULT_MIN_FORM_FILL_MS } from "../config";
import { createFormTiming, type FormTimingCheck } from "./form-timing";
import { contactErrors } from "../contacts/contact-identity";
import { DEFAULT_DUPLICATE_WINDOW_DAYS, lockPerson, originalLeadOf } from "./duplicate-lead";
import { leadRecord, submissionSha256, type LeadRequestContext } from "./lead-record";
import type { Logger } from "../logger";
import { countSupplierLead } from "../suppliers/supplier-cap";
import { checkSupplierEvidence, EVIDENCE_FIELD, type SupplierEvidence } from "../suppliers/supplier-evidence";
import type { LeadSupplier } from "../suppliers/supplier-keys";

export type { LeadRequestContext };

export type SubmitLeadResult =
  | {
      /** 'duplicate': a replayed submission key, answered with the first lead (not a duplicate person; see duplicateOf). */
      status: "created" | "duplicate";
      leadId: string;
      /** A new lead saved as spam (honeypot or timed honeypot): kept, but neither routed nor delivered. */
      spam?: boolean;
      /** The first lead of this claim from the same person within the duplicate window, or null. */
      duplicateOf: string | null;
      /** duplicateOf when the supplier sending this lead sent that first lead too; else null (docs/decisions/046). */
      duplicateOfForSender?: string | null;
      outcome: Outcome | null;
      certificateId: string | null;
      certificateUrl: string | null;
    }
  | { status: "invalid"; message: string; fieldErrors: FieldErrors }
  | { status: "conflict"; message: string }
  | { status: "rate-limited"; message: string }
  /** The supplier's daily cap is reached: nothing was saved. */
  | { status: "supplier-capped"; message: string }
  /** The database did not commit the lead (nothing was saved): try again later. */
  | { status: "unavailable"; message: string }
  | { status: "unknown-case-type"; message: string }
  /** A claim defined as data that its operator paused (docs/decisions/059): nothing was saved. */
  | { status: "closed"; message: string };

export interface LeadServiceDeps {
  db: Db;
  logger: Logger;
  siteUrl: string;
  /** The site as it is now: a function when it can change while the server runs (published site content, docs/decisions/055). */
  site: SiteIdentity | (() => SiteIdentity);
  /**
   * The template of published consent text version `number`, or null when there is none: the text a
   * form showed when a newer version was published before it was submitted (docs/decisions/055).
   */
  consentTemplate?: (number: number) => Promise<string | null>;
  leadRateLimitPerHour: number;
  /** The timed honeypot: a form submitted sooner than this after its render is spam (MIN_FORM_FILL_MS). */
  minFormFillMs?: number;
  /** The session secret, from which the form timing key is derived; without it, a key of this service's own. */
  sessionSecret?: () => Promise<string>;
  /** DUPLICATE_WINDOW_DAYS (default 30); 0 turns the duplicate check off. */
  duplicateWindowDays?: number;
  now?: () => Date;
}

const SUBMISSION_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The lead API's optional body field naming the language of the form a lead came from ('en' or 'es'). */
export const LANGUAGE_FIELD = "language";

export const UNAVAILABLE_MESSAGE = "The claim could not be saved just now. Please try again in a moment.";

export const SUPPLIER_CAP_MESSAGE = "This supplier's daily cap is reached: no more leads are taken from it today (UTC).";

export const CLOSED_CLAIM_MESSAGE = "This claim is closed and takes no new submissions.";

export const RATE_LIMIT_MESSAGE = "Too many claims were submitted from your network in the last hour. Please try again later.";

export type LeadService = ReturnType<typeof createLeadService>;

export function createLeadService(deps: LeadServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const minFormFillMs = deps.minFormFillMs ?? DEFAULT_MIN_FORM_FILL_MS;
  const ownSecret = randomBytes(32).toString("base64");
  const formTiming = createFormTiming(deps.sessionSecret ?? (async () => ownSecret), now);

  /** Spam by the timed honeypot: a forged render time, or a form sent too soon after it. A missing one (API clients) is not judged. */
  const tooFast = (timing: FormTimingCheck) =>
    timing.status === "forged" || (timing.status === "valid" && timing.elapsedMs < minFormFillMs);
  const duplicateWindowDays = deps.duplicateWindowDays ?? DEFAULT_DUPLICATE_WINDOW_DAYS;
  // Leads that arrive together are committed together, each answered only after its group's commit.
  const intake = createGroupCommit(deps.db);

  /**
   * The site with the consent text the form was shown: its signed timing token names the version
   * (docs/decisions/055), so a publish between opening and submitting the form does not change what the
   * certificate records. Without a genuine token that names one (API clients, older forms), or for a
   * version that is not published, the text published now.
   */
  async function siteAsShown(timing: FormTimingCheck): Promise<SiteIdentity> {
    const current = typeof deps.site === "function" ? deps.site() : deps.site;
    if (timing.status !== "valid" || timing.consentVersion === undefined || timing.consentVersion === current.consent?.version) return current;
    if (timing.consentVersion === null) {
      // The form showed the built-in text, before any version was published.
      const { consent: _published, ...builtIn } = current;
      return builtIn;
    }
    const template = (await deps.consentTemplate?.(timing.consentVersion)) ?? null;
    return template === null ? current : { ...current, consent: { template, version: timing.consentVersion } };
  }

  async function submit(slug: string, input: unknown, context: LeadRequestContext): Promise<SubmitLeadResult> {
    const definition = claimBySlug(slug);
    if (!definition) return { status: "unknown-case-type", message: `Unknown case type '${slug}'` };
    if (definition.data?.paused) return { status: "closed", message: CLOSED_CLAIM_MESSAGE };
    if (!input || typeof input !== "object" || Array.isArray(input)) {
      return { status: "invalid", message: "The request body must be a JSON object", fieldErrors: {} };
    }
    const body = input as Record<string, unknown>;

    const key = body[SUBMISSION_KEY_FIELD];
    if (key !== undefined && key !== "" && (typeof key !== "string" || !SUBMISSION_KEY.test(key))) {
      return {
        status: "invalid",
        message: "Invalid submission key",
        fieldErrors: { [SUBMISSION_KEY_FIELD]: "Must be 8-100 letters, digits, '-' or '_'" },
      };
    }
    const submissionKey = typeof key === "string" && key ? key : randomUUID();
    // The form's language (docs/decisions/058): our forms say it in the context; an API client may send `language`.
    const language = context.language ?? (body[LANGUAGE_FIELD] === undefined ? "en" : body[LANGUAGE_FIELD]);
    if (!isLocale(language)) {
      return { status: "invalid", message: "Invalid language", fieldErrors: { [LANGUAGE_FIELD]: "Must be 'en' or 'es'" } };
    }

    const parsed = definition.schema.safeParse(body);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      return { status: "invalid", message: errorSummary(fieldErrors, body), fieldErrors };
    }
    const answers = parsed.data as Record<string, unknown>;
    const badContacts = contactErrors(definition, definition.toLead(answers));
    if (Object.keys(badContacts).length) return { status: "invalid", message: errorSummary(badContacts, body), fieldErrors: badContacts };
    const sha256 = submissionSha256(definition.caseType, answers);
    const supplier = context.supplier ?? null;
    let supplierEvidence: SupplierEvidence | null = null;
    if (supplier) {
      const evidence = checkSupplierEvidence(body[EVIDENCE_FIELD], now());
      if (!evidence.ok) return { status: "invalid", message: errorSummary(evidence.fieldErrors, body), fieldErrors: evidence.fieldErrors };
      supplierEvidence = { supplierId: supplier.id, supplierName: supplier.name, ...evidence.evidence };
    }

    // A key we made up cannot have been used before.
    const existing = submissionKey === key ? await findBySubmissionKey(submissionKey) : undefined;
    if (existing) return withSenderDuplicate(replay(existing, sha256), supplier);

    const submittedAt = now();
    const timing = await formTiming.check(body[FORM_TIMING_FIELD], definition.slug, submittedAt, definition.steps.length);
    const isSpam = isHoneypotFilled(body[HONEYPOT_FIELD]) || tooFast(timing);
    // An English form's consent text as it was shown (its version is in the timing token); a Spanish form's
    // as published now, in Spanish (docs/decisions/058).
    const site = language === "en" ? await siteAsShown(timing) : siteInLanguage(typeof deps.site === "function" ? deps.site() : deps.site, language);
    const fillFacts = fillFactsOf({
      definition,
      channel: context.consentPage === undefined ? "api" : "form",
      timing,
      browserReport: body[FILL_FACTS_FIELD],
    });
    try {
      const created = await insertLead(definition, answers, submissionKey, sha256, isSpam, { ...context, language }, submittedAt, fillFacts, supplierEvidence, site);
      if (created.status !== "created") return created;
      deps.logger.info(
        { leadId: created.leadId, caseType: definition.caseType, outcome: created.outcome, spam: isSpam, formTiming: timing.status, duplicateOf: created.duplicateOf },
        "lead saved",
      );
      return withSenderDuplicate(created, supplier);
    } catch (error) {
      if (error instanceof GroupCommitError) {
        deps.logger.error({ err: error, caseType: definition.caseType }, "lead not committed");
        return { status: "unavailable", message: UNAVAILABLE_MESSAGE };
      }
      // Two identical submissions racing: the unique submission key lets exactly one in.
      const winner = await findBySubmissionKey(submissionKey);
      if (winner) return withSenderDuplicate(replay(winner, sha256), supplier);
      throw error;
    }
  }

  async function insertLead(
    definition: ClaimDefinition,
    answers: Record<string, unknown>,
    submissionKey: string,
    submissionSha256: string,
    isSpam: boolean,
    context: LeadRequestContext,
    submittedAt: Date,
    fillFacts: FillFacts,
    supplierEvidence: SupplierEvidence | null,
    site: SiteIdentity,
  ) {
    const record = leadRecord({
      definition,
      answers,
      leadId: randomUUID(),
      submittedAt,
      submissionKey,
      submissionSha256,
      isSpam,
      context,
      siteUrl: deps.siteUrl,
      site,
      fillFacts,
      supplierEvidence,
    });
    const { lead, certificate } = record;
    const consentPage = certificate && context.consentPage ? await renderedConsentPage(() => context.consentPage!(site), lead.id) : null;

    // The rate-limit check and the insert are one transaction (on SQLite a savepoint in its group's
    // transaction), serialised per IP, so that concurrent submissions (in this process or in other
    // instances) cannot all pass the check before any inserts.
    const inserted = await intake.run(async (trx) => {
      if (await overRateLimit(trx, context.ip, submittedAt)) return "rate-limited" as const;
      if (context.supplier && !(await countSupplierLead(trx, context.supplier, submittedAt))) return "supplier-capped" as const;
      lead.duplicate_of = await duplicateOf(trx, lead, submittedAt);
      if (certificate) await trx.insertInto("submission_certificates").values(certificate).execute();
      await trx.insertInto("leads").values(lead).execute();
      if (certificate && consentPage) {
        await saveConsentPage(trx, { certificateId: certificate.certificate_id, leadId: lead.id, createdAt: lead.created_at }, consentPage);
      }
      // Saved whatever lists it is on, flagged with each; routing keeps it from the buyers they protect.
      const suppression = await checkSuppression(trx, { id: lead.id, phoneE164: lead.phone_e164, emailNormalized: lead.email_normalized }, submittedAt, { justSaved: true });
      // A claim with checks before a sale waits for the worker to run them (docs/decisions/048).
      if (!isSpam) await routeOrCheck(trx, { ...routableLeadOf(lead), suppression }, submittedAt, { justSaved: true });
      return "saved" as const;
    });
    if (inserted === "rate-limited") return { status: "rate-limited" as const, message: RATE_LIMIT_MESSAGE };
    if (inserted === "supplier-capped") return { status: "supplier-capped" as const, message: SUPPLIER_CAP_MESSAGE };

    return {
      status: "created" as const,
      leadId: lead.id,
      spam: isSpam,
      duplicateOf: lead.duplicate_of,
      outcome: record.outcome,
      certificateId: lead.certificate_id,
      certificateUrl: record.certificateUrl,
    };
  }

  /** The consent page, or null if it cannot be rendered: a missing snapshot never costs a lead. */
  async function renderedConsentPage(render: () => Promise<ConsentPageCapture>, leadId: string) {
    try {
      return await render();
    } catch (error) {
      deps.logger.error({ err: error, leadId }, "consent page snapshot failed; the lead is saved without it");
      return null;
    }
  }

  /** The lead API tells a supplier of a repeat only when it sent the first lead itself (no other source's leads disclosed). */
  async function withSenderDuplicate(result: SubmitLeadResult, supplier: LeadSupplier | null): Promise<SubmitLeadResult> {
    if ((result.status !== "created" && result.status !== "duplicate") || !supplier || !result.duplicateOf) return result;
    const original = await deps.db.selectFrom("leads").select("supplier_id").where("id", "=", result.duplicateOf).executeTakeFirst();
    return { ...result, duplicateOfForSender: original?.supplier_id === supplier.id ? result.duplicateOf : null };
  }

  async function findBySubmissionKey(submissionKey: string) {
    return deps.db
      .selectFrom("leads")
      .select(["id", "is_eligible", "is_not_eligible", "eligibility_reason", "certificate_id", "submission_sha256", "duplicate_of"])
      .where("submission_key", "=", submissionKey)
      .executeTakeFirst();
  }

  function replay(
    lead: NonNullable<Awaited<ReturnType<typeof findBySubmissionKey>>>,
    submissionSha256: string,
  ): SubmitLeadResult {
    if (lead.submission_sha256 !== submissionSha256) {
      return { status: "conflict", message: "This submission key was already used for a different submission" };
    }
    return {
      status: "duplicate",
      leadId: lead.id,
      duplicateOf: lead.duplicate_of,
      outcome: outcomeOf(lead),
      certificateId: lead.certificate_id,
      certificateUrl: lead.certificate_id ? certificateUrl(deps.siteUrl, lead.certificate_id) : null,
    };
  }

  /**
   * Inside the insert's transaction, after the rate limit's lock: takes the person's locks, then finds
   * the first lead this one repeats, so that of two racing submissions one is the original.
   */
  async function duplicateOf(trx: Kysely<Database>, lead: { case_type: string; phone_e164: string | null; email_normalized: string | null }, at: Date) {
    if (duplicateWindowDays === 0) return null;
    const keys = { phoneE164: lead.phone_e164, emailNormalized: lead.email_normalized };
    await lockPerson(trx, keys);
    return originalLeadOf(trx, { ...keys, caseType: lead.case_type, at, windowDays: duplicateWindowDays });
  }

  /** Inside the insert's transaction: takes the IP's lock, then counts its leads of the last hour. */
  async function overRateLimit(trx: Kysely<Database>, ip: string | null, at: Date): Promise<boolean> {
    if (!ip || deps.leadRateLimitPerHour === 0) return false;
    await lockForTransaction(trx, `lead-rate-limit:${ip}`);
    const since = new Date(at.getTime() - 3_600_000).toISOString();
    const { count } = await trx
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("user_ip", "=", ip)
      .where("created_at", ">", since)
      .executeTakeFirstOrThrow();
    return Number(count) >= deps.leadRateLimitPerHour;
  }

  async function outcomeOfLead(leadId: string): Promise<{ outcome: Outcome | null; caseType: string } | null> {
    const lead = await deps.db
      .selectFrom("leads")
      .select(["case_type", "is_eligible", "is_not_eligible", "eligibility_reason"])
      .where("id", "=", leadId)
      .executeTakeFirst();
    return lead ? { outcome: outcomeOf(lead), caseType: lead.case_type } : null;
  }

  return {
    submit,
    outcomeOfLead,
    /** The form route signs its render time with these (the timed honeypot and the fill facts). */
    formTiming: { issue: formTiming.issue, advance: formTiming.advance },
    /** The site with the consent text the form of this timing token was shown: what its next step shows without JavaScript. */
    async siteShownBy(token: unknown, slug: string): Promise<SiteIdentity> {
      return siteAsShown(await formTiming.check(token, slug, now(), 1));
    },
  };
}

function outcomeOf(lead: { is_eligible: number | null; is_not_eligible: number | null; eligibility_reason: string | null }): Outcome | null {
  if (lead.eligibility_reason === null) return null;
  if (lead.is_eligible) return "eligible";
  if (lead.is_not_eligible) return "ineligible";
  return "partial";
}
