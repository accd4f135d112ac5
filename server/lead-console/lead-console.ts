import type { Kysely } from "kysely";
import { answeredQuestions } from "#claims/engine/answers";
import { claimByCaseType, claims } from "#claims/registry";
import { attributionSchema } from "../attribution/attribution";
import { certificateUrl } from "../certificates/certificate-id";
import { certificateChecksOf } from "../certificates/certificate-match";
import { buyerById, type DeliveryWorker, auctionOf, reserveCapacity, deliveryDeadline, refreshBuyerStatus, routableLeadOf, ROUTING_LOCK, routingDecisionsOf, saleRoomOf, withdrawUnsentDeliveries, leadChecksOf, releaseHeldLead, routeOrCheck } from "../distribution";
import { formatCents } from "../money";
import { isPostgres, lockForTransaction, writeTransaction, type Db } from "../db/database";
import type { DatabaseTarget } from "../config";
import type { BuyerDeliveryTarget, Database, DeliveryStatus, DeliveryTarget, EventDeliveryTarget } from "../db/schema";
import { phoneFactsOf } from "../contacts/phone-facts";
import { ledgerEntriesOfLead, moneyOfLeads } from "../ledger";
import { consentProofOf } from "./consent-proof";
import { lowQualityText } from "../contacts/contact-identity";
import { recordAudit, type Actor } from "../audit/audit-log";
import { rerouteChoices, rerouteLead, RerouteRefused, type RerouteResult, type RerouteTarget } from "./lead-reroute";
import { maskEmail, maskIp, maskName, maskPhone } from "./contact-mask";
import { leadsCsv } from "./lead-export";
import { filterSearchParams, parseLeadFilter, type FilterChoices } from "./lead-filter";
import { approximateLeadCount, beyond, countLeads, decodeCursor, denseSearchMatches, filteredLeads, keysetPageLinks } from "./lead-query";

export const PAGE_SIZE = 50;

export type { Actor };

/** Contact fields a viewer sees masked until they reveal them (docs/decisions/028). */
const CONTACT_ANSWERS = new Set(["fn", "ln", "fullName", "em", "ph", "phone", "email", "address", "street", "dob"]);

export type LeadConsole = ReturnType<typeof createLeadConsole>;

export interface LeadConsoleDeps {
  db: Db;
  /** Where the export's reader threads open connections of their own. */
  database: DatabaseTarget;
  worker: Pick<DeliveryWorker, "sendNow">;
  siteUrl: string;
  timeZone: string;
  /** Reader threads per export (lead-export.ts's default unless given; 0 reads in the caller's thread). */
  exportReaders?: number;
  now?: () => Date;
}

/** Why a revoked lead's delivery is not sent again, by an operator or by anything else. */
export const REVOKED_NOT_RESENT = "This person revoked consent: the lead is never sent or re-sent again.";

/** Statuses an operator may send again: everything but a delivery in flight (and cancelled ones of spam). */
const RESENDABLE: DeliveryStatus[] = ["pending", "delivered", "failed", "dead"];

/**
 * Why an operator does not re-send a delivery to `target`, or null when they may: a lead an operator's
 * buyer did not take has gone to the next buyer (and a re-send would pass the buyer's cap), and an
 * auction run again would offer the lead to a second round of bidders.
 */
function notResent(target: DeliveryTarget | BuyerDeliveryTarget | EventDeliveryTarget): string | null {
  if (target === "event") return "An event about a lead is retried by the outbox on its own schedule, not re-sent by hand.";
  if (target === "buyer") return "A buyer's delivery is not re-sent: a lead a buyer does not take goes to the next buyer.";
  if (target === "auction") return "An auction is not run again: its bids were offered the lead in turn, and with none left it was routed as usual.";
  return null;
}

