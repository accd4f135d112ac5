import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Db } from "../db/database";
import type { Database } from "../db/schema";

export const WEBHOOK_URL_SETTING = "webhook_url";
const WEBHOOK_SECRET = "webhook_signing_secret";

export interface WebhookSettings {
  url: string | null;
  savedAt: string | null;
}

export type Settings = ReturnType<typeof createSettings>;

/** One setting's value, read inside the caller's transaction when it is given one. */
export async function readSetting(db: Kysely<Database>, key: string): Promise<string | undefined> {
  return (await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst())?.value;
}

/** Several settings' values in one query, by key; a key not saved is absent. */
export async function readSettings(db: Kysely<Database>, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom("settings").select(["key", "value"]).where("key", "in", keys).execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** Saves one setting, replacing its value, inside the caller's transaction when it is given one. */
export async function writeSetting(db: Kysely<Database>, key: string, value: string, at: Date): Promise<void> {
  const updated_at = at.toISOString();
  await db
    .insertInto("settings")
    .values({ key, value, updated_at })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at }))
    .execute();
}

/** Operator configuration kept in the database (one row per key), so every instance sees the same. */
export function createSettings(db: Db, now: () => Date = () => new Date()) {
  async function get(key: string): Promise<{ value: string; updated_at: string } | undefined> {
    return db.selectFrom("settings").select(["value", "updated_at"]).where("key", "=", key).executeTakeFirst();
  }

  const set = (key: string, value: string) => writeSetting(db, key, value, now());

  async function remove(key: string): Promise<void> {
    await db.deleteFrom("settings").where("key", "=", key).execute();
  }

  /** Reads a value, creating it once with `create` (the first instance to write wins). */
  async function getOrCreate(key: string, create: () => string): Promise<string> {
    const existing = await get(key);
    if (existing) return existing.value;
    await db
      .insertInto("settings")
      .values({ key, value: create(), updated_at: now().toISOString() })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    return (await get(key))!.value;
  }

  return {
    get: async (key: string) => (await get(key))?.value,
    set,
    getOrCreate,

    async webhook(): Promise<WebhookSettings> {
      const row = await get(WEBHOOK_URL_SETTING);
      return { url: row?.value ?? null, savedAt: row?.updated_at ?? null };
    },
    /** Saving a blank URL clears the configuration (spec section 4). */
    async saveWebhookUrl(url: string): Promise<void> {
      if (url) await set(WEBHOOK_URL_SETTING, url);
      else await remove(WEBHOOK_URL_SETTING);
    },
    webhookSecret: () => getOrCreate(WEBHOOK_SECRET, newWebhookSecret),
    async rotateWebhookSecret(): Promise<string> {
      const secret = newWebhookSecret();
      await set(WEBHOOK_SECRET, secret);
      return secret;
    },
  };
}

/** Standard Webhooks secret format: 'whsec_' + base64 of 24 random bytes. */
function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}
