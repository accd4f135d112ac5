import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { buyerById, listBuyers } from "../buyers/buyer-store";
import { lockForTransaction } from "../../db/database";
import type { Database, DeliveryStatus } from "../../db/schema";
import { recordSale } from "../../ledger";
import { priceCentsOf } from "./buyer-rules";
import { releaseCapacity } from "./cap-reservation";
import { recordWinner } from "./auction-record";
import { offerToNextBid, queueAuction } from "./auction-routing";
import { readSettings, WEBHOOK_URL_SETTING } from "../../settings/settings";
import { auctionKey, auctionsOn } from "./auction-settings";
import {
  routingModeKey,
  routingModeOf,
  savedRoutingMode,
} from "./routing-modes";
import type { RoutableLead, RoutingOptions } from "./route-decision";
import {
  refreshBuyerStatus,
  routableLeadOf,
  routeLead,
  ROUTING_LOCK,
  type JustSaved,
  type RoutingDecisionRecord,
} from "./route-lead";
import { saleRoomOf } from "./sale-limit";
import { checkStoredLead } from "../../suppression/suppression-check";
import { leadSourceOf } from "../../suppliers/lead-source";

/**
 * Routes a lead that is not spam, in the intake's write transaction, after the lead's other rows: last,
 * so the routing lock is held briefly. The setup page's webhook, when one is saved, gets the operator's
 * own copy of every such lead, alongside any sale (docs/decisions/038). Nothing is recorded while no
 * buyer exists. A claim auctioned to ping-post buyers has its auction queued instead; routing follows
 * the bids. Intake says `justSaved` (a lead marked as not spam is routed here too: it may have been
 * sold already, and then keeps only what room its sale limit leaves).
 */
export async function routeNewLead(
  trx: Kysely<Database>,
  lead: RoutableLead,
  now: Date,
  saved: JustSaved = {},
): Promise<{ queued: number }> {
  // The claim's auction switch and mode, and the webhook's URL, in one query: this runs for every lead.
  const settings = await readSettings(trx, [
    auctionKey(lead.caseType),
    routingModeKey(lead.caseType),
    WEBHOOK_URL_SETTING,
  ]);
  const copies = settings.get(WEBHOOK_URL_SETTING)
    ? await queueOperatorCopy(trx, lead, now, saved)
    : 0;
  const buyers = await listBuyers(trx);
  if (!buyers.length) return { queued: copies };
  // A lead every buyer is protected from is not auctioned: routing records why no one gets it.
  const suppression = lead.suppression ?? (await checkStoredLead(trx, lead.id, now));
  lead = { ...lead, suppression };
  if (auctionsOn(settings.get(auctionKey(lead.caseType))) && !suppression.everyone) {
    if (!saved.justSaved) {
      await lockForTransaction(trx, ROUTING_LOCK);
      if ((await saleRoomOf(trx, lead)).left === 0) return { queued: copies };
    }
    await queueAuction(trx, { id: lead.id, created_at: lead.createdAt }, now);
    return { queued: copies + 1 };
  }
  const mode = savedRoutingMode(settings.get(routingModeKey(lead.caseType)));
  const routed = await routeLead(
    trx,
    lead,
    buyers,
    mode.mode === "shared" ? { now, ...mode } : { now },
    saved,
  );
  return { queued: copies + routed.decision.tried.length };
}

/**
 * The operator's own copy of a lead, to the setup page's webhook: a delivery with no buyer, so it is
 * never a sale, holds no cap slot and takes no buyer's place. A lead gets one copy; one cancelled when
 * the lead was marked as spam is put back by markSpam, keeping its webhook-id.
 */
