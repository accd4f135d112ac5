// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from "kysely";

/**
 * Wiring the ping-post auction into the outbox (docs/decisions/022): an auction is a delivery with the
 * target 'auction' that the worker runs, and the delivery to a bidder names its auction and its bid,
 * so that the buyer's answer closes the auction or offers the lead to the next bid.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("deliveries").addColumn("auction_id", "text").execute();
  await db.schema.alterTable("deliveries").addColumn("price_cents", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("deliveries").dropColumn("price_cents").execute();
  await db.schema.alterTable("deliveries").dropColumn("auction_id").execute();
}
