import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** How a claim's leads are sold: to one buyer (the default) or shared by up to maxBuyers. */
export type ClaimRoutingMode = { mode: "exclusive" } | { mode: "shared"; maxBuyers: number };

export const routingModeKey = (caseType: string) => `routing_mode:${caseType}`;

export async function routingModeOf(db: Kysely<Database>, caseType: string): Promise<ClaimRoutingMode> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", routingModeKey(caseType)).executeTakeFirst();
  const saved = row ? (JSON.parse(row.value) as ClaimRoutingMode) : null;
  return saved?.mode === "shared" && saved.maxBuyers > 1 ? saved : { mode: "exclusive" };
}

export async function saveRoutingMode(db: Kysely<Database>, caseType: string, mode: ClaimRoutingMode, now = new Date()): Promise<void> {
  const row = { key: routingModeKey(caseType), value: JSON.stringify(mode), updated_at: now.toISOString() };
  await db
    .insertInto("settings")
    .values(row)
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: row.value, updated_at: row.updated_at }))
    .execute();
}

/** Every mode an operator saved, by case type. */
export async function savedRoutingModes(db: Kysely<Database>): Promise<Record<string, ClaimRoutingMode>> {
  const rows = await db.selectFrom("settings").select(["key", "value"]).where("key", "like", `${routingModeKey("")}%`).execute();
  return Object.fromEntries(rows.map((row) => [row.key.slice(routingModeKey("").length), JSON.parse(row.value) as ClaimRoutingMode]));
}
