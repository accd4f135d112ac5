import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * The leads a buyer bought: its sale rows in the ledger (server/ledger), one per sale, with the price
 * it paid. The only place the portal reads "bought", so every page, the CSV, a return and a statement
 * agree, and no query reaches a lead without passing through the buyer's own sales.
 */
export function boughtLeads(db: Kysely<Database>, buyerId: string) {
  return db
    .selectFrom("ledger_entries")
    .where("ledger_entries.buyer_id", "=", buyerId)
    .where("ledger_entries.kind", "=", "sale")
    .select(["ledger_entries.id as sale_id", "ledger_entries.lead_id", "ledger_entries.created_at as sold_at", "ledger_entries.amount_cents"]);
}
