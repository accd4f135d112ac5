import { randomUUID } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { sql, type Kysely } from "kysely";
import { lockForTransaction, writeTransaction, type Db } from "../db/database";
import type { Database, ReturnChannel, ReturnReason } from "../db/schema";
import { recordAudit, type Actor } from "../audit/audit-log";
import { buyerById, listBuyers, routableLeadOf, routeLead, routingModeOf, type RoutingOptions } from "../distribution";
import { buyerDayKey } from "../ledger";
import { recordCredit, saleBalance, type LedgerActor } from "../ledger";

export const RETURN_REASONS = ["wrong-number", "duplicate", "not-interested", "already-represented", "other"] as const satisfies readonly ReturnReason[];
export const MAX_REASON_TEXT = 500;
const DAY_MS = 86_400_000;

/** Who asks for or decides a return: the audit log's actor and the tag the rows and the ledger keep. */
export interface ReturnActor {
  audit: Actor;
  /** 'operator:<id>', 'buyer-user:<id>', 'buyer-api:<buyerId>'. */
  tag: string;
}

export type ReturnRequestResult =
  | { ok: true; returnId: string; status: "approved" | "pending"; creditId: string | null; resold: boolean }
  | { ok: false; status: 400 | 404 | 409; message: string };

export type ReturnDecisionResult =
  | { ok: true; decision: "approved" | "rejected"; creditId: string | null; resold: boolean }
  | { ok: false; status: 404 | 409; message: string };

/** The same answer for a lead the buyer never bought and one that does not exist. */
export const NO_SUCH_PURCHASE = "There is no such lead among your purchases.";

export function isReturnReason(value: unknown): value is ReturnReason {
  return typeof value === "string" && (RETURN_REASONS as readonly string[]).includes(value);
}

/** A month in the zone as the instants it spans: [start, end) in ISO-8601 UTC. `period` is 'YYYY-MM'. */
export function monthBounds(period: string, timeZone: string): { start: string; end: string } {
  const [y, m] = period.split("-").map(Number) as [number, number];
  return {
    start: new Date(new TZDate(y, m - 1, 1, timeZone).getTime()).toISOString(),
    end: new Date(new TZDate(y, m, 1, timeZone).getTime()).toISOString(),
  };
}

/** The month ('YYYY-MM') `at` falls in, in the zone. */
export const monthOf = (at: Date, timeZone: string) => buyerDayKey(at, timeZone).slice(0, 7);

/** Checks a reason code and its text; 'other' needs a text. */
export function checkReason(reason: unknown, text: unknown): { ok: true; reason: ReturnReason; text: string | null } | { ok: false; message: string } {
  if (!isReturnReason(reason)) return { ok: false, message: `Choose a reason: ${RETURN_REASONS.join(", ")}.` };
  if (text !== undefined && text !== null && typeof text !== "string") return { ok: false, message: "The reason's text must be a string." };
  const trimmed = typeof text === "string" ? text.trim() : "";
  if (trimmed.length > MAX_REASON_TEXT) return { ok: false, message: `Keep the reason's text under ${MAX_REASON_TEXT} characters.` };
  if (reason === "other" && !trimmed) return { ok: false, message: "Say why you return the lead: 'other' needs a text." };
  return { ok: true, reason, text: trimmed || null };
}

export type LeadReturns = ReturnType<typeof createLeadReturns>;

/**
 * Returns of leads (docs/decisions/041). A buyer returns a lead it bought within its return window,
 * with a reason code, through the portal, the API or the operator. Within the buyer's cap (a share of
 * its sales in the month of the request, in its time zone) a return is approved at once; over it, it
 * waits for an operator. An approval writes a credit to the ledger for what is left of the sale and,
 * when the buyer's terms say so, routes the lead again to buyers it was never offered. Requests and
 * decisions are rows that are never changed, each in the audit log.
 */
