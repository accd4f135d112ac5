import { randomUUID } from "node:crypto";
import type { SiteIdentity } from "#claims/engine/types";
import { writeTransaction, type Db } from "../db/database";
import { recordAudit, type Actor } from "../audit/audit-log";

/** The kind of a visitor's confirmation in alert_mails; every other kind is an operator's alert. */
export const VISITOR_CONFIRMATION = "visitor-confirmation";
/** How far back a lead may be and still get its confirmation (after SMTP was down or unset). */
const LOOK_BACK_MS = 24 * 3_600_000;
const LEADS_PER_RUN = 500;

export interface ConfirmationText {
  subject: string;
  body: string;
}

/**
 * The confirmation in the visitor's language: the promise and the opt-out link, nothing they answered
 * (not even the claim's name: an inbox others may read should not say what the claim is about), and the
 * opt-out page in that language (docs/decisions/058). A language without a text gets English.
 */
const TEXTS: Record<string, (site: { brand: string; optOutUrl: string; phone: string }) => ConfirmationText> = {
  en: ({ brand, optOutUrl, phone }) => ({
    subject: `We received your request`,
    body: [
      "Hello,",
      "",
      `We received your request through ${brand}. A law firm may contact you about it by phone or e-mail.`,
      "",
      `If you no longer want to be contacted, you can withdraw your consent at any time: ${optOutUrl}`,
      ...(phone ? ["", `Questions? Call us at ${phone}.`] : []),
      "",
      `${brand}`,
      "",
      "You get this e-mail once, because a request was made with this address.",
    ].join("\n"),
  }),
  es: ({ brand, optOutUrl, phone }) => ({
    subject: "Recibimos su solicitud",
    body: [
      "Hola:",
      "",
      `Recibimos su solicitud a través de ${brand}. Es posible que un bufete de abogados se comunique con usted por teléfono o correo electrónico.`,
      "",
      `Si ya no desea que lo contacten, puede retirar su consentimiento en cualquier momento: ${optOutUrl}`,
      ...(phone ? ["", `¿Tiene preguntas? Llámenos al ${phone}.`] : []),
      "",
      `${brand}`,
      "",
      "Recibe este correo una sola vez, porque se hizo una solicitud con esta dirección.",
    ].join("\n"),
  }),
};

const OPT_OUT_PATHS: Record<string, string> = { en: "/opt-out", es: "/es/opt-out" };

export function confirmationText(language: string, site: SiteIdentity, siteUrl: string): ConfirmationText {
  const known = Object.hasOwn(TEXTS, language) ? language : "en";
  return TEXTS[known]!({ brand: site.name, phone: site.phone, optOutUrl: new URL(OPT_OUT_PATHS[known]!, siteUrl).toString() });
}

export type VisitorMail = ReturnType<typeof createVisitorMail>;

/**
 * Visitors' confirmation e-mails (docs/decisions/062), for the claims an operator turned them on for:
 * found from the database by the alerts' periodic task, as alerts are, and queued in alert_mails (one per
 * lead: its lead_id is unique there), which the same task sends. A lead made before its claim's
 * confirmations were turned on, spam, a repeat of a person's earlier lead or a revoked one gets none.
 */
export function createVisitorMail({ db, siteUrl, site, sending, now = () => new Date() }: { db: Db; siteUrl: string; site: () => SiteIdentity; sending: boolean; now?: () => Date }) {
  async function enabledClaims(): Promise<Map<string, string>> {
    const rows = await db.selectFrom("visitor_mail_claims").select(["case_type", "enabled_at"]).execute();
    return new Map(rows.map((row) => [row.case_type, row.enabled_at]));
  }

  /** Queues the confirmations due; answers how many. Nothing is queued without SMTP, as for alerts. */
  async function queueDue(): Promise<number> {
    if (!sending) return 0;
    const claims = await enabledClaims();
    if (!claims.size) return 0;
    const at = now();
    const horizon = new Date(at.getTime() - LOOK_BACK_MS).toISOString();
    let queued = 0;
    for (const [caseType, enabledAt] of claims) {
      const leads = await db
        .selectFrom("leads")
        .leftJoin("alert_mails", "alert_mails.lead_id", "leads.id")
        .select(["leads.id", "leads.em", "leads.language"])
        .where("leads.case_type", "=", caseType)
        .where("leads.created_at", ">=", enabledAt > horizon ? enabledAt : horizon)
        .where("leads.em", "is not", null)
        .where("leads.is_spam", "=", 0)
        .where("leads.duplicate_of", "is", null)
        .where("leads.revoked_at", "is", null)
        .where("alert_mails.id", "is", null)
        .orderBy("leads.created_at")
        .limit(LEADS_PER_RUN)
        .execute();
      if (!leads.length) continue;
      const iso = at.toISOString();
      const inserted = await db
        .insertInto("alert_mails")
        .values(
          leads.map((lead) => ({ lead, text: confirmationText(lead.language, site(), siteUrl) })).map(({ lead, text }) => ({
            id: randomUUID(),
            kind: VISITOR_CONFIRMATION,
            to_address: lead.em!,
            subject: text.subject,
            body: text.body,
            status: "pending" as const,
            next_attempt_at: iso,
            last_error: null,
            created_at: iso,
            sent_at: null,
            lead_id: lead.id,
          })),
        )
        // Another worker queued it first: one confirmation per lead.
        .onConflict((oc) => oc.column("lead_id").doNothing())
        .executeTakeFirst();
      queued += Number(inserted.numInsertedOrUpdatedRows ?? 0);
    }
    return queued;
  }

  return {
    queueDue,
    sending,
    /** The mail as a visitor of `language` would get it now. */
    preview: (language: string) => confirmationText(language, site(), siteUrl),
    /** The claims whose visitors get a confirmation, with when it was turned on. */
    enabledClaims,
    /** Turns confirmations on for exactly `caseTypes` (a claim already on keeps its start), audited. */
    async save(caseTypes: readonly string[], known: readonly string[], actor: Actor): Promise<void> {
      const wanted = [...new Set(caseTypes.filter((caseType) => known.includes(caseType)))].sort();
      const at = now().toISOString();
      await writeTransaction(db, async (trx) => {
        const before = (await trx.selectFrom("visitor_mail_claims").select("case_type").execute()).map((row) => row.case_type).sort();
        const off = before.filter((caseType) => !wanted.includes(caseType));
        const on = wanted.filter((caseType) => !before.includes(caseType));
        if (off.length) await trx.deleteFrom("visitor_mail_claims").where("case_type", "in", off).execute();
        if (on.length) await trx.insertInto("visitor_mail_claims").values(on.map((caseType) => ({ case_type: caseType, enabled_at: at }))).execute();
        if (on.length || off.length) await recordAudit(trx, actor, { action: "save-visitor-mail-claims", detail: { on, off, now: wanted } }, now());
      });
    },
  };
}
