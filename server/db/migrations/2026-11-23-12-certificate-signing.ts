// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from "kysely";

/**
 * Signed certificates and the buyers' match API (issue 12, docs/decisions/024).
 *
 * certificate_signing_keys: every public key the site has signed certificates with, so that the JWKS
 * keeps publishing a key after CERTIFICATE_SIGNING_KEY is replaced and old signatures still verify.
 *
 * certificate_match_checks: one row per buyer's check of a certificate: which fields it asked about
 * (null: not asked) and whether each matched (1/0); never the values it sent. No foreign key to the
 * certificate, so that a retention purge decides for itself what happens to a purged certificate's checks.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("certificate_signing_keys")
    .addColumn("kid", "text", (c) => c.primaryKey())
    .addColumn("public_jwk", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("certificate_match_checks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("certificate_id", "text", (c) => c.notNull())
    .addColumn("buyer_id", "text", (c) => c.notNull().references("buyers.id"))
    .addColumn("checked_at", "text", (c) => c.notNull())
    .addColumn("email_matched", "integer")
    .addColumn("phone_matched", "integer")
    .execute();
  // The lead's page lists a certificate's checks in time order.
  await db.schema.createIndex("certificate_match_checks_certificate").on("certificate_match_checks").columns(["certificate_id", "checked_at"]).execute();
  // What one buyer checked, newest first.
  await db.schema.createIndex("certificate_match_checks_buyer").on("certificate_match_checks").columns(["buyer_id", "checked_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("certificate_match_checks").execute();
  await db.schema.dropTable("certificate_signing_keys").execute();
}
