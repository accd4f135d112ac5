// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from "kysely";

/**
 * First-party funnel analytics (issue 13, docs/decisions/029): one row per visitor, day and funnel
 * point (the key makes a repeat a no-op), daily counts the dashboard reads, and the day's salt.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("funnel_events")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("claim", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("step", "integer", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("visitor_hash", "text", (c) => c.notNull())
    .addColumn("utm_source", "text", (c) => c.notNull())
    .addColumn("utm_campaign", "text", (c) => c.notNull())
    .addColumn("occurred_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("funnel_events_pk", ["day", "claim", "kind", "step", "outcome", "visitor_hash"])
    .execute();
  await db.schema
    .createTable("funnel_daily")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("claim", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("step", "integer", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("utm_source", "text", (c) => c.notNull())
    .addColumn("visitors", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("funnel_daily_pk", ["day", "claim", "kind", "step", "outcome", "utm_source"])
    .execute();
  await db.schema
    .createTable("analytics_salts")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("salt", "text", (c) => c.notNull())
    .execute();

  // The dashboard's other figures, recounted from leads and deliveries for the days that changed.
  await db.schema
    .createTable("lead_daily")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("case_type", "text", (c) => c.notNull())
    .addColumn("leads", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("lead_daily_pk", ["day", "case_type"])
    .execute();
  await db.schema
    .createTable("delivery_daily")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("destination", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("deliveries", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("delivery_daily_pk", ["day", "destination", "status"])
    .execute();
  await db.schema
    .createTable("rollup_state")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("refreshed_at", "text", (c) => c.notNull())
    .execute();
  // Finds the days whose deliveries changed since the last recount.
  await db.schema.createIndex("deliveries_updated_at").on("deliveries").column("updated_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("deliveries_updated_at").execute();
  await db.schema.dropTable("rollup_state").execute();
  await db.schema.dropTable("delivery_daily").execute();
  await db.schema.dropTable("lead_daily").execute();
  await db.schema.dropTable("analytics_salts").execute();
  await db.schema.dropTable("funnel_daily").execute();
  await db.schema.dropTable("funnel_events").execute();
}
