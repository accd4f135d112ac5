import type { Kysely } from "kysely";
import { listBuyers } from "../buyers/buyer-store";
import type { Database, DeliveryStatus } from "../db/schema";
import { releaseCapacity } from "./cap-reservation";
import { recordWinner } from "./auction-record";
import { offerToNextBid, queueAuction } from "./auction-routing";
import { readSettings, WEBHOOK_URL_SETTING } from "../settings/settings";
import { auctionKey, auctionsOn } from "./auction-settings";
import { routingModeKey, routingModeOf, savedRoutingMode } from "./routing-modes";
import type { RoutableLead, RoutingOptions } from "./route-decision";
import { buyersWithoutWebhook, refreshBuyerStatus, routableLeadOf, routeLead, type JustSaved, type RoutingDecisionRecord } from "./route-lead";

/**
 * Routes a lead just saved, in the intake's write transaction, after the lead's other rows: last, so
 * the routing lock is held briefly. Nothing is recorded while no buyer exists. A claim auctioned to
 * ping-post buyers has its auction queued instead; routing follows the bids. Intake says `justSaved`
 * (a lead marked as not spam is routed here too, and may have cancelled deliveries and routings).
 */
export async function routeNewLead(trx: Kysely<Database>, lead: RoutableLead, now: Date, saved: JustSaved = {}): Promise<{ queued: number }> {
  const buyers = await listBuyers(trx);
  if (!buyers.length) return { queued: 0 };
  // The claim's auction switch and mode, and the webhook's URL, in one query: this runs for every lead.
  const settings = await readSettings(trx, [auctionKey(lead.caseType), routingModeKey(lead.caseType), WEBHOOK_URL_SETTING]);
  if (auctionsOn(settings.get(auctionKey(lead.caseType)))) {
    await queueAuction(trx, { id: lead.id, created_at: lead.createdAt }, now);
    return { queued: 1 };
  }
  const mode = savedRoutingMode(settings.get(routingModeKey(lead.caseType)));
  const notConfigured = buyersWithoutWebhook(buyers, Boolean(settings.get(WEBHOOK_URL_SETTING)));
  const routed = await routeLead(trx, lead, buyers, mode.mode === "shared" ? { now, notConfigured, ...mode } : { now, notConfigured }, saved);
  return { queued: routed.decision.tried.length };
}

/**
 * In the transaction that records the end of a delivery to a buyer. Taken: the buyer is added to the
 * routing decision's `accepted`. Anything else (a rejection, a final 4xx, retries used up): its cap
 * slot is given back and the lead is routed again, to buyers it has not been offered (the cascade),
 * one buyer at a time even when the claim is shared, since one buyer's place is what came free.
 * A system buyer's rows ('webhook', a partner) settle the same way; rows queued before those were
 * buyers have no buyer_id and settle nothing.
 */
export async function settleBuyerDelivery(
  trx: Kysely<Database>,
  delivery: { id: string; lead_id: string; buyer_id: string | null; auction_id: string | null; price_cents: number | null; delivered_at?: string | null },
  status: DeliveryStatus,
  now: Date,
): Promise<void> {
  if (!delivery.buyer_id) return;
  // An operator's re-send of a delivery the buyer took before: the lead is sold, whatever this answer.
  if (delivery.delivered_at && status !== "delivered") return refreshBuyerStatus(trx, delivery.lead_id);
  if (status === "delivered") {
    if (delivery.auction_id) await recordWinner(trx, delivery.auction_id, delivery.buyer_id, Number(delivery.price_cents));
    await markAccepted(trx, delivery.lead_id, delivery.id, delivery.buyer_id);
    await refreshBuyerStatus(trx, delivery.lead_id);
    return;
  }
  if (status !== "failed" && status !== "dead") return;
  await releaseCapacity(trx, delivery.id);
  const lead = await trx.selectFrom("leads").selectAll().where("id", "=", delivery.lead_id).executeTakeFirst();
  // Neither spam nor a lead whose consent was revoked goes to the next buyer.
  if (!lead || lead.is_spam || lead.revoked_at) return;
  // A bidder that did not take the lead: the next bid, then (with none left) routing as usual.
  if (delivery.auction_id) return offerToNextBid(trx, lead, delivery.auction_id, now);
  const options: RoutingOptions = (await routingModeOf(trx, lead.case_type)).mode === "shared" ? { now, mode: "shared", maxBuyers: 1 } : { now };
  await routeLead(trx, routableLeadOf(lead), await listBuyers(trx), options);
}

async function markAccepted(trx: Kysely<Database>, leadId: string, deliveryId: string, buyerId: string) {
  const rows = await trx.selectFrom("routing_decisions").select(["id", "decision"]).where("lead_id", "=", leadId).execute();
  for (const row of rows) {
    const decision = JSON.parse(row.decision) as RoutingDecisionRecord;
    if (!decision.tried.some((tried) => tried.deliveryId === deliveryId) || decision.accepted.includes(buyerId)) continue;
    decision.accepted.push(buyerId);
    await trx.updateTable("routing_decisions").set({ decision: JSON.stringify(decision) }).where("id", "=", row.id).execute();
  }
}
