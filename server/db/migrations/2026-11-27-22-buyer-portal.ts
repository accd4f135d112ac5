// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql, type Kysely } from "kysely";

/** Tables the database itself keeps append-only (UPDATE, DELETE and, on PostgreSQL, TRUNCATE refused). */
const APPEND_ONLY = ["lead_returns", "return_decisions", "statements", "statement_lines"] as const;

/** On SQLite, a new row that would meet an existing one on any unique key: INSERT OR REPLACE would delete that one without firing the delete trigger. */
const SAME_KEY: Record<(typeof APPEND_ONLY)[number], string> = {
  lead_returns: "id = NEW.id or sale_id = NEW.sale_id",
  return_decisions: "id = NEW.id or return_id = NEW.return_id",
  statements: "id = NEW.id or (buyer_id = NEW.buyer_id and (period = NEW.period or number = NEW.number))",
  statement_lines: "ledger_entry_id = NEW.ledger_entry_id",
};

/**
 * The buyer portal (docs/decisions/040) and returns and statements (docs/decisions/041).
 * Buyer users are not operators: their own users, invitations, sessions and login failures. A buyer
 * gets its return settings. A return request and its decision are rows that are never changed (a
 * decision is a further row); an issued statement and its lines, snapshotted from the ledger, too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable("buyers").addColumn("return_window_days", "integer", (c) => c.notNull().defaultTo(7)).execute();
  await db.schema.alterTable("buyers").addColumn("return_cap_percent", "integer", (c) => c.notNull().defaultTo(15)).execute();
  await db.schema.alterTable("buyers").addColumn("resell_returns", "integer", (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable("buyer_users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("buyer_id", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("disabled_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("invited_by", "text")
    .execute();
  await db.schema.createIndex("buyer_users_buyer").on("buyer_users").columns(["buyer_id", "created_at"]).execute();

  await db.schema
    .createTable("buyer_invitations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("token_sha256", "text", (c) => c.notNull().unique())
    .addColumn("buyer_id", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("invited_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text")
    .addColumn("buyer_user_id", "text")
    .execute();
  await db.schema.createIndex("buyer_invitations_buyer").on("buyer_invitations").columns(["buyer_id", "created_at"]).execute();

  await db.schema
    .createTable("buyer_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("buyer_user_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("buyer_sessions_user").on("buyer_sessions").column("buyer_user_id").execute();

  await db.schema
    .createTable("buyer_login_failures")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("account", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("buyer_login_failures_ip").on("buyer_login_failures").columns(["ip", "created_at"]).execute();
  await db.schema.createIndex("buyer_login_failures_account").on("buyer_login_failures").columns(["account", "created_at"]).execute();

  await db.schema
    .createTable("lead_returns")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("lead_id", "text", (c) => c.notNull())
    .addColumn("buyer_id", "text", (c) => c.notNull())
    // One return per sale: a second request (or a race of two) is refused by the database.
    .addColumn("sale_id", "text", (c) => c.notNull().unique())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("reason_text", "text")
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("over_cap", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("lead_returns_buyer").on("lead_returns").columns(["buyer_id", "created_at"]).execute();
  await db.schema.createIndex("lead_returns_lead").on("lead_returns").column("lead_id").execute();

  await db.schema
    .createTable("return_decisions")
    .addColumn("id", "text", (c) => c.primaryKey())
    // One decision per return: a second (or a race of two) is refused by the database.
    .addColumn("return_id", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("decision", "text", (c) => c.notNull())
    .addColumn("automatic", "integer", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("credit_id", "text")
    .execute();

  await db.schema
    .createTable("statements")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("buyer_id", "text", (c) => c.notNull())
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("period_start", "text", (c) => c.notNull())
    .addColumn("period_end", "text", (c) => c.notNull())
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addColumn("issued_by", "text", (c) => c.notNull())
    .addColumn("buyer_name", "text", (c) => c.notNull())
    .addColumn("sales_count", "integer", (c) => c.notNull())
    .addColumn("sales_cents", "integer", (c) => c.notNull())
    .addColumn("credits_cents", "integer", (c) => c.notNull())
    .addColumn("cancellations_cents", "integer", (c) => c.notNull())
    .addColumn("total_cents", "integer", (c) => c.notNull())
    .addColumn("balance_cents", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("statements_buyer_period").on("statements").columns(["buyer_id", "period"]).unique().execute();
  await db.schema.createIndex("statements_buyer_number").on("statements").columns(["buyer_id", "number"]).unique().execute();

  await db.schema
    .createTable("statement_lines")
    // A ledger entry is on one statement at most.
    .addColumn("ledger_entry_id", "text", (c) => c.primaryKey())
    .addColumn("statement_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("lead_id", "text", (c) => c.notNull())
    .addColumn("case_type", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("return_id", "text")
    .execute();
  await db.schema.createIndex("statement_lines_statement").on("statement_lines").columns(["statement_id", "created_at"]).execute();

  if (postgres) {
    await sql`create function portal_append_only() returns trigger language plpgsql as $$
      begin raise exception '% is append-only', TG_TABLE_NAME; end $$`.execute(db);
  }
  for (const table of APPEND_ONLY) {
    if (postgres) {
      await sql`create trigger ${sql.raw(`${table}_no_update`)} before update or delete on ${sql.table(table)}
        for each row execute function portal_append_only()`.execute(db);
      await sql`create trigger ${sql.raw(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
        for each statement execute function portal_append_only()`.execute(db);
    } else {
      await sql`create trigger ${sql.raw(`${table}_no_update`)} before update on ${sql.table(table)}
        begin select raise(abort, ${sql.lit(`${table} is append-only`)}); end`.execute(db);
      await sql`create trigger ${sql.raw(`${table}_no_delete`)} before delete on ${sql.table(table)}
        begin select raise(abort, ${sql.lit(`${table} is append-only`)}); end`.execute(db);
      await sql`create trigger ${sql.raw(`${table}_no_replace`)} before insert on ${sql.table(table)}
        when exists (select 1 from ${sql.table(table)} where ${sql.raw(SAME_KEY[table])})
        begin select raise(abort, ${sql.lit(`${table} is append-only`)}); end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of [...APPEND_ONLY].reverse()) await db.schema.dropTable(table).execute();
  if (postgres) await sql`drop function portal_append_only()`.execute(db);
  for (const table of ["buyer_login_failures", "buyer_sessions", "buyer_invitations", "buyer_users"]) await db.schema.dropTable(table).execute();
  for (const column of ["resell_returns", "return_cap_percent", "return_window_days"]) await db.schema.alterTable("buyers").dropColumn(column).execute();
}
