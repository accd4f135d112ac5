// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { sql, type Kysely } from "kysely";

/**
 * Certificates are kept CERTIFICATE_RETENTION_YEARS, then the worker purges them (issue 12,
 * docs/decisions/027): what they hold of the person goes and the row stays as a tombstone with
 * `purged_at`, since leads point at it and the public page should say "purged", not "not found".
 * Each run that purged any leaves a row in certificate_purges: when, the cut-off, how many and the
 * range of their dates.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("submission_certificates").addColumn("purged_at", "text").execute();
  // Partial: the purge reads the oldest unpurged certificates, and tombstones never slow it down.
  await db.schema
    .createIndex("submission_certificates_unpurged_oldest")
    .on("submission_certificates")
    .column("created_at")
    .where(sql.ref("purged_at"), "is", null)
    .execute();
  await db.schema
    .createTable("certificate_purges")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("purged_at", "text", (c) => c.notNull())
    .addColumn("created_before", "text", (c) => c.notNull())
    .addColumn("retention_years", "integer", (c) => c.notNull())
    .addColumn("certificates", "integer", (c) => c.notNull())
    .addColumn("oldest_created_at", "text", (c) => c.notNull())
    .addColumn("newest_created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("certificate_purges").execute();
  await db.schema.dropIndex("submission_certificates_unpurged_oldest").execute();
  await db.schema.alterTable("submission_certificates").dropColumn("purged_at").execute();
}
