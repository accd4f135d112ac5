import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { lockForTransaction } from "../../db/database";
import type { Database, DeliveryTarget, LeadsTable } from "../../db/schema";
import { systemBuyerId } from "../buyers/system-buyers";
import { liveSalesOf } from "../../ledger";
import type { RoutableBuyer } from "./buyer-rules";
import { reserveCapacity, usageOf, type CapPeriods } from "./cap-reservation";
import { deliveryDeadline } from "./delivery-deadline";
import {
  decideRoute,
  type ConsideredBuyer,
  type RoutableLead,
  type RoutingOptions,
} from "./route-decision";
import { saleRoomOf } from "./sale-limit";
import { phoneFactsOf } from "../../contacts/phone-facts";
import { checkStoredLead } from "../../suppression/suppression-check";

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
  /** An operator's re-route from the lead page (docs/decisions/039). */
  byOperator?: true;
}

export interface RoutedLead {
  decisionId: string;
  decision: RoutingDecisionRecord;
}

/** Held by every routing until its transaction ends; see routeLead. */
export const ROUTING_LOCK = "buyer-routing";

export function routableLeadOf(
  lead: Pick<
    Selectable<LeadsTable>,
    | "id"
    | "case_type"
    | "st"
    | "is_eligible"
    | "created_at"
    | "duplicate_of"
    | "phone_e164"
  >,
): RoutableLead {
  return {
    phone: phoneFactsOf(lead.phone_e164, lead.st),
    id: lead.id,
    caseType: lead.case_type,
    state: lead.st,
    eligible: lead.is_eligible === null ? null : lead.is_eligible === 1,
    duplicateOf: lead.duplicate_of,
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
export async function routeLead(
  trx: Kysely<Database>,
  lead: RoutableLead,
  buyers: readonly RoutableBuyer[],
  options: RoutingOptions,
  {
    justSaved = false,
    byOperator = false,
  }: JustSaved & { byOperator?: boolean } = {},
): Promise<RoutedLead> {
  const { now } = options;
  await lockForTransaction(trx, ROUTING_LOCK);
  // Checked at every routing, not only at intake, so a list uploaded since protects the lead.
  if (!lead.suppression) lead = { ...lead, suppression: await checkStoredLead(trx, lead.id, now) };
  const alreadyTried = justSaved ? [] : await buyersAlreadySent(trx, lead.id);
  const usage = await usageOf(trx, buyers, now, alreadyTried);
  const notConfigured = options.notConfigured ?? [];
  // Every candidate in order: in shared mode a buyer that cannot reserve makes room for the next.
  const { considered, order } = decideRoute(lead, buyers, usage, {
    now,
    notConfigured,
  });
  // Whatever asked for this routing (a cascade, spam and back, an operator), the lead is offered to no
  // more buyers than its sale limit leaves room for, counted from the ledger (docs/decisions/038).
  // A lead just saved has no sales and no offers.
  const room = justSaved ? Infinity : await roomFor(trx, lead);
  const wanted = Math.min(
    room,
    options.mode === "shared" ? Math.max(0, options.maxBuyers) : 1,
  );
  const buyerById = new Map(buyers.map((buyer) => [buyer.id, buyer]));

  const tried: RoutingDecisionRecord["tried"] = [];
  for (const buyerId of order) {
    if (tried.length >= wanted) break;
    const buyer = buyerById.get(buyerId)!;
    const reservation = await reserveCapacity(trx, buyer, now);
    if (!reservation.reserved) {
      const index = considered.findIndex((entry) => entry.buyerId === buyerId);
      considered[index] = {
        buyerId,
        buyerName: buyer.name,
        verdict: "skipped",
        reason: reservation.reason,
      };
      continue;
    }
    const deliveryId = await queueBuyerDelivery(
      trx,
      lead,
      buyer,
      reservation.periods,
      now,
      { justSaved },
    );
    tried.push({ buyerId, buyerName: buyer.name, deliveryId });
  }

  const decision: RoutingDecisionRecord = {
    mode: options.mode ?? "exclusive",
    considered,
    alreadyTried,
    tried,
    accepted: [],
    // A lead with no room left is sold or offered already, not unsold.
    unsold: tried.length === 0 && wanted > 0,
    ...(byOperator ? { byOperator: true as const } : {}),
  };
  const decisionId = await recordRoutingDecision(trx, lead.id, now, decision, {
    justSaved,
  });
  // A lead just saved has only the deliveries queued here, all pending.
  if (justSaved)
    await trx
      .updateTable("leads")
      .set({ buyer_status: tried.length ? "pending" : "unsold" })
      .where("id", "=", lead.id)
      .execute();
  else await refreshBuyerStatus(trx, lead.id);
  return { decisionId, decision };
}

/**
 * The lead was inserted in this same transaction (intake): it has no deliveries and no routings yet,
 * so routing skips looking for them (a quarter of a new lead's queries).
 */
export interface JustSaved {
  justSaved?: boolean;
}

/**
 * Queues a lead's delivery to a buyer holding a cap slot for it (`periods`), to go out by the buyer's
 * sender: its own target for a partner (Legal Bridge), 'buyer' otherwise. A bidder's delivery names
 * its auction and carries its bid as its price. Every offer is a row of its own, so every attempt and
 * every answer stays as it was (docs/decisions/038).
 */
export async function queueBuyerDelivery(
  trx: Kysely<Database>,
  lead: { id: string; createdAt: string },
  buyer: RoutableBuyer,
  periods: CapPeriods,
  now: Date,
  { bid }: { bid?: { auctionId: string; priceCents: number } } & JustSaved = {},
): Promise<string> {
  const at = now.toISOString();
  const queued = {
    status: "pending" as const,
    next_attempt_at: at,
    updated_at: at,
    reserved_day: periods.day,
    reserved_month: periods.month,
    deadline_at: deliveryDeadline(buyer, now),
  };
  const id = randomUUID();
  await trx
    .insertInto("deliveries")
    .values({
      id,
      lead_id: lead.id,
      lead_created_at: lead.createdAt,
      target: buyer.system ?? "buyer",
      buyer_id: buyer.id,
      auction_id: bid?.auctionId ?? null,
      price_cents: bid?.priceCents ?? null,
      created_at: at,
      ...queued,
    })
    .execute();
  return id;
}

/**
 * Stores one routing of a lead. Its id is the lead's id and its place among the lead's routings, so
 * two routed in the same millisecond (an auction closed unsold, then routing as usual) keep their
 * order; routing holds ROUTING_LOCK, so no two can take the same place.
 */
export async function recordRoutingDecision(
  trx: Kysely<Database>,
  leadId: string,
  now: Date,
  decision: RoutingDecisionRecord,
  { justSaved = false }: JustSaved = {},
): Promise<string> {
  const { count } = justSaved
    ? { count: 0 }
    : await trx
        .selectFrom("routing_decisions")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("lead_id", "=", leadId)
        .executeTakeFirstOrThrow();
  const id = `${leadId}.${String(Number(count) + 1).padStart(4, "0")}`;
  await trx
    .insertInto("routing_decisions")
    .values({
      id,
      lead_id: leadId,
      created_at: now.toISOString(),
      decision: JSON.stringify(decision),
    })
    .execute();
  return id;
}

/**
 * The lead's buyer_status: sold while the ledger holds a sale of it to a paying buyer that no return or
 * cancellation voided, pending while a buyer may still take it, unsold otherwise. A shared lead that
 * one buyer bought stays sold when another rejects it.
 */
export async function refreshBuyerStatus(
  trx: Kysely<Database>,
  leadId: string,
): Promise<void> {
  const [sales, open] = await Promise.all([
    liveSalesOf(trx, leadId),
    trx
      .selectFrom("deliveries")
      .select("id")
      .where("lead_id", "=", leadId)
      .where((eb) =>
        eb.or([eb("buyer_id", "is not", null), eb("target", "=", "auction")]),
      )
      .where("status", "in", ["pending", "sending"])
      .executeTakeFirst(),
  ]);
  const buyerStatus = sales.length ? "sold" : open ? "pending" : "unsold";
  await trx
    .updateTable("leads")
    .set({ buyer_status: buyerStatus })
    .where("id", "=", leadId)
    .execute();
}

/** How many more buyers a lead may be offered to now: none once spam or revoked, else what its sale limit leaves. */
async function roomFor(
  trx: Kysely<Database>,
  lead: RoutableLead,
): Promise<number> {
  const row = await trx
    .selectFrom("leads")
    .select(["is_spam", "revoked_at"])
    .where("id", "=", lead.id)
    .executeTakeFirst();
  if (!row || row.is_spam || row.revoked_at) return 0;
  return (await saleRoomOf(trx, { id: lead.id, caseType: lead.caseType })).left;
}

/** A lead's routings, oldest first. */
export async function routingDecisionsOf(
  db: Kysely<Database>,
  leadId: string,
): Promise<(RoutedLead & { createdAt: string })[]> {
  const rows = await db
    .selectFrom("routing_decisions")
    .select(["id", "created_at", "decision"])
    .where("lead_id", "=", leadId)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    decisionId: row.id,
    createdAt: row.created_at,
    decision: JSON.parse(row.decision) as RoutingDecisionRecord,
  }));
}

/**
 * The buyers a lead has a delivery for. A delivery queued before the partners became buyers (no
 * buyer_id, a partner's target) counts for the partner's buyer, so such a lead is not sent there twice.
 * The operator's webhook copy is no offer to anyone.
 */
export async function buyersAlreadySent(
  trx: Kysely<Database>,
  leadId: string,
): Promise<string[]> {
  const rows = await trx
    .selectFrom("deliveries")
    .select(["buyer_id", "target"])
    .where("lead_id", "=", leadId)
    .where((eb) =>
      eb.or([
        eb("buyer_id", "is not", null),
        eb("target", "not in", ["buyer", "auction", "event", "webhook"]),
      ]),
    )
    // A lead marked as spam had its deliveries cancelled before they were sent: not an offer.
    .where("status", "!=", "cancelled")
    .execute();
  const ids = rows.map(
    (row) => row.buyer_id ?? systemBuyerId(row.target as DeliveryTarget),
  );
  return [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
