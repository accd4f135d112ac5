import type { Kysely } from "kysely";
import type { PartnerId } from "#claims/engine/types";
import { claims } from "#claims/registry";
import type { Config } from "../../config";
import type { Database, DeliveryTarget } from "../../db/schema";
import { buyerRulesSchema } from "../routing/buyer-rules";
import { routingModeKey } from "../routing/routing-modes";
import { buyerDeliverySchema, type BuyerDelivery } from "./buyer-delivery";

/** The fixed id of the system buyer that sends by `target`. */
export const systemBuyerId = (target: DeliveryTarget) => `system-${target}`;
/**
 * The buyer the setup page's webhook was until it became the operator's own copy of every lead
 * (docs/decisions/038). Its row stays where something names it (an API key's checks), but no list
 * of buyers includes it and nothing routes to it.
 */
export const WEBHOOK_BUYER_ID = systemBuyerId("webhook");

/**
 * Shown as a system buyer's URL while none is configured. A system buyer is never sent to this URL:
 * its deliveries carry its target, and the partner sender reads the live configuration.
 */
export const NOT_CONFIGURED_URL = "https://not-configured.invalid/";

interface SystemBuyer {
  id: string;
  system: DeliveryTarget;
  name: string;
  delivery: BuyerDelivery;
  claimTypes: string[];
}

/**
 * Each claim partner as a buyer (docs/decisions/021, "Migration of the webhook and Legal Bridge"): a
 * partner takes the claims whose definitions name it, under its own name. The webhook is no buyer
 * (docs/decisions/038): it gets a copy of every lead that is not spam.
 */
export function systemBuyersOf(config: Pick<Config, "partners">): SystemBuyer[] {
  const partners = Object.entries(config.partners) as [PartnerId, Config["partners"][PartnerId]][];
  return partners.map(([partner, endpoint]) => {
    const mapping = claims.flatMap((claim) => (claim.partners ?? []).filter((p) => p.partner === partner))[0];
    return {
      id: systemBuyerId(partner),
      system: partner,
      name: endpoint.name,
      delivery: buyerDeliverySchema.parse({
        method: "post",
        url: endpoint.url ?? NOT_CONFIGURED_URL,
        format: mapping?.format === "json" ? "json" : "form",
        // The field names, for the admin to see; the claim's mapping fills them when sending.
        fields: Object.fromEntries(Object.keys(mapping?.fields ?? { lead: "" }).map((name) => [name, ""])),
      }),
      claimTypes: claims.filter((claim) => claim.partners?.some((p) => p.partner === partner)).map((claim) => claim.caseType),
    };
  });
}

/**
 * Writes the system buyers at start-up, after the migrations, in every process (web and worker); any
 * number may run at once. A new one gets default rules (every state, no caps, always open, in the
 * operator's zone); a claim it takes with another system buyer is saved as shared by them all, unless
 * the operator saved a mode for it. On later starts only the name and the URL shown are refreshed:
 * the operator's filters, caps, schedule, priority and pause stay.
 */
export async function syncSystemBuyers(db: Kysely<Database>, config: Pick<Config, "partners" | "operatorTimeZone">, now = new Date()) {
  const at = now.toISOString();
  const buyers = systemBuyersOf(config);
  for (const buyer of buyers) {
    const { method, ...delivery } = buyer.delivery;
    const rules = buyerRulesSchema.omit({ active: true }).parse({ timeZone: config.operatorTimeZone, filters: { claimTypes: buyer.claimTypes } });
    const inserted = await db
      .insertInto("buyers")
      .values({
        id: buyer.id,
        system: buyer.system,
        name: buyer.name,
        active: 1,
        method,
        delivery: JSON.stringify(delivery),
        rules: JSON.stringify(rules),
        created_at: at,
        updated_at: at,
      })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) {
      for (const caseType of buyer.claimTypes) {
        const sharing = buyers.filter((other) => !other.claimTypes.length || other.claimTypes.includes(caseType)).length;
        if (sharing < 2) continue;
        await db
          .insertInto("settings")
          .values({ key: routingModeKey(caseType), value: JSON.stringify({ mode: "shared", maxBuyers: sharing }), updated_at: at })
          .onConflict((conflict) => conflict.column("key").doNothing())
          .execute();
      }
    }
    await db
      .updateTable("buyers")
      .set({ name: buyer.name, method, delivery: JSON.stringify(delivery) })
      .where("id", "=", buyer.id)
      .where((eb) => eb.or([eb("name", "!=", buyer.name), eb("delivery", "!=", JSON.stringify(delivery))]))
      .execute();
  }
}
