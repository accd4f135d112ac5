import type { Kysely } from "kysely";

/** First-party counters for clicks we are asked to record (e.g. the AFFF landing page's start buttons). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("page_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("path", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("page_events_name_created_at").on("page_events").columns(["name", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("page_events").execute();
}
