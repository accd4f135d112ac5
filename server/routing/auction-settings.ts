import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

// Whether a claim's leads are auctioned first: a setting per claim, as routing-modes.ts keeps the mode.

const auctionKey = (caseType: string) => `auction:${caseType}`;

/** Whether a claim's leads are auctioned to ping-post buyers first; off unless the operator turns it on. */
export async function auctionsEnabled(db: Kysely<Database>, caseType: string): Promise<boolean> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", auctionKey(caseType)).executeTakeFirst();
  return row?.value === "on";
}

export async function saveAuctionsEnabled(db: Kysely<Database>, caseType: string, enabled: boolean, now = new Date()): Promise<void> {
  const row = { key: auctionKey(caseType), value: enabled ? "on" : "off", updated_at: now.toISOString() };
  await db
    .insertInto("settings")
    .values(row)
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: row.value, updated_at: row.updated_at }))
    .execute();
}