export function createLeadConsole({ db, database, worker, siteUrl, timeZone, exportReaders, now = () => new Date() }: LeadConsoleDeps) {
  const choices: FilterChoices = {
    caseTypes: claims.map((c) => c.caseType),
    targets: ["webhook", ...new Set(claims.flatMap((c) => (c.partners ?? []).map((p) => p.partner)))],
  };

  /** One page of the filtered list, newest first, with the filter's count and the neighbouring pages. */
  async function list(params: URLSearchParams, { masked = false }: { masked?: boolean } = {}) {
    const parsed = parseLeadFilter(params, choices);
    if (!parsed.ok) return { ok: false as const, errors: parsed.errors, choices, timeZone };
    const { filter } = parsed;
    const before = decodeCursor(params.get("before"));
    const after = before ? null : decodeCursor(params.get("after"));
    if ((params.get("before") && !before) || (params.get("after") && !after)) {
      return { ok: false as const, errors: { page: "This page link is not valid: start again from the newest leads." }, choices, timeZone };
    }
    // Counted while the page is read (on PostgreSQL on two connections at once). SQLite has no
    // statistics to tell a broad search from a narrow one, so there a search is counted first and its
    // count tells how to read its page; PostgreSQL's planner knows it from its statistics.
    const counting = countLeads(db, filter, timeZone);
    // Awaited below; this only keeps it from being an unhandled rejection if the page's query fails first.
    counting.catch(() => undefined);
    const countFirst = Boolean(filter.q) && !isPostgres(db);
    const search = countFirst && (await counting).count >= denseSearchMatches(await approximateLeadCount(db)) ? "newest-first" : "by-index";
    const { query, order } = filteredLeads(db, filter, timeZone, { search });

    const direction = after ? "asc" : "desc";
    const key = after ?? before;
    const rows = await query
      .select([
        "leads.id",
        "leads.created_at",
        "leads.case_type",
        "leads.fn",
        "leads.ln",
        "leads.st",
        "leads.outcome",
        "leads.is_spam",
        "leads.buyer_status",
        "leads.duplicate_of",
        "leads.low_quality",
        "leads.revoked_at",
      ])
      .$if(key !== null, (qb) => qb.where(beyond(order, key!, after ? ">" : "<")))
      .orderBy(order.time, direction)
      .orderBy(order.id, direction)
      .limit(PAGE_SIZE + 1)
      .execute();
    const hasMore = rows.length > PAGE_SIZE;
    const page = rows.slice(0, PAGE_SIZE);
    if (after) page.reverse();

    const [{ count, more: countIsMore }, deliveries, money] = await Promise.all([counting, deliveriesOf(page.map((l) => l.id)), moneyOfLeads(db, page.map((l) => l.id))]);
    const filterQuery = filterSearchParams(filter);
    const links = keysetPageLinks(
      page.map((lead) => ({ createdAt: lead.created_at, id: lead.id })),
      { after, before, hasMore, filterQuery },
    );

    return {
      ok: true as const,
      filter,
      filterQuery: filterQuery.toString(),
      choices,
      timeZone,
      count,
      /** True when more leads than `count` (COUNT_BOUND) match: the list says "10,000+". */
      countIsMore,
      leads: page.map((lead) => ({
        id: lead.id,
        createdAt: lead.created_at,
        caseType: lead.case_type,
        name: masked ? maskName(lead.fn, lead.ln) : [lead.fn, lead.ln].filter(Boolean).join(" "),
        state: lead.st,
        outcome: lead.outcome,
        spam: lead.is_spam === 1,
        revoked: lead.revoked_at !== null,
        duplicateOf: lead.duplicate_of,
        lowQuality: lowQualityText(lead.low_quality),
        buyerStatus: lead.buyer_status,
        /** The sum of the lead's ledger entries; null when it was never sold. */
        revenueCents: money.get(lead.id)?.netCents ?? null,
        // A lead's buyers are summed up by its buyer status; each buyer's delivery is on the lead's page.
        deliveries: deliveries.filter((d) => d.lead_id === lead.id && d.target !== "buyer").map((d) => ({ target: d.target, status: d.status })),
      })),
      ...links,
    };
  }

  function deliveriesOf(leadIds: string[]) {
    if (!leadIds.length) return Promise.resolve([]);
    return db
      .selectFrom("deliveries")
      .select(["lead_id", "target", "status"])
      .where("lead_id", "in", leadIds)
      .where("target", "!=", "event")
      .orderBy("target")
      .execute();
  }

  /** Everything known about one lead, for the operator: answers by question, consent, request, deliveries. */
  async function detail(leadId: string, { masked = false }: { masked?: boolean } = {}) {
    const lead = await db.selectFrom("leads").selectAll().where("id", "=", leadId).executeTakeFirst();
    if (!lead) return null;
    const supplier = lead.supplier_id ? await db.selectFrom("suppliers").select("name").where("id", "=", lead.supplier_id).executeTakeFirst() : undefined;
    const [certificate, deliveries, attempts, actions, routings, buyerNames] = await Promise.all([
      lead.certificate_id
        ? db.selectFrom("submission_certificates").selectAll().where("certificate_id", "=", lead.certificate_id).executeTakeFirst()
        : undefined,
      // Events about the lead are shown with its revocation.
      db.selectFrom("deliveries").selectAll().where("lead_id", "=", leadId).where("target", "!=", "event").orderBy("created_at").orderBy("target").execute(),
      db
        .selectFrom("delivery_attempts")
        .innerJoin("deliveries", "deliveries.id", "delivery_attempts.delivery_id")
        .selectAll("delivery_attempts")
        .where("deliveries.lead_id", "=", leadId)
        .orderBy("delivery_attempts.attempted_at")
        .execute(),
      db
        .selectFrom("audit_log")
        .selectAll()
        .where("target_type", "=", "lead")
        .where("target_id", "=", leadId)
        .orderBy("at", "desc")
        .orderBy("id", "desc")
        .limit(100)
        .execute(),
      routingDecisionsOf(db, leadId),
      db.selectFrom("buyers").select(["id", "name"]).execute(),
    ]);
    const buyerName = new Map(buyerNames.map((b) => [b.id, b.name]));
    const ledger = await ledgerEntriesOfLead(db, leadId);
    const auctions = new Map<string, { bids: { buyer: string; answer: string }[] }>();
    for (const auctionId of new Set(routings.flatMap(({ decision }) => decision.auctionId ?? []))) {
      const auction = await auctionOf(db, auctionId);
      if (!auction) continue;
      auctions.set(auctionId, {
        bids: auction.bids.map((bid) => ({
          buyer: buyerName.get(bid.buyerId) ?? bid.buyerId,
          answer: bid.outcome === "bid" ? formatCents(bid.amountCents!) : bid.detail ? `${bid.outcome}: ${bid.detail}` : bid.outcome,
        })),
      });
    }
    const definition = claimByCaseType(lead.case_type);
    const consentProof = await consentProofOf(db, lead.id, certificate, definition);
    const answers = JSON.parse(lead.form_data) as Record<string, unknown>;
    const attribution = lead.attribution ? attributionSchema.safeParse(JSON.parse(lead.attribution)) : null;
    return {
      id: lead.id,
      createdAt: lead.created_at,
      caseType: lead.case_type,
      claimName: definition?.copy.formTitle ?? lead.case_type,
      outcome: lead.outcome,
      eligibilityReason: lead.eligibility_reason,
      spam: lead.is_spam === 1,
      revokedAt: lead.revoked_at,
      duplicateOf: lead.duplicate_of,
      lowQuality: lowQualityText(lead.low_quality),
      masked,
      phoneE164: masked ? maskPhone(lead.phone_e164) : lead.phone_e164,
      contact: masked
        ? { firstName: maskName(lead.fn, null), lastName: maskName(null, lead.ln), email: maskEmail(lead.em), phone: maskPhone(lead.ph), state: lead.st }
        : { firstName: lead.fn, lastName: lead.ln, email: lead.em, phone: lead.ph, state: lead.st },
      answers: (definition ? answeredQuestions(definition, answers) : []).map((a) =>
        masked && CONTACT_ANSWERS.has(a.name) && a.answer ? { ...a, answer: "(masked)" } : a,
      ),
      consent: {
        given: lead.tcpa === 1,
        text: certificate?.consent_text ?? null,
        at: certificate?.created_at ?? null,
        certificateId: lead.certificate_id,
        certificateUrl: lead.certificate_id ? certificateUrl(siteUrl, lead.certificate_id) : null,
        pageUrl: certificate?.page_url ?? null,
      },
      consentProof,
      request: {
        ip: masked ? maskIp(lead.user_ip) : lead.user_ip,
        userAgent: lead.user_agent,
        source: lead.source,
        // The supplier that sent it, and what it cost (docs/decisions/046); null for our own forms.
        supplier: supplier ? { name: supplier.name, payoutCents: lead.supplier_payout_cents === null ? 0 : Number(lead.supplier_payout_cents) } : null,
      },
      attribution: attribution?.success ? attribution.data : null,
      routing: routings.map(({ createdAt, decision }) => ({
        at: createdAt,
        auction: decision.auctionId ? (auctions.get(decision.auctionId) ?? null) : null,
        cascade: decision.alreadyTried.length > 0,
        ...(decision.byOperator ? { byOperator: true as const } : {}),
        considered: decision.considered.map((c) => ({
          buyer: c.buyerName,
          verdict: decision.tried.some((t) => t.buyerId === c.buyerId) ? "sent" : c.verdict === "skipped" ? c.reason : "not needed",
        })),
        sentTo: decision.tried.map((t) => t.buyerName),
        acceptedBy: decision.accepted.map((id) => buyerName.get(id) ?? id),
        unsold: decision.unsold,
      })),
      /** The lead's money: its ledger entries, oldest first, and their sum (docs/decisions/038). */
      money: {
        entries: ledger.map((entry) => ({
          at: entry.created_at,
          kind: entry.kind,
          buyer: buyerName.get(entry.buyer_id) ?? entry.buyer_id,
          amountCents: Number(entry.amount_cents),
          priceSource: entry.price_source,
          returned: entry.return_id !== null,
          note: entry.note,
        })),
        netCents: ledger.reduce((sum, entry) => sum + Number(entry.amount_cents), 0),
      },
      deliveries: deliveries.map((d) => ({
        id: d.id,
        target: d.target === "buyer" ? `buyer ${buyerName.get(d.buyer_id ?? "") ?? d.buyer_id}` : d.target,
        status: d.status,
        attempts: Number(d.attempts),
        nextAttemptAt: d.status === "pending" ? d.next_attempt_at : null,
        deliveredAt: d.delivered_at,
        /** A buyer delivery's deadline, when the lead moved on at it, and a yes that came too late. */
        deadlineAt: d.deadline_at,
        expiredAt: d.expired_at,
        lateAcceptedAt: d.late_accepted_at,
        lastError: d.last_error,
        resendable: lead.is_spam === 0 && lead.revoked_at === null && RESENDABLE.includes(d.status) && !notResent(d.target),
        log: attempts
          .filter((a) => a.delivery_id === d.id)
          .map((a) => ({
            at: a.attempted_at,
            status: a.status_code,
            durationMs: Number(a.duration_ms),
            error: a.error,
            responseBody: a.response_body,
          })),
      })),
      /** The buyers an operator may re-route the lead to by hand; none for spam and revoked leads. */
      rerouteBuyers: lead.is_spam || lead.revoked_at ? [] : await rerouteChoices(db, lead.case_type),
      actions: actions.map((a) => ({ at: a.at, operator: a.operator_email ?? "unknown", action: a.action, detail: JSON.parse(a.detail) as Record<string, unknown> })),
      /** Buyers' checks of the certificate through the match API. */
      certificateChecks: lead.certificate_id ? await certificateChecksOf(db, lead.certificate_id) : [],
      /** Checks before a sale (docs/decisions/048): each result, and why the lead is held if it is. */
      saleChecks: (await leadChecksOf(db, lead.id)).map((row) => ({
        name: row.check_name,
        outcome: row.outcome,
        detail: row.detail,
        answer: row.answer_excerpt,
        durationMs: row.duration_ms,
        priceCents: row.price_cents,
        cached: row.cached === 1,
        policy: row.policy_applied,
        at: row.checked_at,
      })),
      heldReason: lead.buyer_status === "held" ? lead.held_reason : null,
      buyerStatus: lead.buyer_status,
      phoneFacts: phoneFactsOf(lead.phone_e164, lead.st),
      timeZone,
    };
  }

  function record(trx: Kysely<Database>, actor: Actor, action: string, leadId: string | null, detail: Record<string, unknown>) {
    return recordAudit(trx, actor, { action, target: leadId ? { type: "lead", id: leadId } : null, detail }, now());
  }

  /** The unmasked contact details of one lead for a viewer who asked to see them; recorded. */
  async function reveal(leadId: string, actor: Actor) {
    const lead = await db.selectFrom("leads").select(["id", "fn", "ln", "em", "ph", "phone_e164", "user_ip"]).where("id", "=", leadId).executeTakeFirst();
    if (!lead) return null;
    await record(db, actor, "reveal-lead-contact", leadId, {});
    return { name: [lead.fn, lead.ln].filter(Boolean).join(" "), email: lead.em, phone: lead.ph, phoneE164: lead.phone_e164, ip: lead.user_ip };
  }

  /** Opening a lead's page with its contact details shown is a view of personal data: recorded. */
  const recordContactView = (leadId: string, actor: Actor) => record(db, actor, "view-lead-contact", leadId, {});

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

  /** The filtered leads as a CSV stream; the export (who, when, which filter) is recorded before it starts and, with its row count, when it ends. */
  /** The filtered leads as CSV (gzipped when `gzip`), recorded when it starts; `finish` records its end. */
  async function exportCsv(params: URLSearchParams, actor: Actor, { gzip = false }: { gzip?: boolean } = {}) {
    const parsed = parseLeadFilter(params, choices);
    if (!parsed.ok) return { ok: false as const, message: Object.values(parsed.errors).join(" ") };
    const filter = filterSearchParams(parsed.filter).toString();
    await record(db, actor, "export-csv", null, { filter, stage: "started" });
    const startedAt = now();
    const day = new Intl.DateTimeFormat("sv-SE", { timeZone }).format(startedAt);
    let rows = 0;
    const buyerNames = Object.fromEntries((await db.selectFrom("buyers").select(["id", "name"]).execute()).map((b) => [b.id, b.name]));
    const csv = leadsCsv(db, database, parsed.filter, { timeZone, targets: choices.targets, buyerNames, gzip, startedAt, readers: exportReaders, onRows: (n) => (rows += n) });
    /** The end of the download (complete, or cut short), with the rows read: the stream's count is known only now. */
    const finish = (complete: boolean) => record(db, actor, "export-csv", null, { filter, stage: complete ? "finished" : "aborted", rows });
    return { ok: true as const, filename: `leads-${day}.csv`, csv, finish };
  }

  /** An operator's release of a lead its checks held: routed now, and recorded. */
  async function releaseHeld(leadId: string, actor: Actor): Promise<{ ok: true } | { ok: false; message: string }> {
    const lead = await db.selectFrom("leads").select(["held_reason"]).where("id", "=", leadId).executeTakeFirst();
    if (!(await releaseHeldLead(db, leadId, now()))) return { ok: false, message: "This lead is not held." };
    await record(db, actor, "release-held-lead", leadId, { heldReason: lead?.held_reason ?? null });
    return { ok: true };
  }

  return { choices, list, detail, reveal, recordContactView, resendDelivery, resendFiltered, markSpam, reroute, releaseHeld, exportCsv };
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
