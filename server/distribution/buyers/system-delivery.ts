import type { Kysely } from "kysely";
import type { PartnerId } from "#claims/engine/types";
import type { Config } from "../../config";
import type { Database } from "../../db/schema";
import { readSetting, WEBHOOK_URL_SETTING } from "../../settings/settings";

/**
 * Where a system buyer's delivery is set, for the admin to say instead of showing delivery fields:
 * the webhook on the Setup page, a partner by the server's settings.
 */
export type SystemDelivery =
  | { target: "webhook"; configured: boolean }
  | { target: PartnerId; name: string; settings: readonly string[]; configured: boolean };

/** Each system delivery target with whether it can send now, as the webhook and partner senders decide it. */
export async function systemDeliveries(db: Kysely<Database>, partners: Partial<Config["partners"]>): Promise<SystemDelivery[]> {
  const webhookUrl = await readSetting(db, WEBHOOK_URL_SETTING);
  const entries = Object.entries(partners) as [PartnerId, Config["partners"][PartnerId]][];
  return [
    { target: "webhook", configured: webhookUrl !== undefined },
    ...entries.map(([target, endpoint]) => ({
      target,
      name: endpoint.name,
      settings: endpoint.settings,
      configured: Boolean(endpoint.url && endpoint.apiKey),
    })),
  ];
}
