// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from "kysely";

/**
 * Alerts by e-mail (issue 29, docs/decisions/056): one row per incident key (kind and what it is
 * about), the mails waiting to go out (their own small outbox, retried until sent), and each
 * operator's choice of alerts (no row: the default for the role).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("alert_incidents")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("opened_at", "text", (c) => c.notNull())
    .addColumn("resolved_at", "text")
    .addColumn("last_sent_at", "text")
    .addPrimaryKeyConstraint("alert_incidents_pk", ["kind", "key"])
    .execute();
  await db.schema
    .createTable("alert_mails")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("alert_mails_due").on("alert_mails").columns(["status", "next_attempt_at"]).execute();
  await db.schema
    .createTable("operator_alert_choices")
    .addColumn("operator_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("operator_alert_choices_pk", ["operator_id", "kind"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("operator_alert_choices").execute();
  await db.schema.dropTable("alert_mails").execute();
  await db.schema.dropTable("alert_incidents").execute();
}
