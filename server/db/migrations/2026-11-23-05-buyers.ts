// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from "kysely";

/**
 * Buyers and routing (docs/decisions/021): the buyers with their delivery, rules and sealed
 * credentials; a counter per buyer and cap period (its day or month in its zone), which the
 * reservation increments only while it stays under the cap; every routing decision; and on each
 * delivery, the buyer it goes to and the counter periods it holds a reservation in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("buyers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("delivery", "text", (c) => c.notNull())
    .addColumn("rules", "text", (c) => c.notNull())
    .addColumn("credentials_sealed", "text")
    .addColumn("credentials_last4", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("buyer_cap_counters")
    .addColumn("buyer_id", "text", (c) => c.notNull().references("buyers.id"))
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("sent", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("buyer_cap_counters_pk", ["buyer_id", "period"])
    .execute();

  await db.schema
    .createTable("routing_decisions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("decision", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("routing_decisions_lead").on("routing_decisions").columns(["lead_id", "created_at"]).execute();

  // Existing rows keep their target, status and ids; they have no buyer and hold no reservation.
  await db.schema.alterTable("deliveries").addColumn("buyer_id", "text", (c) => c.references("buyers.id")).execute();
  await db.schema.alterTable("deliveries").addColumn("reserved_day", "text").execute();
  await db.schema.alterTable("deliveries").addColumn("reserved_month", "text").execute();
  await db.schema.createIndex("deliveries_buyer").on("deliveries").columns(["buyer_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("deliveries_buyer").execute();
  for (const column of ["reserved_month", "reserved_day", "buyer_id"]) {
    await db.schema.alterTable("deliveries").dropColumn(column).execute();
  }
  for (const table of ["routing_decisions", "buyer_cap_counters", "buyers"]) {
    await db.schema.dropTable(table).execute();
  }
}
