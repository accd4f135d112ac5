// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { sql, type Kysely } from "kysely";

/**
 * Claims defined as data (issue 28, item 2, docs/decisions/059). `data_claims`: one row per claim an
 * operator made at /admin/claims, with its draft (JSON), its state (draft: never published; published;
 * paused: its landing says it is closed and it takes no leads) and the version the site runs.
 * `data_claim_versions`: every published version, never updated or deleted. `revision` grows with every
 * change of a claim, so each instance polls the sum of them to know when to reload.
 * Leads and certificates record the claim version they were submitted under (null for built-in claims).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("data_claims")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('draft', 'published', 'paused')`))
    .addColumn("draft", "text")
    .addColumn("live_version", "integer")
    .addColumn("revision", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
  await db.schema
    .createTable("data_claim_versions")
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("published_at", "text", (c) => c.notNull())
    .addColumn("published_by", "text")
    .addPrimaryKeyConstraint("data_claim_versions_pk", ["slug", "number"])
    .execute();
  await db.schema.alterTable("leads").addColumn("claim_version", "integer").execute();
  await db.schema.alterTable("submission_certificates").addColumn("claim_version", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("submission_certificates").dropColumn("claim_version").execute();
  await db.schema.alterTable("leads").dropColumn("claim_version").execute();
  await db.schema.dropTable("data_claim_versions").execute();
  await db.schema.dropTable("data_claims").execute();
}
