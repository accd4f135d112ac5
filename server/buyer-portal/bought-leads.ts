import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * The leads a buyer bought, one row per sale: the sale's id, the lead, when and for how much. The
 * only place the portal reads "bought", so every page and the CSV agree, and no query can reach a lead
 * without passing through the buyer's own sales.
 */
export function boughtLeads(db: Kysely<Database>, buyerId: string) {
  return db
    .selectFrom("deliveries")
    .where("deliveries.buyer_id", "=", buyerId)
    .where("deliveries.status", "=", "delivered")
    .where("deliveries.target", "in", ["buyer", "auction"])
    .select([
      "deliveries.id as sale_id",
      "deliveries.lead_id",
      sql<string>`coalesce(deliveries.delivered_at, deliveries.updated_at)`.as("sold_at"),
      "deliveries.price_cents as amount_cents",
    ]);
}
