// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { sql, type Kysely, type SqlBool } from "kysely";

/**
 * Failing buyers do not hold leads (docs/decisions/039). A buyer delivery carries the moment its buyer
 * must have taken the lead by (`deadline_at`), when the worker gave up on it (`expired_at`), and a
 * late acceptance (`late_accepted_at`: the buyer said yes after the deadline; not a sale). A buyer
 * counts its failed attempts in a row and says why and since when it was paused automatically.
 * The worker's sweep reads a partial index of the rows that can still expire; its query repeats the
 * condition word for word, as SQLite needs to use a partial index.
 */
const EXPIRABLE = "status in ('pending', 'sending') and deadline_at is not null";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("deliveries").addColumn("deadline_at", "text").execute();
  await db.schema.alterTable("deliveries").addColumn("expired_at", "text").execute();
  await db.schema.alterTable("deliveries").addColumn("late_accepted_at", "text").execute();
  await db.schema.createIndex("deliveries_deadline").on("deliveries").column("deadline_at").where(sql.raw<SqlBool>(EXPIRABLE)).execute();

  await db.schema.alterTable("buyers").addColumn("consecutive_failures", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("buyers").addColumn("paused_reason", "text").execute();
  await db.schema.alterTable("buyers").addColumn("paused_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("buyers").dropColumn("paused_at").execute();
  await db.schema.alterTable("buyers").dropColumn("paused_reason").execute();
  await db.schema.alterTable("buyers").dropColumn("consecutive_failures").execute();
  await db.schema.dropIndex("deliveries_deadline").execute();
  await db.schema.alterTable("deliveries").dropColumn("late_accepted_at").execute();
  await db.schema.alterTable("deliveries").dropColumn("expired_at").execute();
  await db.schema.alterTable("deliveries").dropColumn("deadline_at").execute();
}
