// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { createHash } from "node:crypto";
import { PostgresAdapter, sql, type Kysely, type SqlBool } from "kysely";

/**
 * Issue 25 (docs/decisions/043):
 * - `rate_counters`: one row per limit, subject and window (a buyer key's minute, a key and certificate's
 *   day, an address's day of new funnel visitors), counted by one upsert, so limits hold across instances.
 * - `audit_event_counts`: anonymous events (failed log-ins, throttled attempts) counted per action,
 *   address and window rather than stored one audit row per request.
 * - The audit log becomes a hash chain: every entry has a `seq` and the SHA-256 over the previous entry's
 *   hash and its own content; `audit_chain_head` holds the last one, and appending updates it first, which
 *   serialises appends on both engines. Existing entries are chained here in (at, id) order.
 * - SQLite refuses an INSERT whose id or seq exists (a BEFORE INSERT trigger runs before REPLACE's or an
 *   upsert's conflict handling), so REPLACE cannot rewrite an entry.
 * - `funnel_visitors` and `funnel_address_days`: a visitor is new on the day it first appears; each address
 *   (hashed under the day's salt) may bring a bounded number of new visitors a day, and the visitors past
 *   that bound are counted as refused (a flood, reported on the dashboard) instead of in the funnel.
 * - Partial indexes that hold only a person's original leads and unrevoked leads, so the duplicate
 *   look-up and a revocation read a bounded number of rows however often the person came.
 */
const GENESIS_HASH = "0".repeat(64);

/** The chained content of an entry, as text; the same in server/audit/audit-chain.ts, and never to change. */
function entryHash(previousHash: string, row: any): string {
  const content = JSON.stringify([
    Number(row.seq),
    row.id,
    row.at,
    row.operator_id ?? null,
    row.operator_email ?? null,
    row.ip ?? null,
    row.action,
    row.target_type ?? null,
    row.target_id ?? null,
    row.detail,
  ]);
  return createHash("sha256").update(`${previousHash}\n${content}`).digest("hex");
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable("rate_counters")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("window_start", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_counters_pk", ["name", "window_start"])
    .execute();
  await db.schema.createIndex("rate_counters_expiry").on("rate_counters").column("expires_at").execute();

  await db.schema
    .createTable("audit_event_counts")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("window_start", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("first_at", "text", (c) => c.notNull())
    .addColumn("last_at", "text", (c) => c.notNull())
    .addColumn("last_detail", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("audit_event_counts_pk", ["action", "ip", "window_start"])
    .execute();
  await db.schema.createIndex("audit_event_counts_newest").on("audit_event_counts").columns(["window_start", "action"]).execute();

  await db.schema
    .createTable("funnel_visitors")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("visitor_hash", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("funnel_visitors_pk", ["day", "visitor_hash"])
    .execute();
  await db.schema
    .createTable("funnel_address_days")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("address_hash", "text", (c) => c.notNull())
    .addColumn("visitors", "integer", (c) => c.notNull())
    .addColumn("refused", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("funnel_address_days_pk", ["day", "address_hash"])
    .execute();

  // The chain's columns are filled below, so the append-only triggers step aside for this migration only.
  if (postgres) await sql`drop trigger audit_log_no_update on audit_log`.execute(db);
  else await sql`drop trigger audit_log_no_update`.execute(db);
  await db.schema.alterTable("audit_log").addColumn("seq", "integer").execute();
  await db.schema.alterTable("audit_log").addColumn("hash", "text").execute();
  await db.schema
    .createTable("audit_chain_head")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("hash", "text", (c) => c.notNull())
    .execute();

  let previous = GENESIS_HASH;
  let seq = 0;
  let after: { at: string; id: string } | null = null;
  for (;;) {
    let page = db.selectFrom("audit_log").selectAll().orderBy("at").orderBy("id").limit(500);
    if (after) page = page.where((eb: any) => eb.or([eb("at", ">", after!.at), eb.and([eb("at", "=", after!.at), eb("id", ">", after!.id)])]));
    const rows: any[] = await page.execute();
    if (!rows.length) break;
    for (const row of rows) {
      seq += 1;
      previous = entryHash(previous, { ...row, seq });
      await db.updateTable("audit_log").set({ seq, hash: previous }).where("id", "=", row.id).execute();
    }
    after = rows[rows.length - 1];
  }
  // An empty log has no head yet (the first append creates it), so a new database stays empty for
  // `npm run migrate-to-postgres`, which refuses a target with rows.
  if (seq > 0) await db.insertInto("audit_chain_head").values({ id: 1, seq, hash: previous }).execute();
  await db.schema.createIndex("audit_log_seq").on("audit_log").column("seq").unique().execute();

  if (postgres) {
    await sql`create trigger audit_log_no_update before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    // REPLACE deletes the row in its way without firing a delete trigger (recursive_triggers is off):
    // refusing the insert itself, before any conflict handling, closes that path and the upserts'.
    await sql`create trigger audit_log_no_replace before insert on audit_log
      when exists (select 1 from audit_log where id = new.id or seq = new.seq)
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_chain_head_keep before delete on audit_chain_head
      begin select raise(abort, 'audit_chain_head is kept'); end`.execute(db);
  }
  if (postgres) {
    await sql`create trigger audit_chain_head_keep before delete on audit_chain_head
      for each row execute function audit_log_append_only()`.execute(db);
  }

  await db.schema
    .createIndex("leads_phone_originals")
    .on("leads")
    .columns(["phone_e164", "case_type", "created_at"])
    .where(sql.raw<SqlBool>("duplicate_of is null and is_spam = 0"))
    .execute();
  await db.schema
    .createIndex("leads_email_originals")
    .on("leads")
    .columns(["email_normalized", "case_type", "created_at"])
    .where(sql.raw<SqlBool>("duplicate_of is null and is_spam = 0"))
    .execute();
  await db.schema.createIndex("leads_phone_unrevoked").on("leads").column("phone_e164").where(sql.raw<SqlBool>("revoked_at is null")).execute();
  await db.schema.createIndex("leads_email_unrevoked").on("leads").column("email_normalized").where(sql.raw<SqlBool>("revoked_at is null")).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const index of ["leads_email_unrevoked", "leads_phone_unrevoked", "leads_email_originals", "leads_phone_originals"]) await db.schema.dropIndex(index).execute();
  if (postgres) {
    await sql`drop trigger audit_log_no_update on audit_log`.execute(db);
  } else {
    await sql`drop trigger audit_log_no_replace`.execute(db);
    await sql`drop trigger audit_log_no_update`.execute(db);
  }
  await db.schema.dropTable("audit_chain_head").execute();
  await db.schema.dropIndex("audit_log_seq").execute();
  await db.schema.alterTable("audit_log").dropColumn("hash").execute();
  await db.schema.alterTable("audit_log").dropColumn("seq").execute();
  if (postgres) {
    await sql`create trigger audit_log_no_update before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
  await db.schema.dropTable("funnel_address_days").execute();
  await db.schema.dropTable("funnel_visitors").execute();
  await db.schema.dropTable("audit_event_counts").execute();
  await db.schema.dropTable("rate_counters").execute();
}
