// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql, type Kysely } from "kysely";
import { phoneDigits, reversedDigits, searchKey, utmKey } from "../search-keys";

/**
 * Console search fixes (docs/decisions/042): a phone found by its last digits is a prefix of its
 * digits backwards (`phone_digits_reversed`, indexed like the other keys); the name keys fold letters
 * that NFKD leaves whole ('Ł', 'ø', 'ß'); the UTM columns hold the value as the dashboard counts it
 * (trimmed, lower case), so the filter ignores case. Existing rows are rewritten a batch at a time.
 * The dashboard's daily lead counts add the spam among them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const searchText = db.getExecutor().adapter instanceof PostgresAdapter ? sql`text collate "C"` : sql`text`;
  await db.schema.alterTable("leads").addColumn("phone_digits_reversed", searchText).execute();
  await backfill(db);
  await db.schema.createIndex("leads_phone_digits_reversed").on("leads").column("phone_digits_reversed").execute();

  // The export's status of each lead's delivery per target, from an index in the leads' time order: the
  // export walks leads by time, so it reads this index forwards, as a cold page cache wants, and never
  // a delivery row (deliveries_lead is in the order of random lead ids).
  await db.schema.createIndex("deliveries_target_lead_newest").on("deliveries").columns(["target", "lead_created_at", "lead_id", "status"]).execute();

  // The dashboard's days become the operator's (OPERATOR_TIME_ZONE) and say how many leads were spam:
  // its rollups, counted per UTC day until now, are recounted at their next refresh.
  await db.schema.alterTable("lead_daily").addColumn("spam", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.deleteFrom("rollup_state").where("name", "=", "dashboard").execute();
}

const KEYS = ["fn_search", "ln_search", "em_search", "phone_digits_reversed", "utm_source", "utm_campaign"] as const;

async function backfill(db: Kysely<any>) {
  let after = "";
  for (;;) {
    const rows = await db
      .selectFrom("leads")
      .select(["id", "fn", "ln", "em", "ph", "phone_digits", ...KEYS])
      .where("id", ">", after)
      .orderBy("id")
      .limit(1000)
      .execute();
    if (!rows.length) return;
    for (const row of rows) {
      const keys: Record<(typeof KEYS)[number], string | null> = {
        fn_search: searchKey(row.fn),
        ln_search: searchKey(row.ln),
        em_search: searchKey(row.em),
        phone_digits_reversed: reversedDigits(row.phone_digits ?? phoneDigits(row.ph)),
        utm_source: utmKey(row.utm_source),
        utm_campaign: utmKey(row.utm_campaign),
      };
      const changed = Object.fromEntries(KEYS.filter((key) => keys[key] !== row[key]).map((key) => [key, keys[key]]));
      if (Object.keys(changed).length) await db.updateTable("leads").set(changed).where("id", "=", row.id).execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("lead_daily").dropColumn("spam").execute();
  await db.schema.dropIndex("deliveries_target_lead_newest").execute();
  await db.schema.dropIndex("leads_phone_digits_reversed").execute();
  await db.schema.alterTable("leads").dropColumn("phone_digits_reversed").execute();
}
