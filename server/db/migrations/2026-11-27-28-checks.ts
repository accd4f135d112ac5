// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from "kysely";

/**
 * Checks before a sale (issue 26, docs/decisions/048): the operator's HTTP checks, each lead's results
 * (one row per lead and check, the evidence), and each check's answers per phone number for its cache
 * days. A lead a check blocks (or a provider down under the hold policy) is held: buyer_status 'held'
 * with held_reason.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("checks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("config", "text", (c) => c.notNull())
    .addColumn("credentials_sealed", "text")
    .addColumn("credentials_last4", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("lead_checks")
    .addColumn("lead_id", "text", (c) => c.notNull())
    .addColumn("check_id", "text", (c) => c.notNull())
    .addColumn("check_name", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("detail", "text")
    .addColumn("answer_excerpt", "text")
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("cached", "integer", (c) => c.notNull())
    .addColumn("policy_applied", "text")
    .addColumn("checked_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("lead_checks_pk", ["lead_id", "check_id"])
    .execute();
  await db.schema
    .createTable("check_cache")
    .addColumn("check_id", "text", (c) => c.notNull())
    .addColumn("phone_e164", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("detail", "text")
    .addColumn("answer_excerpt", "text")
    .addColumn("checked_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("check_cache_pk", ["check_id", "phone_e164"])
    .execute();
  await db.schema.alterTable("leads").addColumn("held_reason", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("leads").dropColumn("held_reason").execute();
  await db.schema.dropTable("check_cache").execute();
  await db.schema.dropTable("lead_checks").execute();
  await db.schema.dropTable("checks").execute();
}
