// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from "kysely";

/**
 * Site content in the database (issue 28, docs/decisions/055): every published version of every entry
 * (`site`, `trust-strip`, `home-hero`, `consent-text`; later each claim's landing copy, FAQs, posts),
 * never updated or deleted, and at most one draft per entry. A version's id is the site-wide publish
 * counter every web instance polls. Certificates record the consent-text version they were shown.
 *
 * The built-in consent text is version 1 (its words as they were when this was written, `{brand}` for
 * the site's name), so every certificate from now on names a version.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("content_versions")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("entry", "text", (c) => c.notNull())
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("published_at", "text", (c) => c.notNull())
    .addColumn("published_by", "text")
    .addColumn("rolled_back_from", "integer")
    .addUniqueConstraint("content_versions_entry_number", ["entry", "number"])
    .execute();
  await db.schema
    .createTable("content_drafts")
    .addColumn("entry", "text", (c) => c.primaryKey())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("preview_token", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
  await db.schema.alterTable("submission_certificates").addColumn("consent_content_version", "integer").execute();

  const template =
    "By checking this box and submitting this form, I agree that {brand} and its participating attorneys " +
    "may call and text me, including with automated technology and prerecorded messages, at the phone number " +
    "I provided about my claim. Consent is not a condition of purchasing any goods or services. " +
    "Message and data rates may apply; reply STOP to opt out. " +
    "You can revoke this consent at any time on our opt-out page, /opt-out.";
  await db
    .insertInto("content_versions")
    .values({ id: 1, entry: "consent-text", number: 1, body: JSON.stringify({ template }), published_at: new Date().toISOString(), published_by: null, rolled_back_from: null })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("submission_certificates").dropColumn("consent_content_version").execute();
  await db.schema.dropTable("content_drafts").execute();
  await db.schema.dropTable("content_versions").execute();
}
