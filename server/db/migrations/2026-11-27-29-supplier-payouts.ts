// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { sql, type Kysely } from "kysely";

/**
 * What a supplier's lead cost us, and the dashboard's figures per supplier (issue 26, docs/decisions/046):
 * - `leads.supplier_payout_cents`: the supplier's payout in force when the lead was accepted, stored
 *   on the lead so that a later change of payout does not rewrite past margins; null for our own forms.
 *   Supplier leads saved before it get their supplier's payout of today (the best there is).
 * - `lead_daily` is counted per supplier as well ('' for our own forms), with duplicates and payouts:
 *   a rollup, so it is made again empty and recounted at the dashboard's next refresh.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("leads").addColumn("supplier_payout_cents", "integer").execute();
  await sql`update leads set supplier_payout_cents = (select payout_cents from suppliers where suppliers.id = leads.supplier_id) where supplier_id is not null`.execute(db);

  await db.schema.dropTable("lead_daily").execute();
  await db.schema
    .createTable("lead_daily")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("case_type", "text", (c) => c.notNull())
    .addColumn("supplier_id", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("leads", "integer", (c) => c.notNull())
    .addColumn("spam", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("duplicates", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("payout_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("lead_daily_pk", ["day", "case_type", "supplier_id"])
    .execute();
  await db.deleteFrom("rollup_state").where("name", "like", "dashboard%").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("lead_daily").execute();
  await db.schema
    .createTable("lead_daily")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("case_type", "text", (c) => c.notNull())
    .addColumn("leads", "integer", (c) => c.notNull())
    .addColumn("spam", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("lead_daily_pk", ["day", "case_type"])
    .execute();
  await db.deleteFrom("rollup_state").where("name", "like", "dashboard%").execute();
  await db.schema.alterTable("leads").dropColumn("supplier_payout_cents").execute();
}
