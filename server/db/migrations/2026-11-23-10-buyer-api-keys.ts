// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from "kysely";

/**
 * Buyers call our API (issue 12: the certificate match API, revocations they received) with a key
 * the operator issues on the buyer's page. Only its SHA-256 is kept (the key is random and long, so a
 * fast hash is enough), with the first characters to tell keys apart; the key itself is shown once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("buyers").addColumn("api_key_sha256", "text").execute();
  await db.schema.alterTable("buyers").addColumn("api_key_prefix", "text").execute();
  await db.schema.alterTable("buyers").addColumn("api_key_created_at", "text").execute();
  await db.schema.createIndex("buyers_api_key_unique").on("buyers").column("api_key_sha256").unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("buyers_api_key_unique").execute();
  await db.schema.alterTable("buyers").dropColumn("api_key_created_at").execute();
  await db.schema.alterTable("buyers").dropColumn("api_key_prefix").execute();
  await db.schema.alterTable("buyers").dropColumn("api_key_sha256").execute();
}
