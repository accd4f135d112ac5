// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Issue 26, item 3 (docs/decisions/047): suppression lists.
 * - `suppression_lists`: our own Do Not Call list (id 1, which every revocation joins), federal DNC
 *   area-code files, litigator lists and each buyer's existing clients (buyer_id set).
 * - `suppression_entries`: one row per list and key, the key being the first 8 bytes of the SHA-256 (or
 *   of an uploaded MD5) of the normalised phone or e-mail, as a signed 64-bit integer, so phones, e-mails
 *   and uploaded hashes are one indexed lookup. Keyed (value, list_id): the intake's lookup is by value.
 *   WITHOUT ROWID on SQLite: the key is the row, half the size of a rowid table plus its index.
 * - `lead_suppressions`: each list a lead matched, with the list's name as it was, as evidence.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("suppression_lists")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("buyer_id", "text")
    .addColumn("entry_count", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("suppression_lists_buyer").on("suppression_lists").column("buyer_id").execute();

  let entries = db.schema
    .createTable("suppression_entries")
    .addColumn("value", "bigint", (c) => c.notNull())
    .addColumn("list_id", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("suppression_entries_pk", ["value", "list_id"]);
  if (!postgres) entries = entries.modifyEnd(sql`without rowid`);
  await entries.execute();

  await db.schema
    .createTable("lead_suppressions")
    .addColumn("lead_id", "text", (c) => c.notNull())
    .addColumn("list_id", "integer", (c) => c.notNull())
    .addColumn("list_name", "text", (c) => c.notNull())
    .addColumn("buyer_id", "text")
    .addColumn("matched_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("lead_suppressions_pk", ["lead_id", "list_id"])
    .execute();
  await db.schema.createIndex("lead_suppressions_list").on("lead_suppressions").column("list_id").execute();

  const at = new Date().toISOString();
  await db
    .insertInto("suppression_lists")
    .values({ id: 1, name: "Our Do Not Call list", kind: "own-dnc", buyer_id: null, entry_count: 0, created_at: at, updated_at: at })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("lead_suppressions").execute();
  await db.schema.dropTable("suppression_entries").execute();
  await db.schema.dropTable("suppression_lists").execute();
}
