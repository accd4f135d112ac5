import type { Kysely } from "kysely";
import { lockForTransaction, writeTransaction } from "../db/database";
import type { Database, DeliveryTarget } from "../db/schema";
import { buyerById, deliveryDeadline, refreshBuyerStatus, releaseHeldLead, reserveCapacity, routableLeadOf, routeOrCheck, ROUTING_LOCK, saleRoomOf, withdrawUnsentDeliveries } from "../distribution";
import type { Actor } from "../audit/audit-log";
import { rerouteLead, RerouteRefused, type RerouteResult, type RerouteTarget } from "./lead-reroute";
import { filterSearchParams, parseLeadFilter } from "./lead-filter";
import { filteredLeads } from "./lead-query";
import { notResent, RESENDABLE, REVOKED_NOT_RESENT } from "./resend-policy";
import type { LeadConsoleParts } from "./lead-console";

// The lead console's changes, each recorded in the audit log: a delivery or a view's failed deliveries
// sent again, a lead marked spam or not, re-routed, or released from its checks' hold.

export function leadConsoleCommands({ db, worker, timeZone, now, choices, record }: LeadConsoleParts) {
  /**
   * Puts one delivery back in the outbox with a fresh retry schedule and sends it now. It keeps its id,
   * which is the webhook-id, so a receiver that saw it before can tell. A system buyer's delivery (the
   * webhook, Legal Bridge) counts against the buyer again if its slot was given back (resendToBuyer).
   */
  async function resendDelivery(deliveryId: string, actor: Actor) {
    const queued = await writeTransaction(db, async (trx) => {
      const delivery = await trx
        .selectFrom("deliveries")
        .innerJoin("leads", "leads.id", "deliveries.lead_id")
        .select(["deliveries.id", "deliveries.lead_id", "deliveries.target", "deliveries.status", "deliveries.buyer_id", "deliveries.reserved_day", "leads.is_spam", "leads.revoked_at"])
        .where("deliveries.id", "=", deliveryId)
        .executeTakeFirst();
      if (!delivery) return { ok: false as const, message: "That delivery does not exist." };
      if (delivery.revoked_at) return { ok: false as const, message: REVOKED_NOT_RESENT };
      if (delivery.is_spam) return { ok: false as const, message: "This lead is marked as spam: mark it as not spam to send it." };
      const refusal = notResent(delivery.target);
      if (refusal) return { ok: false as const, message: refusal };
      if (!RESENDABLE.includes(delivery.status)) return { ok: false as const, message: "This delivery is being sent right now." };
      const refused = await requeueResend(trx, delivery, now());
      if (refused) return { ok: false as const, message: refused };
      await record(trx, actor, "resend-delivery", delivery.lead_id, { deliveryId, target: delivery.target, previousStatus: delivery.status });
      return { ok: true as const, target: delivery.target, leadId: delivery.lead_id };
    });
    if (!queued.ok) return queued;
    const sent = await worker.sendNow(deliveryId);
    return { ...queued, status: sent?.status ?? ("pending" as const), error: sent?.result.error ?? null, httpStatus: sent?.result.status ?? null };
  }

  /**
   * Re-queues every failed or dead delivery to `target` of the leads the filter finds; the worker sends
   * them. A system buyer's delivery that resendToBuyer refuses (the lead has gone to another buyer
   * since, or the buyer's cap is full) stays as it is and is counted in `skipped`.
   */
  async function resendFiltered(params: URLSearchParams, target: string, actor: Actor) {
    const parsed = parseLeadFilter(params, choices);
    if (!parsed.ok) return { ok: false as const, message: Object.values(parsed.errors).join(" ") };
    if (!choices.targets.includes(target as DeliveryTarget)) return { ok: false as const, message: `Unknown delivery target '${target}'.` };
    const { query } = filteredLeads(db, parsed.filter, timeZone);
    const { count, skipped } = await writeTransaction(db, async (trx) => {
      const at = now();
      const rows = await trx
        .selectFrom("deliveries")
        .select(["id", "lead_id", "buyer_id", "reserved_day"])
        .where("target", "=", target as DeliveryTarget)
        .where("status", "in", ["failed", "dead"])
        .where("lead_id", "in", query.select("leads.id"))
        .execute();
      let n = 0;
      let refused = 0;
      for (const row of rows) {
        if (await requeueResend(trx, row, at)) refused++;
        else n++;
      }
      await record(trx, actor, "resend-filtered", null, { target, filter: filterSearchParams(parsed.filter).toString(), count: n, ...(refused ? { skipped: refused } : {}) });
      return { count: n, skipped: refused };
    });
    return { ok: true as const, count, skipped, target };
  }

  /**
   * Spam: the lead's unsent deliveries are cancelled and their buyers' slots given back; a buyer's
   * answer (taken, refused) stays as it was. Not spam: the operator's webhook copy and a cancelled
   * delivery queued before the partners were buyers are put back as they were (same webhook-id), and
   * the lead is routed again within what its sale limit leaves (docs/decisions/038): a lead sold
   * before it was marked as spam is not sold again.
   */
  async function markSpam(leadId: string, spam: boolean, actor: Actor) {
    return writeTransaction(db, async (trx) => {
      const lead = await trx
        .selectFrom("leads")
        .select(["id", "created_at", "case_type", "is_spam", "st", "is_eligible", "revoked_at", "duplicate_of", "phone_e164"])
        .where("id", "=", leadId)
        .executeTakeFirst();
      if (!lead) return { ok: false as const, message: "That lead does not exist." };
      const at = now();
      await trx.updateTable("leads").set({ is_spam: spam ? 1 : 0 }).where("id", "=", leadId).execute();
      let queued = 0;
      let checking = false;
      if (spam) {
        await withdrawUnsentDeliveries(trx, [leadId], at);
        await trx.updateTable("leads").set({ buyer_status: null }).where("id", "=", leadId).execute();
      } else if (lead.is_spam && !lead.revoked_at) {
        // A lead that is not spam was routed already; routing counts the sales of one that was spam.
        const revived = await trx
          .updateTable("deliveries")
          .set(requeued(at))
          .where("lead_id", "=", leadId)
          .where("status", "=", "cancelled")
          .where("buyer_id", "is", null)
          .where("target", "not in", ["buyer", "auction", "checks"])
          .executeTakeFirst();
        // A claim with checks before a sale has them run again first (docs/decisions/048).
        const routed = await routeOrCheck(trx, routableLeadOf(lead), at);
        queued = Number(revived.numUpdatedRows) + routed.queued;
        checking = routed.checking;
      }
      // Spam has no buyer status; a lead that is not spam again has the one its sales and offers give.
      if (!spam && lead.is_spam && !checking) await refreshBuyerStatus(trx, leadId);
      await record(trx, actor, spam ? "mark-spam" : "mark-not-spam", leadId, { wasSpam: lead.is_spam === 1, queued });
      return { ok: true as const, spam, queued };
    });
  }

  /**
   * An operator's re-route of a lead from its page (lead-reroute.ts): to the next buyer by the rules,
   * or to a chosen one. Recorded with the lead's buyer deliveries and buyer status before and after.
   */
  async function reroute(leadId: string, target: RerouteTarget, actor: Actor): Promise<RerouteResult> {
    try {
      return await writeTransaction(db, async (trx) => {
        const before = await buyerDeliveriesOf(trx, leadId);
        const rerouted = await rerouteLead(trx, leadId, target, now());
        if (!rerouted.ok) return rerouted;
        const after = await buyerDeliveriesOf(trx, leadId);
        await record(trx, actor, "reroute-lead", leadId, {
          to: target.to === "next" ? "next buyer by the rules" : "chosen buyer",
          target: rerouted.sentTo.map((sent) => sent.buyerName).join(", "),
          withdrawn: rerouted.withdrawn,
          before,
          after,
        });
        return rerouted;
      });
    } catch (error) {
      if (error instanceof RerouteRefused) return { ok: false, message: error.message };
      throw error;
    }
  }

  /** Puts a delivery back in the outbox for an operator's re-send, or says why it may not (resendToBuyer). */
  async function requeueResend(trx: Kysely<Database>, delivery: Parameters<typeof resendToBuyer>[1], at: Date): Promise<string | null> {
    const lead = await trx.selectFrom("leads").select("revoked_at").where("id", "=", delivery.lead_id).executeTakeFirst();
    if (lead?.revoked_at) return REVOKED_NOT_RESENT;
    const refused = await resendToBuyer(trx, delivery, at);
    if (refused) return refused;
    // A buyer's delivery sent again gets a fresh delivery deadline, as a new offer would.
    const buyer = delivery.buyer_id ? await buyerById(trx, delivery.buyer_id) : undefined;
    const deadline = buyer ? { deadline_at: deliveryDeadline(buyer, at), expired_at: null } : {};
    await trx.updateTable("deliveries").set({ ...requeued(at), ...deadline }).where("id", "=", delivery.id).execute();
    if (delivery.buyer_id) await refreshBuyerStatus(trx, delivery.lead_id);
    return null;
  }

  /**
   * Whether a system buyer's delivery may be sent again, and if so its slot counted again; a message
   * saying why not otherwise. A delivery that still holds its slot (pending, or taken) and a delivery
   * queued before the webhook was a buyer (no buyer_id) need nothing. One whose slot was given back
   * when it failed (the cascade then offered the lead to the next buyer) is sent again only while the
   * lead has room for it, exclusive: no other buyer has it; shared: fewer than maxBuyers do. Its slot
   * is reserved again under the buyer's caps, so a re-send is never sent past a cap.
   */
  async function resendToBuyer(
    trx: Kysely<Database>,
    delivery: { id: string; lead_id: string; buyer_id: string | null; reserved_day: string | null },
    at: Date,
  ): Promise<string | null> {
    if (!delivery.buyer_id || delivery.reserved_day) return null;
    await lockForTransaction(trx, ROUTING_LOCK);
    const buyer = await buyerById(trx, delivery.buyer_id);
    if (!buyer) return `There is no buyer ${delivery.buyer_id}.`;
    const lead = await trx.selectFrom("leads").select("case_type").where("id", "=", delivery.lead_id).executeTakeFirstOrThrow();
    // Counted from the ledger and the offers still open, as routing counts (docs/decisions/038).
    const room = await saleRoomOf(trx, { id: delivery.lead_id, caseType: lead.case_type }, { excludeDeliveryId: delivery.id });
    if (room.left === 0) {
      const others = await trx
        .selectFrom("deliveries")
        .innerJoin("buyers", "buyers.id", "deliveries.buyer_id")
        .select("buyers.name")
        .where("deliveries.lead_id", "=", delivery.lead_id)
        .where("deliveries.id", "!=", delivery.id)
        .where((eb) => eb.or([eb("deliveries.status", "in", ["pending", "sending"]), eb("deliveries.buyer_id", "in", room.boughtBy.length ? room.boughtBy : [""])]))
        .execute();
      const names = [...new Set(others.map((o) => o.name))];
      return `This lead went to ${names.join(" and ") || "another buyer"} after ${buyer.name} did not take it: sending it to ${buyer.name} as well would sell it ${room.limit === 1 ? "twice" : "to too many buyers"}.`;
    }
    const reservation = await reserveCapacity(trx, buyer, at);
    if (!reservation.reserved) return `${buyer.name}'s ${reservation.reason === "daily cap reached" ? "daily" : "monthly"} cap is reached: it cannot be sent this lead now.`;
    await trx
      .updateTable("deliveries")
      .set({ reserved_day: reservation.periods.day, reserved_month: reservation.periods.month })
      .where("id", "=", delivery.id)
      .execute();
    return null;
  }

  /** An operator's release of a lead its checks held: routed now, and recorded. */
  async function releaseHeld(leadId: string, actor: Actor): Promise<{ ok: true } | { ok: false; message: string }> {
    const lead = await db.selectFrom("leads").select(["held_reason"]).where("id", "=", leadId).executeTakeFirst();
    if (!(await releaseHeldLead(db, leadId, now()))) return { ok: false, message: "This lead is not held." };
    await record(db, actor, "release-held-lead", leadId, { heldReason: lead?.held_reason ?? null });
    return { ok: true };
  }

  return { resendDelivery, resendFiltered, markSpam, reroute, releaseHeld };
}


/** The lead's buyer status and deliveries to buyers, as the audit log records them around a re-route. */
async function buyerDeliveriesOf(trx: Kysely<Database>, leadId: string) {
  const [lead, deliveries] = await Promise.all([
    trx.selectFrom("leads").select("buyer_status").where("id", "=", leadId).executeTakeFirst(),
    trx
      .selectFrom("deliveries")
      .innerJoin("buyers", "buyers.id", "deliveries.buyer_id")
      .select(["deliveries.id", "buyers.name", "deliveries.status"])
      .where("deliveries.lead_id", "=", leadId)
      .orderBy("deliveries.created_at")
      .orderBy("deliveries.id")
      .execute(),
  ]);
  return { buyerStatus: lead?.buyer_status ?? null, deliveries: deliveries.map((d) => ({ id: d.id, buyer: d.name, status: d.status })) };
}

/** A delivery due now with a fresh retry schedule (attempts counts the current schedule; the log keeps every attempt). */
function requeued(at: Date) {
  const iso = at.toISOString();
  return { status: "pending" as const, attempts: 0, next_attempt_at: iso, locked_until: null, updated_at: iso };
}
