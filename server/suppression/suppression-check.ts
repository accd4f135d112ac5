import type { Kysely } from "kysely";
import { isPostgres } from "../db/database";
import type { Database } from "../db/schema";
import { leadKeys, type SuppressionKey } from "./suppression-keys";

/** What routing needs to know of a lead's suppression: a list that protects every buyer, and lists that protect one. */
export interface LeadSuppression {
  /** The name of a list that holds the lead back from every buyer, or null. */
  everyone: string | null;
  /** Buyer id -> the name of its own list the lead is on. */
  byBuyer: Readonly<Record<string, string>>;
}

export const NOT_SUPPRESSED: LeadSuppression = { everyone: null, byBuyer: {} };

/** SQLite binds a bigint as an integer; node-postgres binds its decimal text into the bigint column. */
export function boundKey(trx: Kysely<Database>, key: SuppressionKey): bigint | string {
  return isPostgres(trx) ? key.toString() : key;
}

/**
 * Inside the write transaction that routes the lead (intake, a cascade, a re-route): the lists the
 * lead's phone and e-mail are on, by one indexed lookup of at most six keys, recorded on the lead
 * (lead_suppressions, once per list). Checked again at every routing, so a list uploaded after intake
 * protects the lead from then on.
 */
export async function checkSuppression(
  trx: Kysely<Database>,
  lead: { id: string; phoneE164: string | null; emailNormalized: string | null },
  now: Date,
  { justSaved = false }: { justSaved?: boolean } = {},
): Promise<LeadSuppression> {
  const keys = leadKeys(lead);
  if (!keys.length) return NOT_SUPPRESSED;
  const matches = await trx
    .selectFrom("suppression_entries as e")
    .innerJoin("suppression_lists as l", "l.id", "e.list_id")
    .select(["l.id", "l.name", "l.kind", "l.buyer_id"])
    .where("e.value", "in", keys.map((key) => boundKey(trx, key)))
    .distinct()
    .execute();
  if (!matches.length) return NOT_SUPPRESSED;
  matches.sort((a, b) => a.id - b.id);
  const rows = matches.map((list) => ({ lead_id: lead.id, list_id: list.id, list_name: list.name, buyer_id: list.buyer_id, matched_at: now.toISOString() }));
  const insert = trx.insertInto("lead_suppressions").values(rows);
  await (justSaved ? insert : insert.onConflict((oc) => oc.columns(["lead_id", "list_id"]).doNothing())).execute();
  const everyone = matches.find((list) => list.buyer_id === null);
  const byBuyer: Record<string, string> = {};
  for (const list of matches) if (list.buyer_id !== null) byBuyer[list.buyer_id] ??= list.name;
  return { everyone: everyone?.name ?? null, byBuyer };
}

/** checkSuppression for a lead stored earlier, by its id. */
export async function checkStoredLead(trx: Kysely<Database>, leadId: string, now: Date): Promise<LeadSuppression> {
  const lead = await trx.selectFrom("leads").select(["phone_e164", "email_normalized"]).where("id", "=", leadId).executeTakeFirst();
  if (!lead) return NOT_SUPPRESSED;
  return checkSuppression(trx, { id: leadId, phoneE164: lead.phone_e164, emailNormalized: lead.email_normalized }, now);
}

/** The lists a lead matched, oldest first, for the lead page and the export. */
export async function suppressionsOf(db: Kysely<Database>, leadId: string) {
  const rows = await db
    .selectFrom("lead_suppressions as s")
    .leftJoin("buyers as b", "b.id", "s.buyer_id")
    .select(["s.list_id", "s.list_name", "s.buyer_id", "s.matched_at", "b.name as buyer_name"])
    .where("s.lead_id", "=", leadId)
    .orderBy("s.matched_at")
    .orderBy("s.list_id")
    .execute();
  return rows.map((row) => ({ listId: row.list_id, listName: row.list_name, buyerId: row.buyer_id, buyerName: row.buyer_name, matchedAt: row.matched_at }));
}
