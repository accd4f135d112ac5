import { randomBytes } from "node:crypto";
import type { Db } from "../db/database";

export const WEBHOOK_URL_SETTING = "webhook_url";
const WEBHOOK_SECRET = "webhook_signing_secret";

export interface WebhookSettings {
  url: string | null;
  savedAt: string | null;
}

export type Settings = ReturnType<typeof createSettings>;

/** Operator configuration kept in the database (one row per key), so every instance sees the same. */
export function createSettings(db: Db, now: () => Date = () => new Date()) {
  async function get(key: string): Promise<{ value: string; updated_at: string } | undefined> {
    return db.selectFrom("settings").select(["value", "updated_at"]).where("key", "=", key).executeTakeFirst();
  }

  async function set(key: string, value: string): Promise<void> {
    const updated_at = now().toISOString();
    await db
      .insertInto("settings")
      .values({ key, value, updated_at })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at }))
      .execute();
  }

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