async function queueOperatorCopy(
  trx: Kysely<Database>,
  lead: RoutableLead,
  now: Date,
  { justSaved = false }: JustSaved,
): Promise<number> {
  if (!justSaved) {
    const existing = await trx
      .selectFrom("deliveries")
      .select("id")
      .where("lead_id", "=", lead.id)
      .where("target", "=", "webhook")
      .executeTakeFirst();
    if (existing) return 0;
  }
  const at = now.toISOString();
  await trx
    .insertInto("deliveries")
    .values({
      id: randomUUID(),
      lead_id: lead.id,
      lead_created_at: lead.createdAt,
      target: "webhook",
      buyer_id: null,
      status: "pending",
      next_attempt_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return 1;
}

/**
 * In the transaction that records the end of a delivery to a buyer. Taken: the sale is written to the
 * ledger at this moment's price, within the lead's sale limit, and the buyer is added to the routing
 * decision's `accepted`. Anything else (a rejection, a final 4xx, retries used up): its cap
 * slot is given back and the lead is routed again, to buyers it has not been offered (the cascade),
 * one buyer at a time even when the claim is shared, since one buyer's place is what came free.
 * A partner's rows (Legal Bridge) settle the same way; the operator's webhook copy and rows queued
 * before the partners were buyers have no buyer_id and settle nothing.
 */
export async function settleBuyerDelivery(
  trx: Kysely<Database>,
  delivery: {
    id: string;
    lead_id: string;
    buyer_id: string | null;
    auction_id: string | null;
    price_cents: number | null;
    delivered_at?: string | null;
  },
  status: DeliveryStatus,
  now: Date,
): Promise<void> {
  if (!delivery.buyer_id) return;
  // An operator's re-send of a delivery the buyer took before: the lead is sold, whatever this answer.
  if (delivery.delivered_at && status !== "delivered")
    return refreshBuyerStatus(trx, delivery.lead_id);
  if (status === "delivered") {
    if (delivery.auction_id)
      await recordWinner(
        trx,
        delivery.auction_id,
        delivery.buyer_id,
        Number(delivery.price_cents),
      );
    await markAccepted(trx, delivery.lead_id, delivery.id, delivery.buyer_id);
    await recordSaleOf(trx, { ...delivery, buyer_id: delivery.buyer_id }, now);
    await refreshBuyerStatus(trx, delivery.lead_id);
    return;
  }
  if (status !== "failed" && status !== "dead") return;
  await releaseCapacity(trx, delivery.id);
  const lead = await trx
    .selectFrom("leads")
    .selectAll()
    .where("id", "=", delivery.lead_id)
    .executeTakeFirst();
  // Neither spam nor a lead whose consent was revoked goes to the next buyer.
  if (!lead || lead.is_spam || lead.revoked_at) return;
  // A bidder that did not take the lead: the next bid, then (with none left) routing as usual.
  if (delivery.auction_id)
    return offerToNextBid(trx, lead, delivery.auction_id, now);
  const options: RoutingOptions =
    (await routingModeOf(trx, lead.case_type)).mode === "shared"
      ? { now, mode: "shared", maxBuyers: 1 }
      : { now };
  await routeLead(trx, routableLeadOf(lead), await listBuyers(trx), options);
}

/**
 * The ledger's sale of an accepted delivery (docs/decisions/038): at the auction's price for a bid,
 * else the buyer's fixed price now (0 without one), so a later price change never reaches it. Under
 * ROUTING_LOCK, as routing is: no sale once the lead's consent is revoked, none to a buyer that bought
 * it before, and none past the lead's sale limit. An acceptance that is no sale gives its slot back.
 */
async function recordSaleOf(
  trx: Kysely<Database>,
  delivery: {
    id: string;
    lead_id: string;
    buyer_id: string;
    auction_id: string | null;
    price_cents: number | null;
  },
  now: Date,
): Promise<boolean> {
  await lockForTransaction(trx, ROUTING_LOCK);
  const already = await trx
    .selectFrom("ledger_entries")
    .select("id")
    .where("delivery_id", "=", delivery.id)
    .where("kind", "=", "sale")
    .executeTakeFirst();
  // A re-send of a delivery the buyer took before: the sale stands, once.
  if (already) return true;
  const lead = await trx
    .selectFrom("leads")
    .select(["id", "case_type", "st", "supplier_id", "source", "revoked_at"])
    .where("id", "=", delivery.lead_id)
    .executeTakeFirst();
  const buyer = await buyerById(trx, delivery.buyer_id);
  if (!lead || !buyer) return false;
  const room = await saleRoomOf(trx, { id: lead.id, caseType: lead.case_type });
  if (
    lead.revoked_at ||
    room.sold >= room.limit ||
    room.boughtBy.includes(buyer.id)
  ) {
    await releaseCapacity(trx, delivery.id);
    return false;
  }
  const bid = delivery.auction_id !== null && delivery.price_cents !== null;
  await recordSale(trx, {
    leadId: lead.id,
    buyerId: buyer.id,
    deliveryId: delivery.id,
    caseType: lead.case_type,
    leadState: lead.st,
    leadSource: leadSourceOf(lead),
    amountCents: bid
      ? Number(delivery.price_cents)
      : (priceCentsOf(buyer.rules) ?? 0),
    priceSource: bid ? "bid" : "fixed",
    at: now,
  });
  return true;
}

async function markAccepted(
  trx: Kysely<Database>,
  leadId: string,
  deliveryId: string,
  buyerId: string,
) {
  const rows = await trx
    .selectFrom("routing_decisions")
    .select(["id", "decision"])
    .where("lead_id", "=", leadId)
    .execute();
  for (const row of rows) {
    const decision = JSON.parse(row.decision) as RoutingDecisionRecord;
    if (
      !decision.tried.some((tried) => tried.deliveryId === deliveryId) ||
      decision.accepted.includes(buyerId)
    )
      continue;
    decision.accepted.push(buyerId);
    await trx
      .updateTable("routing_decisions")
      .set({ decision: JSON.stringify(decision) })
      .where("id", "=", row.id)
      .execute();
  }
}
