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

type LeadContacts = { id: string; phoneE164: string | null; emailNormalized: string | null };

/** The lists the lead's phone and e-mail are on, by one indexed lookup of at most six keys, oldest list first. */
async function listsMatching(db: Kysely<Database>, lead: LeadContacts) {
  const keys = leadKeys(lead);
  if (!keys.length) return [];
  const matches = await db
    .selectFrom("suppression_entries as e")
    .innerJoin("suppression_lists as l", "l.id", "e.list_id")
    .select(["l.id", "l.name", "l.kind", "l.buyer_id"])
    .where("e.value", "in", keys.map((key) => boundKey(db, key)))
    .distinct()
    .execute();
  return matches.sort((a, b) => a.id - b.id);
}

function suppressionOf(matches: Awaited<ReturnType<typeof listsMatching>>): LeadSuppression {
  if (!matches.length) return NOT_SUPPRESSED;
  const everyone = matches.find((list) => list.buyer_id === null);
  const byBuyer: Record<string, string> = {};
  for (const list of matches) if (list.buyer_id !== null) byBuyer[list.buyer_id] ??= list.name;
  return { everyone: everyone?.name ?? null, byBuyer };
}

/**
 * Inside the write transaction that routes the lead (intake, a cascade, a re-route, an auction's
 * offer): the lists the lead is on, recorded on the lead (lead_suppressions, once per list). Checked
 * again at every routing, so a list uploaded after intake protects the lead from then on.
 */
export async function checkSuppression(
  trx: Kysely<Database>,
  lead: LeadContacts,
  now: Date,
  { justSaved = false }: { justSaved?: boolean } = {},
): Promise<LeadSuppression> {
  const matches = await listsMatching(trx, lead);
  if (!matches.length) return NOT_SUPPRESSED;
  const rows = matches.map((list) => ({ lead_id: lead.id, list_id: list.id, list_name: list.name, buyer_id: list.buyer_id, matched_at: now.toISOString() }));
  const insert = trx.insertInto("lead_suppressions").values(rows);
  await (justSaved ? insert : insert.onConflict((oc) => oc.columns(["lead_id", "list_id"]).doNothing())).execute();
  return suppressionOf(matches);
}

/**
 * The lists a stored lead is on, read only: for an auction's pings, which run outside any transaction
 * (a buyer protected from the lead is not pinged). The offer that follows checks and records them again.
 */
export async function lookUpSuppression(db: Kysely<Database>, lead: LeadContacts): Promise<LeadSuppression> {
  return suppressionOf(await listsMatching(db, lead));
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
