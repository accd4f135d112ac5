import type { Kysely } from "kysely";
import { listBuyers } from "../buyers/buyer-store";
import type { Database, DeliveryStatus } from "../db/schema";
import { releaseCapacity } from "./cap-reservation";
import { routingModeOf } from "./routing-modes";
import type { RoutableLead, RoutingOptions } from "./route-decision";
import { refreshBuyerStatus, routableLeadOf, routeLead, type RoutedLead, type RoutingDecisionRecord } from "./route-lead";

/**
 * Routes a lead just saved, in the intake's write transaction, after the lead's other rows: last, so
 * the routing lock is held briefly. Nothing is recorded while no buyer exists.
 */
export async function routeNewLead(trx: Kysely<Database>, lead: RoutableLead, now: Date): Promise<RoutedLead | null> {
  const buyers = await listBuyers(trx);
  if (!buyers.length) return null;
  const mode = await routingModeOf(trx, lead.caseType);
  return routeLead(trx, lead, buyers, mode.mode === "shared" ? { now, ...mode } : { now });
}

/**
 * In the transaction that records the end of a delivery to a buyer. Taken: the buyer is added to the
 * routing decision's `accepted`. Anything else (a rejection, a final 4xx, retries used up): its cap
 * slot is given back and the lead is routed again, to buyers it has not been offered (the cascade),
 * one buyer at a time even when the claim is shared, since one buyer's place is what came free.
 */
export async function settleBuyerDelivery(
  trx: Kysely<Database>,
  delivery: { id: string; lead_id: string; buyer_id: string | null },
  status: DeliveryStatus,
  now: Date,
): Promise<RoutedLead | null> {
  if (!delivery.buyer_id) return null;
  if (status === "delivered") {
    await markAccepted(trx, delivery.lead_id, delivery.id, delivery.buyer_id);
    await refreshBuyerStatus(trx, delivery.lead_id);
    return null;
  }
  if (status !== "failed" && status !== "dead") return null;
  await releaseCapacity(trx, delivery.id);
  const lead = await trx.selectFrom("leads").selectAll().where("id", "=", delivery.lead_id).executeTakeFirst();
  if (!lead || lead.is_spam) return null;
  const options: RoutingOptions = (await routingModeOf(trx, lead.case_type)).mode === "shared" ? { now, mode: "shared", maxBuyers: 1 } : { now };
  return routeLead(trx, routableLeadOf(lead), await listBuyers(trx), options);
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
