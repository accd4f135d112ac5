// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from "kysely";

/**
 * Conversions sent back to ad platforms (issue 29 item 2, docs/decisions/061): each claim's settings
 * for Google Ads and Meta (credentials sealed with SECRETS_KEY), and the events waiting to go or gone,
 * their own small outbox: one row per platform, kind and source (the lead for 'submitted', the ledger
 * entry for 'sold' and 'returned'), so finding an event twice queues it once. Rows hold no personal
 * data: the request is built from the lead when it is sent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("claim_conversion_settings")
    .addColumn("case_type", "text", (c) => c.primaryKey())
    .addColumn("google_enabled_at", "text")
    .addColumn("google_customer_id", "text")
    .addColumn("google_login_customer_id", "text")
    .addColumn("google_submitted_action_id", "text")
    .addColumn("google_sold_action_id", "text")
    .addColumn("google_credentials_sealed", "text")
    .addColumn("google_test_mode", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("meta_enabled_at", "text")
    .addColumn("meta_pixel_id", "text")
    .addColumn("meta_access_token_sealed", "text")
    .addColumn("meta_test_event_code", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("conversion_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("platform", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("source_id", "text", (c) => c.notNull())
    .addColumn("lead_id", "text", (c) => c.notNull())
    .addColumn("case_type", "text", (c) => c.notNull())
    .addColumn("test_mode", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("response_body", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("conversion_events_source").on("conversion_events").columns(["platform", "kind", "source_id"]).unique().execute();
  await db.schema.createIndex("conversion_events_due").on("conversion_events").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("conversion_events_lead").on("conversion_events").columns(["lead_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("conversion_events").execute();
  await db.schema.dropTable("claim_conversion_settings").execute();
}
