import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { lockForTransaction } from "../db/database";
import type { Database, LeadsTable } from "../db/schema";
import type { RoutableBuyer } from "./buyer-rules";
import { reserveCapacity, usageOf } from "./cap-reservation";
import { decideRoute, type ConsideredBuyer, type RoutableLead, type RoutingOptions } from "./route-decision";

/** What routing_decisions.decision holds: one routing of a lead, when it is saved or cascades. */
export interface RoutingDecisionRecord {
  mode: "exclusive" | "shared" | "auction";
  /** For an auction: the one whose bids are offered in turn (docs/decisions/022). */
  auctionId?: string;
  /** Every buyer with its verdict; one whose reservation failed is skipped with the cap it reached. */
  considered: ConsideredBuyer[];
  /** Buyers the lead had gone to before this routing, which a cascade skips. */
  alreadyTried: string[];
  /** The buyers the lead is sent to now, each with its outbox row. */
  tried: { buyerId: string; buyerName: string; deliveryId: string }[];
  /** Buyer ids that took the lead: none when it is routed; their answers fill it in. */
  accepted: string[];
  /** No buyer could take the lead. */
  unsold: boolean;
}

export interface RoutedLead {
  decisionId: string;
  decision: RoutingDecisionRecord;
}

/** Held by every routing until its transaction ends; see routeLead. */
export const ROUTING_LOCK = "buyer-routing";

export function routableLeadOf(lead: Pick<Selectable<LeadsTable>, "id" | "case_type" | "st" | "is_eligible" | "created_at">): RoutableLead {
  return {
    id: lead.id,
    caseType: lead.case_type,
    state: lead.st,
    eligible: lead.is_eligible === null ? null : lead.is_eligible === 1,
    createdAt: lead.created_at,
  };
}

/**
 * Routes a saved lead inside the caller's write transaction (writeTransaction): decides from the cap
 * counters, reserves a slot with each buyer in the decided order until enough have one, queues a
 * 'buyer' delivery per slot and records the decision. A lead goes to a buyer once: buyers it already
 * has a delivery for are skipped, so routing again after a rejection is the cascade.
 *
 * Routing is serialised across processes (on SQLite by the transaction's write lock, on PostgreSQL by
 * ROUTING_LOCK), so the counts the decision reads are the counts it reserves against, the round-robin
 * is exact, and two routings never lock counter rows in opposite orders. The caps would hold without
 * it: each reservation is a conditional increment.
 */
export async function routeLead(trx: Kysely<Database>, lead: RoutableLead, buyers: readonly RoutableBuyer[], options: RoutingOptions): Promise<RoutedLead> {
  const { now } = options;
  await lockForTransaction(trx, ROUTING_LOCK);
  const alreadyTried = await buyersAlreadySent(trx, lead.id);
  const usage = await usageOf(trx, buyers, now, alreadyTried);
  // Every candidate in order: in shared mode a buyer that cannot reserve makes room for the next.
  const { considered, order } = decideRoute(lead, buyers, usage, { now });
  const wanted = options.mode === "shared" ? Math.max(0, options.maxBuyers) : 1;
  const buyerById = new Map(buyers.map((buyer) => [buyer.id, buyer]));

  const tried: RoutingDecisionRecord["tried"] = [];
  for (const buyerId of order) {
    if (tried.length >= wanted) break;
    const buyer = buyerById.get(buyerId)!;
    const reservation = await reserveCapacity(trx, buyer, now);
    if (!reservation.reserved) {
      const index = considered.findIndex((entry) => entry.buyerId === buyerId);
      considered[index] = { buyerId, buyerName: buyer.name, verdict: "skipped", reason: reservation.reason };
      continue;
    }
    const deliveryId = randomUUID();
    const at = now.toISOString();
    await trx
      .insertInto("deliveries")
      .values({
        id: deliveryId,
        lead_id: lead.id,
        lead_created_at: lead.createdAt,
        target: "buyer",
        buyer_id: buyerId,
        status: "pending",
        next_attempt_at: at,
        created_at: at,
        updated_at: at,
        reserved_day: reservation.periods.day,
        reserved_month: reservation.periods.month,
      })
      .execute();
    tried.push({ buyerId, buyerName: buyer.name, deliveryId });
  }

  const decision: RoutingDecisionRecord = {
    mode: options.mode ?? "exclusive",
    considered,
    alreadyTried,
    tried,
    accepted: [],
    unsold: tried.length === 0,
  };
  const decisionId = await recordRoutingDecision(trx, lead.id, now, decision);
  await refreshBuyerStatus(trx, lead.id);
  return { decisionId, decision };
}

/**
 * Stores one routing of a lead. Its id is the lead's id and its place among the lead's routings, so
 * two routed in the same millisecond (an auction closed unsold, then routing as usual) keep their
 * order; routing holds ROUTING_LOCK, so no two can take the same place.
 */
export async function recordRoutingDecision(trx: Kysely<Database>, leadId: string, now: Date, decision: RoutingDecisionRecord): Promise<string> {
  const { count } = await trx
    .selectFrom("routing_decisions")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("lead_id", "=", leadId)
    .executeTakeFirstOrThrow();
  const id = `${leadId}.${String(Number(count) + 1).padStart(4, "0")}`;
  await trx.insertInto("routing_decisions").values({ id, lead_id: leadId, created_at: now.toISOString(), decision: JSON.stringify(decision) }).execute();
  return id;
}

/**
 * The lead's buyer_status from its deliveries to buyers: sold once any buyer took it, pending while one
 * may still, unsold otherwise. A shared lead that one buyer took stays sold when another rejects it.
 */
export async function refreshBuyerStatus(trx: Kysely<Database>, leadId: string): Promise<void> {
  const statuses = (
    await trx.selectFrom("deliveries").select("status").where("lead_id", "=", leadId).where("target", "=", "buyer").execute()
  ).map((row) => row.status);
  const buyerStatus = statuses.includes("delivered")
    ? "sold"
    : statuses.some((status) => status === "pending" || status === "sending")
      ? "pending"
      : "unsold";
  await trx.updateTable("leads").set({ buyer_status: buyerStatus }).where("id", "=", leadId).execute();
}

/** A lead's routings, oldest first. */
export async function routingDecisionsOf(db: Kysely<Database>, leadId: string): Promise<(RoutedLead & { createdAt: string })[]> {
  const rows = await db
    .selectFrom("routing_decisions")
    .select(["id", "created_at", "decision"])
    .where("lead_id", "=", leadId)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ decisionId: row.id, createdAt: row.created_at, decision: JSON.parse(row.decision) as RoutingDecisionRecord }));
}

export async function buyersAlreadySent(trx: Kysely<Database>, leadId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom("deliveries")
    .select("buyer_id")
    .distinct()
    .where("lead_id", "=", leadId)
    .where("buyer_id", "is not", null)
    // A lead marked as spam had its deliveries cancelled before they were sent: not an offer.
    .where("status", "!=", "cancelled")
    .orderBy("buyer_id")
    .execute();
  return rows.map((row) => row.buyer_id!);
}
