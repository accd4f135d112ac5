import type { Kysely } from "kysely";
import { checkStoredLead } from "../suppression/suppression-check";
import { buyerById, listBuyers, type Buyer, releaseCapacity, reserveCapacity, buyersAlreadySent, queueBuyerDelivery, recordRoutingDecision, refreshBuyerStatus, routableLeadOf, routeLead, ROUTING_LOCK, type RoutingDecisionRecord, routingModeOf } from "../distribution";
import { isPostgres, lockForTransaction } from "../db/database";
import type { Database } from "../db/schema";

/** Where an operator sends a lead by hand: to the next buyer by the routing rules, or to a buyer they choose. */
export type RerouteTarget = { to: "next" } | { to: "buyer"; buyerId: string };

export type RerouteResult =
  | { ok: true; sentTo: { buyerId: string; buyerName: string; deliveryId: string }[]; withdrawn: string[] }
  | { ok: false; message: string };

/** Why the last error of a delivery an operator took back says so. */
export const WITHDRAWN_BY_OPERATOR = "Re-routed by an operator before this buyer took the lead.";

/** A refusal found after something was written: thrown, so that the transaction writes nothing. */
export class RerouteRefused extends Error {}

/** What the lead page's select offers: active buyers that take the claim, other than the operator's own webhook copy. */
export async function rerouteChoices(db: Kysely<Database>, caseType: string): Promise<{ id: string; name: string }[]> {
  return (await listBuyers(db)).filter((buyer) => takesClaim(buyer, caseType)).map((buyer) => ({ id: buyer.id, name: buyer.name }));
}

function takesClaim(buyer: Buyer, caseType: string): boolean {
  return buyer.active && buyer.system !== "webhook" && (!buyer.rules.filters.claimTypes.length || buyer.rules.filters.claimTypes.includes(caseType));
}

/**
 * An operator's re-route, inside a write transaction holding the routing lock. The lead's offers no
 * buyer has answered yet (pending deliveries to paying buyers) are withdrawn, their cap slots given
 * back, and the lead goes to the next buyer by the rules (never back to one it was offered to) or to
 * the chosen buyer, who must be active, take the claim, have room under its caps, and not have bought
 * the lead before. Either way the lead's sale limit holds: exclusive once, shared at most N, counting
 * the ledger's sales. Refused: nothing is written.
 */