export function createLeadReturns({ db, timeZone = "UTC", now = () => new Date() }: { db: Db; timeZone?: string; now?: () => Date }) {
  /** Approves inside the caller's transaction: the decision row, the credit, the audit entry; then maybe the re-sale. */
  async function approve(trx: Kysely<Database>, ret: { id: string; sale_id: string; lead_id: string; buyer_id: string }, actor: ReturnActor, automatic: boolean, note: string | null, at: Date) {
    const { left } = await saleBalance(trx, ret.sale_id);
    const ledgerActor: LedgerActor = actor.tag.startsWith("operator:") ? (actor.tag as LedgerActor) : "system";
    const creditId = left > 0 ? await recordCredit(trx, { saleId: ret.sale_id, amountCents: left, returnId: ret.id, actor: ledgerActor, note: `return ${ret.id}`, at }) : null;
    await trx
      .insertInto("return_decisions")
      .values({ id: randomUUID(), return_id: ret.id, created_at: at.toISOString(), decision: "approved", automatic: automatic ? 1 : 0, actor: actor.tag, note, credit_id: creditId })
      .execute();
    await recordAudit(
      trx,
      automatic ? { operatorId: null, email: "system", ip: null } : actor.audit,
      { action: "approve-return", target: { type: "lead", id: ret.lead_id }, detail: { return: ret.id, buyer: ret.buyer_id, automatic, creditCents: left, credit: creditId, note } },
      at,
    );
    const terms = await trx.selectFrom("buyers").select("resell_returns").where("id", "=", ret.buyer_id).executeTakeFirst();
    const resold = terms?.resell_returns === 1 ? await resell(trx, ret.lead_id, at) : false;
    return { creditId, resold };
  }

  /**
   * Routes a returned lead again, by the rules, one buyer: routing skips every buyer the lead was
   * offered before, the one that returned it among them; spam and revoked leads are never sold again.
   */
  async function resell(trx: Kysely<Database>, leadId: string, at: Date): Promise<boolean> {
    const lead = await trx.selectFrom("leads").selectAll().where("id", "=", leadId).executeTakeFirst();
    if (!lead || lead.is_spam || lead.revoked_at) return false;
    const options: RoutingOptions = (await routingModeOf(trx, lead.case_type)).mode === "shared" ? { now: at, mode: "shared", maxBuyers: 1 } : { now: at };
    const routed = await routeLead(trx, routableLeadOf(lead), await listBuyers(trx), options);
    return routed.decision.tried.length > 0;
  }

  return {
    reasons: RETURN_REASONS,
    /** The operator's zone (OPERATOR_TIME_ZONE), for showing times. */
    timeZone,

    /** A return of the buyer's sale of the lead; the buyer comes from the session or the API key, never the request. */
    async request(input: { buyerId: string; leadId: string; reason: unknown; text?: unknown; channel: ReturnChannel; actor: ReturnActor }): Promise<ReturnRequestResult> {
      const checked = checkReason(input.reason, input.text);
      if (!checked.ok) return { ok: false, status: 400, message: checked.message };
      if (typeof input.leadId !== "string" || !input.leadId || input.leadId.length > 100) return { ok: false, status: 404, message: NO_SUCH_PURCHASE };
      const at = now();
      const result = await writeTransaction(db, async (trx): Promise<ReturnRequestResult> => {
        await lockForTransaction(trx, `returns:${input.buyerId}`);
        const sale = await trx
          .selectFrom("ledger_entries")
          .selectAll()
          .where("buyer_id", "=", input.buyerId)
          .where("lead_id", "=", input.leadId)
          .where("kind", "=", "sale")
          .orderBy("created_at", "desc")
          .executeTakeFirst();
        if (!sale) return { ok: false, status: 404, message: NO_SUCH_PURCHASE };
        const previous = await trx
          .selectFrom("lead_returns")
          .leftJoin("return_decisions", "return_decisions.return_id", "lead_returns.id")
          .select(["lead_returns.id", "return_decisions.decision"])
          .where("lead_returns.sale_id", "=", sale.id)
          .executeTakeFirst();
        if (previous) {
          const state = previous.decision === "approved" ? "returned" : previous.decision === "rejected" ? "refused a return of" : "asked to return";
          return { ok: false, status: 409, message: `You already ${state} this lead.` };
        }
        const balance = await saleBalance(trx, sale.id);
        if (balance.cancelled || balance.left <= 0) return { ok: false, status: 409, message: "This sale was already credited or cancelled: there is nothing to return." };
        const buyer = await trx.selectFrom("buyers").select(["return_window_days", "return_cap_percent"]).where("id", "=", input.buyerId).executeTakeFirstOrThrow();
        const closes = Date.parse(sale.created_at) + buyer.return_window_days * DAY_MS;
        if (input.channel !== "operator" && at.getTime() > closes) {
          return { ok: false, status: 409, message: `The return window for this lead closed on ${new Date(closes).toISOString().slice(0, 10)} (${buyer.return_window_days} days after the sale).` };
        }
        const timeZone = (await buyerById(trx, input.buyerId))?.rules.timeZone ?? "UTC";
        const { start, end } = monthBounds(monthOf(at, timeZone), timeZone);
        // The month's returns that count against the cap: every request not refused.
        const returned = await trx
          .selectFrom("lead_returns")
          .leftJoin("return_decisions", "return_decisions.return_id", "lead_returns.id")
          .select(sql<number>`count(*)`.as("n"))
          .where("lead_returns.buyer_id", "=", input.buyerId)
          .where("lead_returns.created_at", ">=", start)
          .where("lead_returns.created_at", "<", end)
          .where((eb) => eb.or([eb("return_decisions.decision", "is", null), eb("return_decisions.decision", "=", "approved")]))
          .executeTakeFirstOrThrow();
        const sold = await trx
          .selectFrom("ledger_entries")
          .select(sql<number>`count(*)`.as("n"))
          .where("buyer_id", "=", input.buyerId)
          .where("kind", "=", "sale")
          .where("created_at", ">=", start)
          .where("created_at", "<", end)
          .executeTakeFirstOrThrow();
        // An operator's return is its own approval; a buyer's is within the cap or waits.
        const overCap = input.channel !== "operator" && (Number(returned.n) + 1) * 100 > buyer.return_cap_percent * Number(sold.n);
        const id = randomUUID();
        await trx
          .insertInto("lead_returns")
          .values({ id, created_at: at.toISOString(), lead_id: input.leadId, buyer_id: input.buyerId, sale_id: sale.id, reason: checked.reason, reason_text: checked.text, channel: input.channel, actor: input.actor.tag, over_cap: overCap ? 1 : 0 })
          .execute();
        await recordAudit(
          trx,
          input.actor.audit,
          { action: "request-return", target: { type: "lead", id: input.leadId }, detail: { return: id, buyer: input.buyerId, sale: sale.id, reason: checked.reason, text: checked.text, channel: input.channel, actor: input.actor.tag, overCap, monthReturns: Number(returned.n) + 1, monthSales: Number(sold.n), capPercent: buyer.return_cap_percent } },
          at,
        );
        if (overCap) return { ok: true, returnId: id, status: "pending", creditId: null, resold: false };
        const approved = await approve(trx, { id, sale_id: sale.id, lead_id: input.leadId, buyer_id: input.buyerId }, input.actor, input.channel !== "operator", null, at);
        return { ok: true, returnId: id, status: "approved", ...approved };
      });
      return result;
    },

    /** An operator approves or rejects a return waiting over the cap; a decided return cannot be decided again. */
    async decide(returnId: string, decision: "approved" | "rejected", actor: ReturnActor, note: string | null = null): Promise<ReturnDecisionResult> {
      const at = now();
      const ret = await db.selectFrom("lead_returns").selectAll().where("id", "=", returnId).executeTakeFirst();
      if (!ret) return { ok: false, status: 404, message: "There is no such return." };
      const trimmed = note?.trim().slice(0, MAX_REASON_TEXT) || null;
      return writeTransaction(db, async (trx): Promise<ReturnDecisionResult> => {
        await lockForTransaction(trx, `returns:${ret.buyer_id}`);
        const decided = await trx.selectFrom("return_decisions").select("decision").where("return_id", "=", returnId).executeTakeFirst();
        if (decided) return { ok: false, status: 409, message: `This return was already ${decided.decision}.` };
        if (decision === "approved") {
          const approved = await approve(trx, ret, actor, false, trimmed, at);
          return { ok: true, decision, ...approved };
        }
        await trx
          .insertInto("return_decisions")
          .values({ id: randomUUID(), return_id: returnId, created_at: at.toISOString(), decision: "rejected", automatic: 0, actor: actor.tag, note: trimmed, credit_id: null })
          .execute();
        await recordAudit(trx, actor.audit, { action: "reject-return", target: { type: "lead", id: ret.lead_id }, detail: { return: returnId, buyer: ret.buyer_id, note: trimmed } }, at);
        return { ok: true, decision, creditId: null, resold: false };
      });
    },

    /** Returns waiting for the operator, oldest first, and the latest decided ones. */
    async queue({ decidedLimit = 50 }: { decidedLimit?: number } = {}) {
      const base = () =>
        db
          .selectFrom("lead_returns")
          .innerJoin("buyers", "buyers.id", "lead_returns.buyer_id")
          .innerJoin("ledger_entries as sale", "sale.id", "lead_returns.sale_id")
          .leftJoin("return_decisions", "return_decisions.return_id", "lead_returns.id")
          .select([
            "lead_returns.id",
            "lead_returns.created_at",
            "lead_returns.lead_id",
            "lead_returns.buyer_id",
            "buyers.name as buyer_name",
            "lead_returns.reason",
            "lead_returns.reason_text",
            "lead_returns.channel",
            "lead_returns.over_cap",
            "sale.amount_cents",
            "sale.created_at as sold_at",
            "return_decisions.decision",
            "return_decisions.created_at as decided_at",
            "return_decisions.automatic",
          ]);
      const pending = await base().where("return_decisions.id", "is", null).orderBy("lead_returns.created_at").execute();
      const decided = await base().where("return_decisions.id", "is not", null).orderBy("return_decisions.created_at", "desc").limit(decidedLimit).execute();
      const view = (row: (typeof pending)[number]) => ({
        id: row.id,
        createdAt: row.created_at,
        leadId: row.lead_id,
        buyerId: row.buyer_id,
        buyerName: row.buyer_name,
        reason: row.reason,
        text: row.reason_text,
        channel: row.channel,
        overCap: row.over_cap === 1,
        amountCents: Number(row.amount_cents),
        soldAt: row.sold_at,
        decision: row.decision,
        decidedAt: row.decided_at,
        automatic: row.automatic === 1,
      });
      return { pending: pending.map(view), decided: decided.map(view) };
    },

    /** The lead's sales with where their return stands, for the operator's lead page. */
    async salesOfLead(leadId: string) {
      const rows = await db
        .selectFrom("ledger_entries as sale")
        .innerJoin("buyers", "buyers.id", "sale.buyer_id")
        .leftJoin("lead_returns", "lead_returns.sale_id", "sale.id")
        .leftJoin("return_decisions", "return_decisions.return_id", "lead_returns.id")
        .select(["sale.id", "sale.buyer_id", "buyers.name as buyer_name", "sale.created_at", "sale.amount_cents", "lead_returns.id as return_id", "lead_returns.reason", "return_decisions.decision"])
        .where("sale.lead_id", "=", leadId)
        .where("sale.kind", "=", "sale")
        .orderBy("sale.created_at")
        .execute();
      return rows.map((row) => ({
        saleId: row.id,
        buyerId: row.buyer_id,
        buyerName: row.buyer_name,
        soldAt: row.created_at,
        amountCents: Number(row.amount_cents),
        returnId: row.return_id,
        reason: row.reason,
        returnState: !row.return_id ? ("none" as const) : (row.decision ?? ("requested" as const)),
      }));
    },

    /** A buyer's return terms, as its admin page edits them. */
    async terms(buyerId: string) {
      const row = await db.selectFrom("buyers").select(["return_window_days", "return_cap_percent", "resell_returns"]).where("id", "=", buyerId).executeTakeFirst();
      return row ? { windowDays: row.return_window_days, capPercent: row.return_cap_percent, resell: row.resell_returns === 1 } : null;
    },

    /** Saves a buyer's return terms: a window of 0 to 365 days, a cap of 0 to 100 %, whether approved returns are sold again. */
    async saveTerms(actor: Actor, buyerId: string, input: { windowDays: unknown; capPercent: unknown; resell: unknown }): Promise<{ ok: true } | { ok: false; errors: Record<string, string> }> {
      const errors: Record<string, string> = {};
      const whole = (value: unknown, min: number, max: number) => {
        const n = typeof value === "number" ? value : typeof value === "string" && /^\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
        return Number.isInteger(n) && n >= min && n <= max ? n : null;
      };
      const windowDays = whole(input.windowDays, 0, 365);
      const capPercent = whole(input.capPercent, 0, 100);
      if (windowDays === null) errors.windowDays = "Enter a return window of 0 to 365 days.";
      if (capPercent === null) errors.capPercent = "Enter a return cap of 0 to 100 percent.";
      if (windowDays === null || capPercent === null) return { ok: false, errors };
      const resell = input.resell === true || input.resell === "on" || input.resell === "yes";
      return writeTransaction(db, async (trx) => {
        const before = await trx.selectFrom("buyers").select(["return_window_days", "return_cap_percent", "resell_returns"]).where("id", "=", buyerId).executeTakeFirst();
        if (!before) return { ok: false as const, errors: { _form: "There is no such buyer." } };
        await trx.updateTable("buyers").set({ return_window_days: windowDays, return_cap_percent: capPercent, resell_returns: resell ? 1 : 0, updated_at: now().toISOString() }).where("id", "=", buyerId).execute();
        await recordAudit(
          trx,
          actor,
          {
            action: "save-return-terms",
            target: { type: "buyer", id: buyerId },
            detail: {
              windowDays: { from: before.return_window_days, to: windowDays },
              capPercent: { from: before.return_cap_percent, to: capPercent },
              resell: { from: before.resell_returns === 1, to: resell },
            },
          },
          now(),
        );
        return { ok: true as const };
      });
    },
  };
}

