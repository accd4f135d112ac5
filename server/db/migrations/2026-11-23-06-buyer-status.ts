// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from "kysely";

/**
 * Where a lead stands with buyers (issue 11): 'pending' (sent, no answer yet), 'sold' (a buyer took it)
 * or 'unsold' (no buyer could or would); null until it is routed, and for spam. Kept on the lead, and
 * indexed like every other filter, so the console finds unsold leads without reading the deliveries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("leads").addColumn("buyer_status", "text").execute();
  await db.schema.createIndex("leads_buyer_status_newest").on("leads").columns(["buyer_status", "created_at", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("leads_buyer_status_newest").execute();
  await db.schema.alterTable("leads").dropColumn("buyer_status").execute();
}
