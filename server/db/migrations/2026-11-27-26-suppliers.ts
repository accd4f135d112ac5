// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { sql, type Kysely } from "kysely";

/**
 * Lead suppliers, issue 26 (docs/decisions/046): every caller of the lead API but our own forms is a
 * supplier with a key (only its SHA-256 kept), the claims it may send, a daily cap counted in
 * `supplier_cap_counters` (one conditional increment per lead, as buyers' caps), a payout in cents and
 * a status. Leads name their supplier; certificates say which kind of consent they record, and a
 * supplier's lead keeps the supplier's own evidence (JSON). Leads already sent through the API are
 * recognised by their fill facts' channel and marked source 'api' and kind 'supplier-asserted'.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("suppliers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("claim_slugs", "text", (c) => c.notNull())
    .addColumn("daily_cap", "integer")
    .addColumn("payout_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("api_key_sha256", "text", (c) => c.unique())
    .addColumn("api_key_prefix", "text")
    .addColumn("api_key_created_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("supplier_cap_counters")
    .addColumn("supplier_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("sent", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("supplier_cap_counters_pk", ["supplier_id", "day"])
    .execute();

  await db.schema.alterTable("leads").addColumn("supplier_id", "text").execute();
  await db.schema.createIndex("leads_supplier_created").on("leads").columns(["supplier_id", "created_at"]).execute();
  await db.schema.alterTable("submission_certificates").addColumn("consent_kind", "text", (c) => c.notNull().defaultTo("first-party-form")).execute();
  await db.schema.alterTable("submission_certificates").addColumn("supplier_evidence", "text").execute();

  const apiCertificates = sql`(select certificate_id from submission_certificates where fill_facts like ${'%"channel":"api"%'})`;
  await sql`update leads set source = 'api' where certificate_id in ${apiCertificates}`.execute(db);
  await sql`update submission_certificates set consent_kind = 'supplier-asserted' where fill_facts like ${'%"channel":"api"%'}`.execute(db);
}