export async function rerouteLead(trx: Kysely<Database>, leadId: string, target: RerouteTarget, now: Date): Promise<RerouteResult> {
  // The lead row, then the routing lock, in the order marking a lead as spam and the deadline's sweep take them.
  const lead = await trx.selectFrom("leads").selectAll().where("id", "=", leadId).$if(isPostgres(trx), (qb) => qb.forUpdate()).executeTakeFirst();
  await lockForTransaction(trx, ROUTING_LOCK);
  if (!lead) return { ok: false, message: "That lead does not exist." };
  if (lead.revoked_at) return { ok: false, message: "This person revoked consent: the lead is never sent again." };
  if (lead.is_spam) return { ok: false, message: "This lead is marked as spam: mark it as not spam to route it." };

  const deliveries = await trx
    .selectFrom("deliveries")
    .leftJoin("buyers", "buyers.id", "deliveries.buyer_id")
    .select(["deliveries.id", "deliveries.buyer_id", "deliveries.status", "deliveries.delivered_at", "deliveries.last_status", "buyers.name", "buyers.system"])
    .where("deliveries.lead_id", "=", leadId)
    .where("deliveries.buyer_id", "is not", null)
    .execute();
  const paying = deliveries.filter((d) => d.system !== "webhook");
  const inFlight = paying.find((d) => d.status === "sending");
  if (inFlight) return { ok: false, message: `The lead is being sent to ${inFlight.name} right now: wait for its answer, then try again.` };

  const mode = await routingModeOf(trx, lead.case_type);
  const limit = mode.mode === "shared" ? mode.maxBuyers : 1;
  const { counted: sold, ever: everSold } = await salesOf(trx, leadId);
  if (sold.size >= limit) {
    const names = paying.filter((d) => d.buyer_id && sold.has(d.buyer_id)).map((d) => d.name);
    return {
      ok: false,
      message: `This lead is already sold${names.length ? ` to ${[...new Set(names)].join(" and ")}` : ""}: ${limit === 1 ? "its claim is exclusive, sold once" : `its claim is shared by at most ${limit} buyers`}.`,
    };
  }

  let chosen: Buyer | undefined;
  if (target.to === "buyer") {
    chosen = await buyerById(trx, target.buyerId);
    if (!chosen || chosen.system === "webhook") return { ok: false, message: "Choose one of the buyers listed." };
    if (!chosen.active) return { ok: false, message: `${chosen.name} is paused: resume it first.` };
    if (!takesClaim(chosen, lead.case_type)) return { ok: false, message: `${chosen.name} does not take ${lead.case_type} leads.` };
    if (everSold.has(chosen.id)) return { ok: false, message: `${chosen.name} has bought this lead already.` };
    // A suppression list outranks the operator too (docs/decisions/047).
    const suppression = await checkStoredLead(trx, leadId, now);
    const list = suppression.everyone ?? suppression.byBuyer[chosen.id];
    if (list) return { ok: false, message: `The lead is on the suppression list "${list}", which protects ${chosen.name}: it cannot be sent this lead.` };
  }

  // The offers no buyer has answered are taken back: the operator is moving the lead on. A re-send of
  // an answered delivery keeps its answer (docs/decisions/038): it stays, as an offer still open.
  const withdrawn = paying.filter((d) => d.status === "pending" && d.delivered_at === null && (d.last_status === null || Number(d.last_status) >= 500));
  for (const delivery of withdrawn) {
    await trx
      .updateTable("deliveries")
      .set({ status: "cancelled", last_error: WITHDRAWN_BY_OPERATOR, updated_at: now.toISOString() })
      .where("id", "=", delivery.id)
      .where("status", "=", "pending")
      .execute();
    await releaseCapacity(trx, delivery.id);
  }
  const room = limit - sold.size;
  // Every buyer the lead was offered to, withdrawn offers too (routing alone counts those as not offered).
  const offered = new Set(deliveries.map((d) => d.buyer_id!));

  let decision: RoutingDecisionRecord;
  if (chosen) {
    const reservation = await reserveCapacity(trx, chosen, now);
    if (!reservation.reserved) throw new RerouteRefused(`${chosen.name}'s ${reservation.reason === "daily cap reached" ? "daily" : "monthly"} cap is reached: it cannot be sent this lead now.`);
    const deliveryId = await queueBuyerDelivery(trx, routableLeadOf(lead), chosen, reservation.periods, now);
    decision = {
      mode: mode.mode,
      considered: [{ buyerId: chosen.id, buyerName: chosen.name, verdict: "candidate" }],
      alreadyTried: await buyersAlreadySent(trx, leadId),
      tried: [{ buyerId: chosen.id, buyerName: chosen.name, deliveryId }],
      accepted: [],
      unsold: false,
      byOperator: true,
    };
    await recordRoutingDecision(trx, leadId, now, decision);
    await refreshBuyerStatus(trx, leadId);
  } else {
    // The rules, as a cascade would apply them, never back to a buyer the lead was offered to.
    const buyers = (await listBuyers(trx)).filter((buyer) => !offered.has(buyer.id));
    const routed = await routeLead(trx, routableLeadOf(lead), buyers, mode.mode === "shared" ? { now, mode: "shared", maxBuyers: room } : { now }, { byOperator: true });
    decision = routed.decision;
    if (!decision.tried.length) {
      const reasons = decision.considered.map((c) => `${c.buyerName}: ${c.verdict === "skipped" ? c.reason : "not needed"}`);
      throw new RerouteRefused(`No other buyer can take this lead now${reasons.length ? ` (${reasons.join("; ")})` : ""}.`);
    }
  }
  return { ok: true, sentTo: decision.tried, withdrawn: withdrawn.map((d) => d.name ?? d.buyer_id!) };
}

/**
 * The buyers the lead counts as sold to against its sale limit, from the ledger (docs/decisions/038:
 * every sale but those an approved return credited), and every buyer it was ever sold to, none of whom
 * is sold it again.
 */
async function salesOf(trx: Kysely<Database>, leadId: string) {
  const entries = await trx.selectFrom("ledger_entries").select(["id", "kind", "buyer_id", "sale_id", "return_id"]).where("lead_id", "=", leadId).execute();
  const returned = new Set(entries.filter((e) => e.kind === "credit" && e.return_id !== null).map((e) => e.sale_id));
  const sales = entries.filter((e) => e.kind === "sale");
  return { counted: new Set(sales.filter((sale) => !returned.has(sale.id)).map((sale) => sale.buyer_id)), ever: new Set(sales.map((sale) => sale.buyer_id)) };
}
