import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { listBuyers, openBuyerCredentials } from "../buyers/buyer-store";
import { lockForTransaction } from "../../db/database";
import type { Database, LeadsTable } from "../../db/schema";
import type { SecretBox } from "../../secrets/secret-box";
import { checkStoredLead, lookUpSuppression } from "../../suppression/suppression-check";
import { markUnsold, recordAuction } from "./auction-record";
import { reserveCapacity, usageOf } from "./cap-reservation";
import {
  pingBuyersAmong,
  rankBids,
  runAuction,
  type AuctionBuyer,
  type AuctionResult,
  type PingSend,
} from "./ping-post";
import { decideRoute, suppressionReason, type ConsideredBuyer } from "./route-decision";
import { saleRoomOf } from "./sale-limit";
import {
  buyersAlreadySent,
  queueBuyerDelivery,
  recordRoutingDecision,
  refreshBuyerStatus,
  routableLeadOf,
  routeLead,
  ROUTING_LOCK,
} from "./route-lead";

type Lead = Selectable<LeadsTable>;

/**
 * Queues the lead's auction in the outbox, in the intake's transaction: the worker runs it, so the
 * visitor never waits for bids and a crash mid-auction runs it again once its claim expires.
 */
export async function queueAuction(
  trx: Kysely<Database>,
  lead: { id: string; created_at: string },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await trx
    .insertInto("deliveries")
    .values({
      id: randomUUID(),
      lead_id: lead.id,
      lead_created_at: lead.created_at,
      target: "auction",
      status: "pending",
      next_attempt_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await trx
    .updateTable("leads")
    .set({ buyer_status: "pending" })
    .where("id", "=", lead.id)
    .execute();
}

/**
 * Pings the ping-post buyers that routing would consider for the lead (filters, caps, hours, and not
 * protected from it by a suppression list, docs/decisions/047), each with its credentials in its
 * header, and collects their bids. Runs outside any transaction: it takes up to the timeout.
 */
export async function holdAuction(
  db: Kysely<Database>,
  lead: Lead,
  options: {
    secretBox: Pick<SecretBox, "open"> | null;
    timeoutMs: number;
    now: Date;
    send?: PingSend;
  },
): Promise<AuctionResult> {
  const buyers = await listBuyers(db);
  const routable = {
    ...routableLeadOf(lead),
    suppression: await lookUpSuppression(db, { id: lead.id, phoneE164: lead.phone_e164, emailNormalized: lead.email_normalized }),
  };
  const { order } = decideRoute(
    routable,
    buyers,
    await usageOf(db, buyers, options.now),
    { now: options.now },
  );
  const bidders: AuctionBuyer[] = [];
  for (const bidder of pingBuyersAmong(buyers, order)) {
    const buyer = buyers.find((b) => b.id === bidder.id)!;
    const header = buyer.delivery.credentialHeader;
    // A buyer whose credentials cannot be opened is not pinged, rather than pinged without them.
    const credentials =
      header && options.secretBox
        ? await openBuyerCredentials(db, options.secretBox, buyer.id).catch(
            () => undefined,
          )
        : null;
    if (credentials === undefined) continue;
    bidders.push(
      header && credentials
        ? { ...bidder, headers: { [header]: credentials } }
        : bidder,
    );
  }
  return runAuction({
    auctionId: randomUUID(),
    lead,
    buyers: bidders,
    timeoutMs: options.timeoutMs,
    now: options.now,
    send: options.send,
  });
}

/** In the transaction that records the auction's run: stores every answer and offers the lead to the best bid. */
export async function settleAuction(
  trx: Kysely<Database>,
  lead: Lead,
  auction: AuctionResult,
  now: Date,
) {
  await recordAuction(
    trx,
    {
      id: auction.auctionId,
      leadId: lead.id,
      caseType: lead.case_type,
      createdAt: auction.startedAt,
      timeoutMs: auction.timeoutMs,
    },
    auction.outcomes,
  );
  return offerToNextBid(trx, lead, auction.auctionId, now);
}

/**
 * Offers the lead to the best bidder it has not been offered to that still has room under its caps:
 * a delivery holding a cap slot and the bid as its price, as exclusive routing queues one. With no bid
 * left the auction is unsold and the lead is routed as any other (to buyers it has not been offered).
 * The suppression lists are checked again here, in the transaction: a list uploaded while the auction
 * ran still protects its buyer, and the decision names the list for every buyer it protects.
 */
export async function offerToNextBid(
  trx: Kysely<Database>,
  lead: Lead,
  auctionId: string,
  now: Date,
) {
  await lockForTransaction(trx, ROUTING_LOCK);
  // Sold already (the lead was marked as spam and back while its auction ran), or revoked: no more offers.
  if (
    lead.revoked_at ||
    lead.is_spam ||
    (await saleRoomOf(trx, { id: lead.id, caseType: lead.case_type })).left ===
      0
  )
    return;
  const buyers = await listBuyers(trx);
  const byId = new Map(buyers.map((buyer) => [buyer.id, buyer]));
  const alreadyTried = await buyersAlreadySent(trx, lead.id);
  const suppression = await checkStoredLead(trx, lead.id, now);
  const protectingList = (buyerId: string) => suppression.everyone ?? suppression.byBuyer[buyerId];
  const bids = await trx
    .selectFrom("auction_bids")
    .select(["buyer_id", "amount_cents"])
    .where("auction_id", "=", auctionId)
    .where("outcome", "=", "bid")
    .execute();
  const ranked = rankBids(
    bids.flatMap((bid) => {
      const buyer = byId.get(bid.buyer_id);
      return buyer
        ? [
            {
              buyerId: buyer.id,
              buyerName: buyer.name,
              amountCents: Number(bid.amount_cents),
              priority: buyer.rules.priority,
            },
          ]
        : [];
    }),
  );

  // Protected buyers that did not bid (they were not pinged) are named too, first.
  const bidders = new Set(ranked.map((bid) => bid.buyerId));
  const considered: ConsideredBuyer[] = buyers.flatMap((buyer) => {
    const list = bidders.has(buyer.id) ? undefined : protectingList(buyer.id);
    return list ? [{ buyerId: buyer.id, buyerName: buyer.name, verdict: "skipped" as const, reason: suppressionReason(list) }] : [];
  });
  for (const bid of ranked) {
    const buyer = byId.get(bid.buyerId)!;
    const list = protectingList(buyer.id);
    const skip = list
      ? suppressionReason(list)
      : alreadyTried.includes(buyer.id)
        ? "already tried"
        : !buyer.active
          ? "paused"
          : null;
    if (skip) {
      considered.push({
        buyerId: buyer.id,
        buyerName: buyer.name,
        verdict: "skipped",
        reason: skip,
      });
      continue;
    }
    const reservation = await reserveCapacity(trx, buyer, now);
    if (!reservation.reserved) {
      considered.push({
        buyerId: buyer.id,
        buyerName: buyer.name,
        verdict: "skipped",
        reason: reservation.reason,
      });
      continue;
    }
    considered.push({
      buyerId: buyer.id,
      buyerName: buyer.name,
      verdict: "candidate",
    });
    const deliveryId = await queueBuyerDelivery(
      trx,
      routableLeadOf(lead),
      buyer,
      reservation.periods,
      now,
      { bid: { auctionId, priceCents: bid.amountCents } },
    );
    await recordRoutingDecision(trx, lead.id, now, {
      mode: "auction",
      auctionId,
      considered,
      alreadyTried,
      tried: [{ buyerId: buyer.id, buyerName: buyer.name, deliveryId }],
      accepted: [],
      unsold: false,
    });
    await refreshBuyerStatus(trx, lead.id);
    return;
  }

  await markUnsold(trx, auctionId);
  await recordRoutingDecision(trx, lead.id, now, {
    mode: "auction",
    auctionId,
    considered,
    alreadyTried,
    tried: [],
    accepted: [],
    unsold: true,
  });
  await routeLead(trx, { ...routableLeadOf(lead), suppression }, buyers, { now });
}
