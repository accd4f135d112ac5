// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from "kysely";

/**
 * Landing-page experiments (issue 29, docs/decisions/060): the experiments with their variants, and the
 * variant a visitor was shown on each funnel event and on each lead ('<experiment id>:<variant key>',
 * '' or null when none), so each variant's funnel and sales are counted from the rows themselves.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("experiments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("claim", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    // 'running' | 'stopped' | 'promoted'
    .addColumn("status", "text", (c) => c.notNull())
    // 'submit' | 'sold': what counts as a conversion of a landing view.
    .addColumn("goal", "text", (c) => c.notNull())
    // JSON: [{ key, label, headline, heroText, cta, formIntro }]
    .addColumn("variants", "text", (c) => c.notNull())
    .addColumn("loss_threshold", "double precision", (c) => c.notNull())
    .addColumn("auto_promote_at", "double precision")
    .addColumn("winner", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("ended_at", "text")
    // The site-wide change number of its last change: web instances poll max(revision).
    .addColumn("revision", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("experiments_claim").on("experiments").columns(["claim", "status"]).execute();
  await db.schema.alterTable("funnel_events").addColumn("experiment_variant", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema.createIndex("funnel_events_experiment_variant").on("funnel_events").columns(["experiment_variant", "kind"]).execute();
  await db.schema.alterTable("leads").addColumn("experiment_variant", "text").execute();
  await db.schema.createIndex("leads_experiment_variant").on("leads").column("experiment_variant").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("leads_experiment_variant").execute();
  await db.schema.alterTable("leads").dropColumn("experiment_variant").execute();
  await db.schema.dropIndex("funnel_events_experiment_variant").execute();
  await db.schema.alterTable("funnel_events").dropColumn("experiment_variant").execute();
  await db.schema.dropTable("experiments").execute();
}
