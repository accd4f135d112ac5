// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Operator accounts and the audit log (docs/decisions/028): named operators with a role, one-time
 * invitations (only the token's hash is kept), sessions and login failures that name their operator,
 * and one append-only audit log that the database itself refuses to change. The lead console's
 * console_actions rows move into the audit log and the table goes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("operators")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("disabled_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("invited_by", "text")
    .execute();

  await db.schema
    .createTable("operator_invitations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("token_sha256", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("invited_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text")
    .addColumn("operator_id", "text")
    .execute();

  // Sessions from the shared password belong to no one: they end, and everyone logs in by name.
  await db.deleteFrom("admin_sessions").execute();
  await db.schema.alterTable("admin_sessions").addColumn("operator_id", "text").execute();
  await db.schema.createIndex("admin_sessions_operator").on("admin_sessions").column("operator_id").execute();
  await db.schema.alterTable("login_failures").addColumn("account", "text").execute();
  await db.schema.createIndex("login_failures_account").on("login_failures").columns(["account", "created_at"]).execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("operator_id", "text")
    .addColumn("operator_email", "text")
    .addColumn("ip", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_type", "text")
    .addColumn("target_id", "text")
    .addColumn("detail", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_newest").on("audit_log").columns(["at", "id"]).execute();
  await db.schema.createIndex("audit_log_target").on("audit_log").columns(["target_type", "target_id", "at"]).execute();
  await db.schema.createIndex("audit_log_operator").on("audit_log").columns(["operator_id", "at"]).execute();
  await db.schema.createIndex("audit_log_action").on("audit_log").columns(["action", "at"]).execute();

  // The shared password's actions: no operator, as no one can say whose they were.
  await sql`insert into audit_log (id, at, operator_id, operator_email, ip, action, target_type, target_id, detail)
            select id, created_at, null, ${"shared password"}, null, action,
                   case when lead_id is null then null else 'lead' end, lead_id, detail
            from console_actions`.execute(db);
  await db.schema.dropTable("console_actions").execute();

  if (postgres) {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_update before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    // A TRUNCATE fires no row trigger.
    await sql`create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("console_actions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("operator", "text", (c) => c.notNull())
    .addColumn("session_id", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("lead_id", "text")
    .addColumn("detail", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("console_actions_lead").on("console_actions").columns(["lead_id", "created_at"]).execute();
  await db.schema.createIndex("console_actions_newest").on("console_actions").column("created_at").execute();
  await db.schema.dropTable("audit_log").execute();
  if (postgres) await sql`drop function audit_log_append_only()`.execute(db);
  await db.schema.dropIndex("login_failures_account").execute();
  await db.schema.alterTable("login_failures").dropColumn("account").execute();
  await db.schema.dropIndex("admin_sessions_operator").execute();
  await db.schema.alterTable("admin_sessions").dropColumn("operator_id").execute();
  await db.schema.dropTable("operator_invitations").execute();
  await db.schema.dropTable("operators").execute();
}
