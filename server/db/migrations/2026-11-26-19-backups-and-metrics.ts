// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { sql, type Kysely, type SqlBool } from "kysely";

/**
 * Backups (docs/decisions/034): every copy taken, by `npm run backup` or on the worker's schedule, with
 * what its check found. A scheduled one first claims its `slot` (the start of its interval, unique), so
 * that of several workers exactly one takes it. The metrics (docs/decisions/035) read the outbox's depth,
 * oldest due row and dead rows per target at every scrape: one covering index answers all three. It is
 * partial, over the rows not delivered, so that it stays small and the console's filter on delivered
 * rows cannot pick it (a full one made SQLite sort 931,715 delivered rows for one page: 3.5 s). The
 * metrics' queries repeat its condition word for word, as SQLite needs to use a partial index.
 */
/** The metrics' condition (server/metrics/metrics.ts), as text: a migration must not change with the code. */
const UNFINISHED_DELIVERIES = "status in ('pending', 'sending', 'dead')";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("backups")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("slot", "text", (c) => c.unique())
    .addColumn("file", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("size_bytes", "bigint")
    .addColumn("lead_count", "bigint")
    .addColumn("error", "text")
    .execute();
  await db.schema.createIndex("backups_started").on("backups").column("started_at").execute();
  await db.schema
    .createIndex("deliveries_unfinished")
    .on("deliveries")
    .columns(["status", "target", "buyer_id", "next_attempt_at"])
    .where(sql.raw<SqlBool>(UNFINISHED_DELIVERIES))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("deliveries_unfinished").execute();
  await db.schema.dropTable("backups").execute();
}
