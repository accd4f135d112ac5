// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from "kysely";

/**
 * Campaign spend and the visitor's confirmation e-mail (issue 29, docs/decisions/062):
 * - `campaign_spend`: what a campaign cost on a day, one row per day, UTM source and campaign (the keys
 *   as leads store them: trimmed, lower-case), in whole cents;
 * - `visitor_mail_claims`: the claims whose visitors get a confirmation e-mail, since when;
 * - `alert_mails.lead_id`: the lead a visitor's confirmation is about; unique, so a lead gets one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("campaign_spend")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("utm_source", "text", (c) => c.notNull())
    .addColumn("utm_campaign", "text", (c) => c.notNull())
    .addColumn("spend_cents", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("campaign_spend_pk", ["day", "utm_source", "utm_campaign"])
    .execute();
  await db.schema
    .createTable("visitor_mail_claims")
    .addColumn("case_type", "text", (c) => c.primaryKey())
    .addColumn("enabled_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("alert_mails").addColumn("lead_id", "text").execute();
  await db.schema.createIndex("alert_mails_lead").on("alert_mails").column("lead_id").unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("alert_mails_lead").execute();
  await db.schema.alterTable("alert_mails").dropColumn("lead_id").execute();
  await db.schema.dropTable("visitor_mail_claims").execute();
  await db.schema.dropTable("campaign_spend").execute();
}
