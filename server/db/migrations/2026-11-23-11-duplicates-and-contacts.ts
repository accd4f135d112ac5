// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { sql, type Kysely } from "kysely";

/**
 * Duplicates and contact quality (docs/decisions/023): a lead's phone in E.164 and its normalised
 * e-mail, the person's keys for duplicates (and for opt-outs); the first lead a duplicate repeats; and
 * why a lead is low quality. Leads saved before are given their keys but are not judged as duplicates.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ["phone_e164", "email_normalized", "duplicate_of", "low_quality"]) {
    await db.schema.alterTable("leads").addColumn(column, "text").execute();
  }
  // The schemas stored 10 digits (area code and exchange from 2-9), which phone_digits holds; and
  // ASCII addresses, which lower() lower-cases the same on both engines.
  await db
    .updateTable("leads")
    .set({ phone_e164: sql`'+1' || phone_digits` })
    .where(sql`length(phone_digits)`, "=", 10)
    .execute();
  await db.updateTable("leads").set({ email_normalized: sql`lower(trim(em))` }).where("em", "is not", null).execute();

  // The duplicate check: a person's leads of one claim, newest window first. The opt-out looks a person up by the same keys.
  await db.schema.createIndex("leads_phone_e164_claim").on("leads").columns(["phone_e164", "case_type", "created_at"]).execute();
  await db.schema.createIndex("leads_email_normalized_claim").on("leads").columns(["email_normalized", "case_type", "created_at"]).execute();
  // Few leads are duplicates or low quality: partial indexes give the console's filters their newest-first order.
  await db.schema.createIndex("leads_duplicates_newest").on("leads").columns(["created_at", "id"]).where(sql.ref("duplicate_of"), "is not", null).execute();
  await db.schema.createIndex("leads_low_quality_newest").on("leads").columns(["created_at", "id"]).where(sql.ref("low_quality"), "is not", null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ["leads_low_quality_newest", "leads_duplicates_newest", "leads_email_normalized_claim", "leads_phone_e164_claim"]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of ["low_quality", "duplicate_of", "email_normalized", "phone_e164"]) {
    await db.schema.alterTable("leads").dropColumn(column).execute();
  }
}
