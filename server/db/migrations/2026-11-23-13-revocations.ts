// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { sql, type Kysely } from "kysely";

/**
 * Revocation of consent (docs/decisions/025): each revocation request, the leads it revoked, and the
 * signed `lead.consent_revoked` events, which are outbox rows of their own (target 'event') pointing
 * at the delivery that took the lead to its destination. The lookup by person uses migration 11's
 * phone_e164 and email_normalized indexes; the console's `revoked` filter reads a partial index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("revocations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("value_sha256", "text", (c) => c.notNull())
    .addColumn("value_masked", "text", (c) => c.notNull())
    .addColumn("buyer_id", "text")
    .addColumn("lead_count", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("revocations_newest").on("revocations").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("revocations_value").on("revocations").column("value_sha256").execute();

  await db.schema.alterTable("leads").addColumn("revoked_at", "text").execute();
  await db.schema.alterTable("leads").addColumn("revocation_id", "text").execute();
  await db.schema
    .createIndex("leads_revoked_newest")
    .on("leads")
    .columns(["created_at", "id"])
    .where(sql.ref("revoked_at"), "is not", null)
    .execute();
  await db.schema.createIndex("leads_revocation").on("leads").column("revocation_id").execute();

  await db.schema.alterTable("deliveries").addColumn("event", "text").execute();
  await db.schema.alterTable("deliveries").addColumn("about_delivery_id", "text").execute();
  // One event of a kind per delivery that took the lead somewhere, however often it is revoked.
  await db.schema.createIndex("deliveries_event_unique").on("deliveries").columns(["about_delivery_id", "event"]).unique().execute();

  // Opt-out page requests per IP (OPT_OUT_RATE_LIMIT_PER_HOUR), like login_failures.
  await db.schema
    .createTable("opt_out_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("opt_out_requests_ip").on("opt_out_requests").columns(["ip", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("opt_out_requests").execute();
  await db.schema.dropIndex("deliveries_event_unique").execute();
  await db.schema.alterTable("deliveries").dropColumn("about_delivery_id").execute();
  await db.schema.alterTable("deliveries").dropColumn("event").execute();
  await db.schema.dropIndex("leads_revocation").execute();
  await db.schema.dropIndex("leads_revoked_newest").execute();
  await db.schema.alterTable("leads").dropColumn("revocation_id").execute();
  await db.schema.alterTable("leads").dropColumn("revoked_at").execute();
  await db.schema.dropTable("revocations").execute();
}
