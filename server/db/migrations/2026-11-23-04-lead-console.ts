// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql, type ExpressionBuilder, type Kysely } from "kysely";
import { leadSearchColumns } from "../search-keys";

/**
 * The lead console (docs/decisions/020): derived lead columns that every filter and the search use,
 * each backed by an index that also gives the newest-first order; the lead's time on its deliveries,
 * so a delivery-status filter walks one index; the start of each attempt's response; and a record of
 * what operators did.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Prefix searches compare by code point, which PostgreSQL's locale collations do not.
  const searchText = db.getExecutor().adapter instanceof PostgresAdapter ? sql`text collate "C"` : sql`text`;
  await db.schema.alterTable("leads").addColumn("outcome", "text", (c) => c.notNull().defaultTo("none")).execute();
  for (const column of ["fn_search", "ln_search", "em_search", "phone_digits"]) {
    await db.schema.alterTable("leads").addColumn(column, searchText).execute();
  }
  for (const column of ["utm_source", "utm_campaign"]) {
    await db.schema.alterTable("leads").addColumn(column, "text").execute();
  }
  await db.schema.alterTable("deliveries").addColumn("lead_created_at", "text").execute();
  await db.schema.alterTable("delivery_attempts").addColumn("response_body", "text").execute();

  await backfillLeads(db);
  await db
    .updateTable("deliveries")
    .set({ lead_created_at: (eb: ExpressionBuilder<any, "deliveries">) => eb.selectFrom("leads").select("leads.created_at").whereRef("leads.id", "=", "deliveries.lead_id") })
    .execute();

  await db.schema.dropIndex("leads_created_at").execute();
  await db.schema.createIndex("leads_newest").on("leads").columns(["created_at", "id"]).execute();
  for (const column of ["case_type", "outcome", "st", "is_spam", "utm_source", "utm_campaign"]) {
    await db.schema.createIndex(`leads_${column}_newest`).on("leads").columns([column, "created_at", "id"]).execute();
  }
  // A name search ('maria lop') narrows by one name and checks the other inside the same index.
  await db.schema.createIndex("leads_fn_ln_search").on("leads").columns(["fn_search", "ln_search"]).execute();
  await db.schema.createIndex("leads_ln_fn_search").on("leads").columns(["ln_search", "fn_search"]).execute();
  for (const column of ["em_search", "phone_digits"]) {
    await db.schema.createIndex(`leads_${column}`).on("leads").column(column).execute();
  }
  await db.schema
    .createIndex("deliveries_target_status_newest")
    .on("deliveries")
    .columns(["target", "status", "lead_created_at", "lead_id"])
    .execute();

  await db.schema
    .createTable("console_actions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("operator", "text", (c) => c.notNull())
    .addColumn("session_id", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("lead_id", "text")
    .addColumn("detail", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("console_actions_lead").on("console_actions").columns(["lead_id", "created_at"]).execute();
  await db.schema.createIndex("console_actions_newest").on("console_actions").column("created_at").execute();
}

/** Fills the derived columns of the leads saved before this migration, a batch at a time. */
async function backfillLeads(db: Kysely<any>) {
  let after = "";
  for (;;) {
    const rows = await db
      .selectFrom("leads")
      .select(["id", "fn", "ln", "em", "ph", "attribution", "is_eligible", "is_not_eligible", "eligibility_reason"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(500)
      .execute();
    if (!rows.length) return;
    for (const row of rows) {
      const outcome = row.eligibility_reason === null ? null : row.is_eligible ? "eligible" : row.is_not_eligible ? "ineligible" : "partial";
      // Only the columns this migration adds: later ones (phone_digits_reversed, migration 20) do not exist yet.
      const { phone_digits_reversed: _later, ...columns } = leadSearchColumns({ ...row, outcome, attribution: row.attribution ? JSON.parse(row.attribution) : null });
      await db.updateTable("leads").set(columns).where("id", "=", row.id).execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("console_actions").execute();
  await db.schema.dropIndex("deliveries_target_status_newest").execute();
  for (const index of ["leads_fn_ln_search", "leads_ln_fn_search", "leads_em_search", "leads_phone_digits"]) await db.schema.dropIndex(index).execute();
  for (const column of ["case_type", "outcome", "st", "is_spam", "utm_source", "utm_campaign"]) {
    await db.schema.dropIndex(`leads_${column}_newest`).execute();
  }
  await db.schema.dropIndex("leads_newest").execute();
  await db.schema.createIndex("leads_created_at").on("leads").column("created_at").execute();
  await db.schema.alterTable("delivery_attempts").dropColumn("response_body").execute();
  await db.schema.alterTable("deliveries").dropColumn("lead_created_at").execute();
  for (const column of ["outcome", "fn_search", "ln_search", "em_search", "phone_digits", "utm_source", "utm_campaign"]) {
    await db.schema.alterTable("leads").dropColumn(column).execute();
  }
}
