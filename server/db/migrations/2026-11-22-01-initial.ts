import type { Kysely } from "kysely";

// Column types are chosen to be valid on SQLite and PostgreSQL alike (see docs/decisions/003).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("submission_certificates")
    .addColumn("certificate_id", "text", (c) => c.primaryKey())
    .addColumn("lead_id", "text", (c) => c.notNull())
    .addColumn("form_type", "text", (c) => c.notNull())
    .addColumn("submission_data", "text", (c) => c.notNull())
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("verification_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("verified_at", "text")
    .addColumn("consent_text", "text", (c) => c.notNull())
    .addColumn("page_url", "text")
    .addColumn("submission_sha256", "text", (c) => c.notNull())
    .execute();

  let leads = db.schema
    .createTable("leads")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("case_type", "text", (c) => c.notNull());
  for (const column of ["fn", "ln", "em", "ph", "st", "accident_date"]) {
    leads = leads.addColumn(column, "text");
  }
  for (let i = 1; i <= 10; i++) leads = leads.addColumn(`cq${i}`, "text");
  await leads
    .addColumn("notes", "text")
    .addColumn("tcpa", "integer", (c) => c.notNull())
    .addColumn("is_eligible", "integer")
    .addColumn("is_not_eligible", "integer")
    .addColumn("eligibility_reason", "text")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("user_ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("form_data", "text", (c) => c.notNull())
    .addColumn("attribution", "text")
    .addColumn("certificate_id", "text", (c) => c.references("submission_certificates.certificate_id"))
    .addColumn("submission_key", "text", (c) => c.notNull().unique())
    .addColumn("submission_sha256", "text", (c) => c.notNull())
    .addColumn("is_spam", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("webhook_sent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("webhook_sent_at", "text")
    .addColumn("webhook_error", "text")
    .execute();

  await db.schema.createIndex("leads_ip_created_at").on("leads").columns(["user_ip", "created_at"]).execute();
  await db.schema.createIndex("leads_created_at").on("leads").column("created_at").execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("leads").execute();
  await db.schema.dropTable("submission_certificates").execute();
  await db.schema.dropTable("settings").execute();
}
