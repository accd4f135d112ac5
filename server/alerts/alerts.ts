import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import type { Kysely } from "kysely";
import { lockForTransaction, writeTransaction, type Db } from "../db/database";
import type { Database } from "../db/schema";
import type { Logger } from "../logger";
import { dailySummary, previousDay } from "./daily-summary";
import { VISITOR_CONFIRMATION } from "./visitor-confirmation";
import { ALERT_KINDS, alertKinds, currentConditions, type AlertCondition, type AlertKind, type ConditionLimits } from "./alert-conditions";

/** How often the worker looks for incidents and sends the mails waiting. */
export const ALERT_CHECK_INTERVAL_MS = 60_000;
/** The wait before a mail's next attempt after a failure; the last step repeats, so no alert is dropped. */
const RETRY_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];
const MAILS_PER_RUN = 50;
/** Held while incidents are compared and mails queued, so two workers checking at once queue one mail. */
const INCIDENTS_LOCK = "alert-incidents";

export interface AlertSettings extends ConditionLimits {
  smtpUrl: string | null;
  /** The operator's time zone: the daily summary's day. */
  timeZone: string;
  from: string;
  quietMs: number;
}

export type Alerts = ReturnType<typeof createAlerts>;

/** Operators who get `kind`: their own choice, or the default (owners do, others do not). */
async function recipientsOf(trx: Kysely<Database>, kind: AlertKind): Promise<string[]> {
  const rows = await trx
    .selectFrom("operators")
    .leftJoin("operator_alert_choices as c", (join) => join.onRef("c.operator_id", "=", "operators.id").on("c.kind", "=", kind))
    .select(["operators.email", "operators.role", "c.enabled"])
    .where("operators.disabled_at", "is", null)
    .execute();
  return rows.filter((row) => (row.enabled === null ? row.role === "owner" : Number(row.enabled) === 1)).map((row) => row.email);
}

/**
 * Alerts by e-mail (docs/decisions/056). check() compares what is wrong now with the open incidents:
 * a new incident queues one mail per operator who chose its kind, unless the same kind and key sent one
 * less than the quiet period ago (then it sends once the quiet period is over, if still open); an
 * incident whose condition cleared is resolved. sendDue() hands queued mails to the SMTP server,
 * retrying a failure later, so a mail is never sent from a request and never lost.
 */
