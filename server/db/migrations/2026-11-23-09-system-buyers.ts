// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from "kysely";

/**
 * The spec's webhook and the claims' partners (Legal Bridge) become buyers (docs/decisions/021,
 * "Migration of the webhook and Legal Bridge"): `system` names the delivery target a system buyer's
 * leads are sent by ('webhook', 'legal-bridge'); null on the operator's own buyers. The rows
 * themselves are written at start-up (syncSystemBuyers), since their names come from configuration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("buyers").addColumn("system", "text").execute();
  // One buyer per system target. Both engines leave NULLs out of a unique index's comparisons.
  await db.schema.createIndex("buyers_system_unique").on("buyers").column("system").unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("buyers_system_unique").execute();
  await db.schema.alterTable("buyers").dropColumn("system").execute();
}
