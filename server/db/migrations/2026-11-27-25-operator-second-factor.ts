// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from "kysely";

/**
 * Operator accounts, issue 25 (docs/decisions/044): a TOTP second factor (the secret sealed, as in
 * the secret box) with one-time recovery codes kept only as hashes; password reset links (only the
 * token's hash); the step between password and code (`login_challenges`); sessions that remember
 * their address and browser for the account page; revocable invitations; and throttle rows that name
 * the known device. (Failed log-ins are counted in migration 24's audit_event_counts.)
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("operators").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("operators").addColumn("totp_enabled_at", "text").execute();
  await db.schema.alterTable("operators").addColumn("totp_last_step", "integer").execute();

  await db.schema
    .createTable("operator_recovery_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("operator_id", "text", (c) => c.notNull())
    .addColumn("code_sha256", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("operator_recovery_codes_operator").on("operator_recovery_codes").column("operator_id").execute();

  await db.schema
    .createTable("operator_reset_links")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("token_sha256", "text", (c) => c.notNull().unique())
    .addColumn("operator_id", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();

  await db.schema
    .createTable("login_challenges")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("operator_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.alterTable("admin_sessions").addColumn("ip", "text").execute();
  await db.schema.alterTable("admin_sessions").addColumn("user_agent", "text").execute();
  await db.schema.alterTable("operator_invitations").addColumn("revoked_at", "text").execute();

  await db.schema.alterTable("login_failures").addColumn("device", "text").execute();
  await db.schema.createIndex("login_failures_device").on("login_failures").columns(["device", "created_at"]).execute();
  await db.schema.createIndex("login_failures_created").on("login_failures").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("login_failures_created").execute();
  await db.schema.dropIndex("login_failures_device").execute();
  await db.schema.alterTable("login_failures").dropColumn("device").execute();
  await db.schema.alterTable("operator_invitations").dropColumn("revoked_at").execute();
  await db.schema.alterTable("admin_sessions").dropColumn("user_agent").execute();
  await db.schema.alterTable("admin_sessions").dropColumn("ip").execute();
  await db.schema.dropTable("login_challenges").execute();
  await db.schema.dropTable("operator_reset_links").execute();
  await db.schema.dropTable("operator_recovery_codes").execute();
  for (const column of ["totp_last_step", "totp_enabled_at", "totp_secret"]) await db.schema.alterTable("operators").dropColumn(column).execute();
}
