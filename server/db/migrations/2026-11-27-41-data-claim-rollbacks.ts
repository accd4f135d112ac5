// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from "kysely";

/**
 * A data claim's rollback (docs/decisions/063) publishes a copy of an older version as the next one;
 * `data_claim_versions.rolled_back_from` names the version it copies, for the history at /admin/claims.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("data_claim_versions").addColumn("rolled_back_from", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("data_claim_versions").dropColumn("rolled_back_from").execute();
}
