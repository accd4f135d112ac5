// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * The sales ledger (docs/decisions/038): one append-only row per sale, credit and cancellation, with
 * the price in cents fixed at the moment of the sale. The database itself refuses to change or remove
 * a row, as it does for the audit log (migration 16); on SQLite also an INSERT over an existing id,
 * since INSERT OR REPLACE deletes the old row without firing a DELETE trigger.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("ledger_entries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("lead_id", "text", (c) => c.notNull())
    .addColumn("buyer_id", "text", (c) => c.notNull())
    .addColumn("case_type", "text", (c) => c.notNull())
    .addColumn("lead_state", "text")
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("price_source", "text", (c) => c.notNull())
    .addColumn("delivery_id", "text")
    .addColumn("sale_id", "text")
    .addColumn("return_id", "text")
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addCheckConstraint("ledger_entries_kind", sql`kind in ('sale', 'credit', 'cancellation')`)
    .addCheckConstraint("ledger_entries_price_source", sql`price_source in ('fixed', 'bid')`)
    .addCheckConstraint(
      "ledger_entries_shape",
      sql`(kind = 'sale' and amount_cents >= 0 and sale_id is null and delivery_id is not null)
          or (kind <> 'sale' and amount_cents <= 0 and sale_id is not null)`,
    )
    .execute();
  await db.schema.createIndex("ledger_entries_lead").on("ledger_entries").columns(["lead_id", "created_at"]).execute();
  await db.schema.createIndex("ledger_entries_buyer").on("ledger_entries").columns(["buyer_id", "created_at"]).execute();
  await db.schema.createIndex("ledger_entries_day").on("ledger_entries").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("ledger_entries_sale").on("ledger_entries").column("sale_id").execute();
  // A delivery makes at most one sale, and a buyer buys a lead at most once, ever (a buyer that returned
  // a lead never gets it again): the database holds both, whatever the code above it does.
  await db.schema
    .createIndex("ledger_entries_one_sale_per_delivery")
    .on("ledger_entries")
    .column("delivery_id")
    .unique()
    .where(sql.ref("kind"), "=", "sale")
    .execute();
  await db.schema
    .createIndex("ledger_entries_one_sale_per_buyer")
    .on("ledger_entries")
    .columns(["lead_id", "buyer_id"])
    .unique()
    .where(sql.ref("kind"), "=", "sale")
    .execute();

  if (postgres) {
    await sql`create function ledger_entries_append_only() returns trigger language plpgsql as $$
      begin raise exception 'ledger_entries is append-only'; end $$`.execute(db);
    await sql`create trigger ledger_entries_no_change before update or delete on ledger_entries
      for each row execute function ledger_entries_append_only()`.execute(db);
    // A TRUNCATE fires no row trigger.
    await sql`create trigger ledger_entries_no_truncate before truncate on ledger_entries
      for each statement execute function ledger_entries_append_only()`.execute(db);
  } else {
    await sql`create trigger ledger_entries_no_update before update on ledger_entries
      begin select raise(abort, 'ledger_entries is append-only'); end`.execute(db);
    await sql`create trigger ledger_entries_no_delete before delete on ledger_entries
      begin select raise(abort, 'ledger_entries is append-only'); end`.execute(db);
    // REPLACE deletes the conflicting row without a DELETE trigger (recursive_triggers is off), but a
    // BEFORE INSERT trigger runs before the conflict is resolved.
    await sql`create trigger ledger_entries_no_replace before insert on ledger_entries
      when exists (select 1 from ledger_entries where id = new.id)
      begin select raise(abort, 'ledger_entries is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable("ledger_entries").execute();
  if (postgres) await sql`drop function ledger_entries_append_only()`.execute(db);
}
