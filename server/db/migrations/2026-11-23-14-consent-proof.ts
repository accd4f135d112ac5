// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from "kysely";

/**
 * Deeper consent proof (docs/decisions/026). Certificates gain the consent text's version and SHA-256
 * and the fill facts (small JSON). The consent page as rendered is large, so it lives in a table of
 * its own, out of the certificates' and leads' rows; the stylesheet it was shown with is stored once
 * per version. Certificates saved before this migration keep nulls: their consent text is stored, so
 * the console derives its version and hash from it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("submission_certificates").addColumn("consent_text_version", "text").execute();
  await db.schema.alterTable("submission_certificates").addColumn("consent_text_sha256", "text").execute();
  await db.schema.alterTable("submission_certificates").addColumn("fill_facts", "text").execute();

  await db.schema
    .createTable("consent_stylesheets")
    .addColumn("sha256", "text", (c) => c.primaryKey())
    .addColumn("href", "text", (c) => c.notNull())
    .addColumn("css", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("consent_page_snapshots")
    .addColumn("certificate_id", "text", (c) => c.primaryKey().references("submission_certificates.certificate_id"))
    .addColumn("lead_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull())
    .addColumn("inline_css", "text", (c) => c.notNull())
    .addColumn("stylesheet_href", "text", (c) => c.notNull())
    .addColumn("stylesheet_sha256", "text", (c) => c.notNull().references("consent_stylesheets.sha256"))
    .execute();
  // The operator opens a lead's page by the lead's id.
  await db.schema.createIndex("consent_page_snapshots_lead").on("consent_page_snapshots").column("lead_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("consent_page_snapshots").execute();
  await db.schema.dropTable("consent_stylesheets").execute();
  await db.schema.alterTable("submission_certificates").dropColumn("fill_facts").execute();
  await db.schema.alterTable("submission_certificates").dropColumn("consent_text_sha256").execute();
  await db.schema.alterTable("submission_certificates").dropColumn("consent_text_version").execute();
}
