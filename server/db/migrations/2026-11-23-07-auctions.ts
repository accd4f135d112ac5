// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from "kysely";

/**
 * Ping-post auctions (docs/decisions/022): one row per auction of a lead, with its winner and price
 * once a bidder takes the lead, and one row per buyer pinged with what it answered. Money is integer
 * cents, so sums in a revenue report are exact on both engines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("auctions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id"))
    .addColumn("case_type", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("timeout_ms", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("winner_buyer_id", "text", (c) => c.references("buyers.id"))
    .addColumn("price_cents", "integer")
    .execute();
  await db.schema.createIndex("auctions_lead").on("auctions").columns(["lead_id", "created_at"]).execute();
  // Revenue by buyer and period reads the won auctions of one buyer in date order.
  await db.schema.createIndex("auctions_winner").on("auctions").columns(["winner_buyer_id", "created_at"]).execute();

  await db.schema
    .createTable("auction_bids")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("auction_id", "text", (c) => c.notNull().references("auctions.id"))
    .addColumn("buyer_id", "text", (c) => c.notNull().references("buyers.id"))
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer")
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .addColumn("detail", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // A buyer is pinged once per auction.
  await db.schema.createIndex("auction_bids_auction_buyer").on("auction_bids").columns(["auction_id", "buyer_id"]).unique().execute();
  // A buyer's bidding history (how often it bids, how fast, how much).
  await db.schema.createIndex("auction_bids_buyer").on("auction_bids").columns(["buyer_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("auction_bids").execute();
  await db.schema.dropTable("auctions").execute();
}