export function createAlerts({ db, settings, logger, now = () => new Date() }: { db: Db; settings: AlertSettings; logger: Logger; now?: () => Date }) {
  // Every timeout well inside the first retry step: a hung server must not leave a mail in flight when
  // another worker may take it again.
  const transport = settings.smtpUrl
    ? nodemailer.createTransport({ url: settings.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
    : null;

  async function raise(trx: Kysely<Database>, condition: AlertCondition, at: Date) {
    const iso = at.toISOString();
    const row = await trx.selectFrom("alert_incidents").selectAll().where("kind", "=", condition.kind).where("key", "=", condition.key).executeTakeFirst();
    if (!row) {
      await trx.insertInto("alert_incidents").values({ kind: condition.kind, key: condition.key, subject: condition.subject, opened_at: iso, resolved_at: null, last_sent_at: null }).execute();
    } else if (row.resolved_at !== null) {
      await trx.updateTable("alert_incidents").set({ subject: condition.subject, opened_at: iso, resolved_at: null }).where("kind", "=", row.kind).where("key", "=", row.key).execute();
    }
    const opened = row && row.resolved_at === null ? row.opened_at : iso;
    const lastSent = row?.last_sent_at ?? null;
    const notified = lastSent !== null && lastSent >= opened;
    const quiet = lastSent !== null && at.getTime() - new Date(lastSent).getTime() < settings.quietMs;
    // Without SMTP the incident is recorded and stays unsent: mail goes out once SMTP_URL is set, if still open.
    if (notified || quiet || !transport) return 0;
    await trx.updateTable("alert_incidents").set({ last_sent_at: iso }).where("kind", "=", condition.kind).where("key", "=", condition.key).execute();
    return queueMails(trx, condition, at);
  }

  /** Queues the mail to every operator who gets `kind`; answers how many. */
  async function queueMails(trx: Kysely<Database>, mail: { kind: AlertKind; subject: string; body: string }, at: Date) {
    const iso = at.toISOString();
    const recipients = await recipientsOf(trx, mail.kind);
    if (recipients.length === 0) return 0;
    await trx
      .insertInto("alert_mails")
      .values(
        recipients.map((to) => ({
          id: randomUUID(),
          kind: mail.kind,
          to_address: to,
          subject: mail.subject,
          body: `${mail.body}\n\n(${ALERT_KINDS[mail.kind]}. Choose your alerts on your account page in the admin.)`,
          status: "pending" as const,
          next_attempt_at: iso,
          last_error: null,
          created_at: iso,
          sent_at: null,
        })),
      )
      .execute();
    return recipients.length;
  }

  /**
   * Queues the summary of the operator's previous day once: its row in alert_incidents (kind
   * 'daily-summary', key the day) is inserted by exactly one worker. Answers how many mails it queued.
   */
  async function queueDailySummary(): Promise<number> {
    if (!transport) return 0;
    const at = now();
    const day = previousDay(at, settings.timeZone);
    const done = await db.selectFrom("alert_incidents").select("key").where("kind", "=", "daily-summary").where("key", "=", day).executeTakeFirst();
    if (done) return 0;
    const summary = await dailySummary(db, day, settings.timeZone);
    return writeTransaction(db, async (trx) => {
      const iso = at.toISOString();
      const claimed = await trx
        .insertInto("alert_incidents")
        .values({ kind: "daily-summary", key: day, subject: summary.subject, opened_at: iso, resolved_at: iso, last_sent_at: iso })
        .onConflict((oc) => oc.columns(["kind", "key"]).doNothing())
        .executeTakeFirst();
      if (!Number(claimed.numInsertedOrUpdatedRows ?? 0)) return 0;
      return queueMails(trx, { kind: "daily-summary", ...summary }, at);
    });
  }

  /** Opens, re-opens and resolves incidents from what is wrong now; answers how many mails it queued. */
  async function check(): Promise<number> {
    const at = now();
    const conditions = await currentConditions(db, at, settings);
    return writeTransaction(db, async (trx) => {
      await lockForTransaction(trx, INCIDENTS_LOCK);
      let queued = 0;
      for (const condition of conditions) queued += await raise(trx, condition, at);
      const open = await trx.selectFrom("alert_incidents").select(["kind", "key"]).where("resolved_at", "is", null).execute();
      const current = new Set(conditions.map((c) => `${c.kind}\n${c.key}`));
      // Daily-summary rows are inserted resolved (a record of a day sent), so they are never in `open`.
      for (const incident of open.filter((i) => !current.has(`${i.kind}\n${i.key}`))) {
        await trx.updateTable("alert_incidents").set({ resolved_at: at.toISOString() }).where("kind", "=", incident.kind).where("key", "=", incident.key).execute();
      }
      return queued;
    });
  }

  /** Sends the mails that are due; a failed one waits its turn on RETRY_MS. Answers how many went out. */
  async function sendDue(): Promise<number> {
    if (!transport) return 0;
    const at = now();
    const due = await db.selectFrom("alert_mails").selectAll().where("status", "=", "pending").where("next_attempt_at", "<=", at.toISOString()).orderBy("next_attempt_at").limit(MAILS_PER_RUN).execute();
    let sent = 0;
    for (const mail of due) {
      const attempts = Number(mail.attempts) + 1;
      const retryAt = new Date(at.getTime() + RETRY_MS[Math.min(attempts, RETRY_MS.length) - 1]!).toISOString();
      // Taking the row moves its next attempt on first, so another worker does not send it too.
      const taken = await db
        .updateTable("alert_mails")
        .set({ attempts, next_attempt_at: retryAt })
        .where("id", "=", mail.id)
        .where("status", "=", "pending")
        .where("next_attempt_at", "=", mail.next_attempt_at)
        .executeTakeFirst();
      if (!taken.numUpdatedRows) continue;
      try {
        // A visitor's confirmation (docs/decisions/062) shares the queue; only operators' alerts are marked as such.
        const subject = mail.kind === VISITOR_CONFIRMATION ? mail.subject : `[Alert] ${mail.subject}`;
        await transport.sendMail({ from: settings.from, to: mail.to_address, subject, text: mail.body });
        await db.updateTable("alert_mails").set({ status: "sent", sent_at: now().toISOString(), last_error: null }).where("id", "=", mail.id).execute();
        sent++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logger.warn({ err: error, mail: mail.id, attempts }, "alert e-mail not sent; it is retried");
        await db.updateTable("alert_mails").set({ last_error: message.slice(0, 500) }).where("id", "=", mail.id).execute();
      }
    }
    return sent;
  }

  /** The operator's alerts, each with its label and whether it is on for them. */
  async function choicesOf(operator: { id: string; role: string }) {
    const rows = await db.selectFrom("operator_alert_choices").select(["kind", "enabled"]).where("operator_id", "=", operator.id).execute();
    return alertKinds.map((kind) => {
      const row = rows.find((r) => r.kind === kind);
      return { kind, label: ALERT_KINDS[kind], enabled: row ? Number(row.enabled) === 1 : operator.role === "owner" };
    });
  }

  /** Saves the operator's choice for every kind: those in `enabled` on, the others off. Unknown kinds are ignored. */
  async function saveChoices(operatorId: string, enabled: readonly string[]) {
    await writeTransaction(db, async (trx) => {
      await trx.deleteFrom("operator_alert_choices").where("operator_id", "=", operatorId).execute();
      await trx
        .insertInto("operator_alert_choices")
        .values(alertKinds.map((kind) => ({ operator_id: operatorId, kind, enabled: enabled.includes(kind) ? 1 : 0 })))
        .execute();
    });
  }

  return { check, queueDailySummary, sendDue, choicesOf, saveChoices, sending: transport !== null, close: () => transport?.close() };
}
