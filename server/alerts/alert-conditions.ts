import type { Db } from "../db/database";
import { capPeriods, listBuyers } from "../distribution";

/** The kinds of alert an operator can choose, in the order the account page lists them. */
export const ALERT_KINDS = {
  "buyer-failing": "A buyer is failing or was paused automatically",
  "buyer-cap": "A buyer's daily cap is reached",
  "no-leads": "A claim gets no leads",
  "backup-failed": "A backup failed",
  "queue-stuck": "The delivery queue is stuck",
  "daily-summary": "The daily summary (leads, sales, revenue, returns, top campaigns)",
} as const;

export type AlertKind = keyof typeof ALERT_KINDS;
export const alertKinds = Object.keys(ALERT_KINDS) as AlertKind[];

/** Something wrong now: one incident per kind and key (a buyer's id, a claim, "backups"). */
export interface AlertCondition {
  kind: AlertKind;
  key: string;
  subject: string;
  body: string;
}

/** A buyer still active but failing this many attempts in a row is "failing", before any automatic pause. */
export const FAILING_AFTER = 3;
/** A claim whose last lead is older than this is retired, not quiet: it raises no "no leads" alert. */
const RETIRED_AFTER_MS = 30 * 86_400_000;

export interface ConditionLimits {
  noLeadsMs: number;
  queueAgeMs: number;
}

async function buyerConditions(db: Db, now: Date): Promise<AlertCondition[]> {
  const buyers = await listBuyers(db);
  const found: AlertCondition[] = [];
  const counters = await db.selectFrom("buyer_cap_counters").select(["buyer_id", "period", "sent"]).where("period", "like", "D:%").execute();
  for (const buyer of buyers) {
    if (buyer.autoPause) {
      found.push({ kind: "buyer-failing", key: buyer.id, subject: `Buyer "${buyer.name}" was paused automatically`, body: `${buyer.autoPause.reason}.\nIt gets no leads until an operator resumes it.` });
    } else if (buyer.active && buyer.failuresInARow >= FAILING_AFTER) {
      found.push({ kind: "buyer-failing", key: buyer.id, subject: `Buyer "${buyer.name}" is failing`, body: `${buyer.failuresInARow} failed attempts in a row.` });
    }
    const perDay = buyer.rules.caps.perDay;
    if (!buyer.active || perDay === undefined) continue;
    const day = capPeriods(buyer.rules.timeZone, now).day;
    const sent = Number(counters.find((row) => row.buyer_id === buyer.id && row.period === day)?.sent ?? 0);
    if (sent >= perDay) found.push({ kind: "buyer-cap", key: buyer.id, subject: `Buyer "${buyer.name}" reached its daily cap`, body: `${sent} of ${perDay} leads sent today (${buyer.rules.timeZone}).` });
  }
  return found;
}

async function noLeadConditions(db: Db, now: Date, noLeadsMs: number): Promise<AlertCondition[]> {
  const rows = await db
    .selectFrom("leads")
    .select(["case_type", (eb) => eb.fn.max("created_at").as("last")])
    .where("created_at", ">=", new Date(now.getTime() - RETIRED_AFTER_MS).toISOString())
    .groupBy("case_type")
    .execute();
  const before = new Date(now.getTime() - noLeadsMs).toISOString();
  return rows
    .filter((row) => String(row.last) < before)
    .map((row) => ({ kind: "no-leads" as const, key: row.case_type, subject: `No leads for "${row.case_type}" since ${String(row.last)}`, body: `The last lead for the claim "${row.case_type}" came in at ${String(row.last)} (UTC).` }));
}

async function backupConditions(db: Db): Promise<AlertCondition[]> {
  const newest = await db.selectFrom("backups").select(["status", "error", "started_at"]).where("status", "!=", "running").orderBy("started_at", "desc").limit(1).executeTakeFirst();
  if (newest?.status !== "failed") return [];
  return [{ kind: "backup-failed", key: "backups", subject: "The last backup failed", body: `The backup started at ${newest.started_at} failed: ${newest.error ?? "no reason recorded"}.` }];
}

async function queueConditions(db: Db, now: Date, queueAgeMs: number): Promise<AlertCondition[]> {
  const oldest = await db.selectFrom("deliveries").select((eb) => eb.fn.min("next_attempt_at").as("due")).where("status", "=", "pending").executeTakeFirst();
  const due = oldest?.due ? String(oldest.due) : null;
  if (!due || now.getTime() - new Date(due).getTime() < queueAgeMs) return [];
  return [{ kind: "queue-stuck", key: "deliveries", subject: "Deliveries are waiting in the queue", body: `The oldest delivery has been due since ${due} (UTC). Is the worker running?` }];
}

/** Every alert condition true at `now`, read from the database alone (so any worker may check). */
export async function currentConditions(db: Db, now: Date, limits: ConditionLimits): Promise<AlertCondition[]> {
  const groups = await Promise.all([buyerConditions(db, now), noLeadConditions(db, now, limits.noLeadsMs), backupConditions(db), queueConditions(db, now, limits.queueAgeMs)]);
  return groups.flat();
}
