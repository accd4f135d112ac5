import type { PartnerId } from "#claims/engine/types";
import { buyerById, openBuyerCredentials } from "../buyers/buyer-store";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import type { SecretBox } from "../../secrets/secret-box";
import type { Settings } from "../../settings/settings";
import { attempt, notSent, type AttemptResult } from "./http-send";
import { consentRevokedPayload } from "./lead-events";
import type { Delivery } from "./outbox";
import { signedWebhookRequest } from "./webhook-sender";

export interface EventSenderDeps {
  db: Db;
  settings: Settings;
  secretBox: Pick<SecretBox, "open"> | null;
  partners: Config["partners"];
  timeoutMs: number;
}

const final = (error: string): AttemptResult => ({ ...notSent(error), retryable: false });

/**
 * Sends an event row (target 'event') where its lead delivery took the lead: the operator's webhook,
 * a partner's endpoint, or a buyer's URL (with the buyer's credential header, as its leads have).
 * Every event is signed the Standard Webhooks way with the site's webhook secret, as the webhook's and
 * webhook buyers' leads are; the row's id is the webhook-id, the same on every retry.
 */
export async function sendLeadEvent(deps: EventSenderDeps, delivery: Delivery, now: Date): Promise<AttemptResult> {
  const { db, settings } = deps;
  const about = delivery.about_delivery_id
    ? await db.selectFrom("deliveries").select(["target", "buyer_id"]).where("id", "=", delivery.about_delivery_id).executeTakeFirst()
    : undefined;
  if (!about) return final(`No delivery ${delivery.about_delivery_id ?? "(none)"} to send this event after`);
  const lead = await db
    .selectFrom("leads")
    .leftJoin("revocations", "revocations.id", "leads.revocation_id")
    .select(["leads.id", "leads.certificate_id", "leads.revoked_at", "revocations.method"])
    .where("leads.id", "=", delivery.lead_id)
    .executeTakeFirst();
  if (delivery.event !== "lead.consent_revoked" || !lead?.revoked_at) return final(`Nothing to send: event ${delivery.event ?? "(none)"}`);
  const payload = consentRevokedPayload(
    { leadId: lead.id, certificateId: lead.certificate_id, revokedAt: lead.revoked_at, method: lead.method ?? "opt-out page" },
    now,
  );
  const signed = signedWebhookRequest({ secret: await settings.webhookSecret(), messageId: delivery.id, payload, now });

  if (about.target === "webhook") {
    const { url } = await settings.webhook();
    if (!url) return notSent("Webhook not configured");
    return attempt(url, signed, deps.timeoutMs);
  }
  if (about.target === "buyer") {
    const buyer = about.buyer_id ? await buyerById(db, about.buyer_id) : undefined;
    if (!buyer) return final(`No buyer ${about.buyer_id ?? "(none)"}`);
    let credentials: string | null = null;
    try {
      credentials = deps.secretBox ? await openBuyerCredentials(db, deps.secretBox, buyer.id) : null;
    } catch (error) {
      return notSent(`${buyer.name}'s credentials cannot be opened: ${(error as Error).message}`);
    }
    const header = buyer.delivery.credentialHeader;
    if (header && credentials) signed.headers = { ...(signed.headers as Record<string, string>), [header]: credentials };
    // The buyer's revocation URL when it gave one, else the URL its leads go to.
    return attempt(buyer.delivery.revocation?.url ?? buyer.delivery.url, signed, deps.timeoutMs);
  }
  const partner = deps.partners[about.target as PartnerId];
  if (!partner) return final(`Unknown destination ${about.target}`);
  if (!partner.url) return notSent(`${partner.name} URL not configured`);
  return attempt(partner.url, signed, deps.timeoutMs);
}
