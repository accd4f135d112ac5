import { sql, type Kysely } from "kysely";
import type { Locale } from "#claims/engine/locale";
import { writeTransaction } from "../db/database";
import type { Database } from "../db/schema";
import { recordAudit } from "../audit/audit-log";
import { certificateUrl } from "../certificates/certificate-id";
import { csvRow } from "../lead-console/csv-row";
import { phoneDigits, searchKey } from "../db/search-keys";
import { issueBuyerApiKey, buyerById, capPeriods, priceCentsOf } from "../distribution";
import type { BuyerUserSession } from "./buyer-auth";
import { boughtLeads } from "./bought-leads";

export const PORTAL_PAGE_SIZE = 50;
/** The most rows one CSV export writes: a buyer's own purchases, well above a year of them. */
export const PORTAL_EXPORT_LIMIT = 50_000;
const MAX_QUERY_LENGTH = 100;
/** `language` last, so that a buyer's import that reads the columns by position keeps working (docs/decisions/058). */
const EXPORT_HEADER = ["lead_id", "bought_at", "claim", "first_name", "last_name", "email", "phone", "state", "price_usd", "return_status", "language"];

/** Where a lead's return stands for the buyer. */
export type ReturnState = "none" | "requested" | "approved" | "rejected";

export interface BoughtLeadRow {
  saleId: string;
  leadId: string;
  soldAt: string;
  caseType: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  state: string | null;
  /** The language of the form the lead came from, 'en' or 'es' (docs/decisions/058). */
  language: string;
  amountCents: number | null;
  returnState: ReturnState;
}

export interface BoughtLeadDetail extends BoughtLeadRow {
  createdAt: string;
  certificateUrl: string | null;
  /** The return's reason and decision, if the buyer asked for one. */
  returnRequest: { id: string; reason: string; text: string | null; createdAt: string; decidedAt: string | null } | null;
  /** The return window's end, and whether it is still open now. */
  returnOpenUntil: string;
  returnOpen: boolean;
  /** The buyer's zone, for showing times. */
  timeZone: string;
}

export type BuyerPortal = ReturnType<typeof createBuyerPortal>;

/**
 * What a logged-in buyer user sees and changes of its own buyer (docs/decisions/040). Every method
 * takes the buyer's id from the session, never from the request, and every read of a lead goes
 * through the buyer's own sales (./bought-leads.ts): another buyer's lead and a lead that does not
 * exist are the same "not found".
 */
export function createBuyerPortal({ db, siteUrl, now = () => new Date() }: { db: Kysely<Database>; siteUrl: string; now?: () => Date }) {
  function rows(buyerId: string, query: string, language: Locale | null = null) {
    let q = db
      .selectFrom(boughtLeads(db, buyerId).as("sale"))
      .innerJoin("leads", "leads.id", "sale.lead_id")
      .leftJoin("lead_returns", "lead_returns.sale_id", "sale.sale_id")
      .leftJoin("return_decisions", "return_decisions.return_id", "lead_returns.id")
      .select([
        "sale.sale_id",
        "sale.lead_id",
        "sale.sold_at",
        "sale.amount_cents",
        "leads.created_at",
        "leads.case_type",
        "leads.fn",
        "leads.ln",
        "leads.em",
        "leads.ph",
        "leads.st",
        "leads.certificate_id",
        "leads.language",
        "lead_returns.id as return_id",
        "lead_returns.reason",
        "lead_returns.reason_text",
        "lead_returns.created_at as return_created_at",
        "return_decisions.decision",
        "return_decisions.created_at as decided_at",
      ]);
    if (language) q = q.where("leads.language", "=", language);
    const text = query.trim().slice(0, MAX_QUERY_LENGTH);
    if (text) {
      const key = searchKey(text);
      const digits = /\d{4,}/.test(text) ? phoneDigits(text) : null;
      q = q.where((eb) =>
        eb.or([
          eb("leads.id", "=", text),
          ...(key ? [eb("leads.fn_search", "like", `${key}%`), eb("leads.ln_search", "like", `${key}%`), eb("leads.em_search", "like", `${key}%`)] : []),
          ...(digits ? [eb("leads.phone_digits", "like", `%${digits}`)] : []),
        ]),
      );
    }
    return q;
  }

  type Row = Awaited<ReturnType<ReturnType<typeof rows>["execute"]>>[number];
  const returnStateOf = (row: Row): ReturnState => (!row.return_id ? "none" : (row.decision ?? "requested"));
  const rowOf = (row: Row): BoughtLeadRow => ({
    saleId: row.sale_id,
    leadId: row.lead_id,
    soldAt: row.sold_at,
    caseType: row.case_type,
    firstName: row.fn,
    lastName: row.ln,
    email: row.em,
    phone: row.ph,
    state: row.st,
    language: row.language,
    amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
    returnState: returnStateOf(row),
  });

  async function windowDays(buyerId: string): Promise<number> {
    const row = await db.selectFrom("buyers").select("return_window_days").where("id", "=", buyerId).executeTakeFirst();
    return row?.return_window_days ?? 7;
  }

  return {
    /** One page of the buyer's leads, newest sale first, matching `query` (a name, e-mail, phone or lead id) and `language` when given. */
    async leads(buyerId: string, { query = "", page = 1, language = null }: { query?: string; page?: number; language?: Locale | null } = {}) {
      const offset = (Math.max(1, Math.floor(page)) - 1) * PORTAL_PAGE_SIZE;
      const found = await rows(buyerId, query, language)
        .orderBy("sale.sold_at", "desc")
        .orderBy("sale.sale_id", "desc")
        .limit(PORTAL_PAGE_SIZE + 1)
        .offset(offset)
        .execute();
      const total = await db
        .selectFrom(rows(buyerId, query, language).as("matching"))
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow();
      return { rows: found.slice(0, PORTAL_PAGE_SIZE).map(rowOf), hasMore: found.length > PORTAL_PAGE_SIZE, total: Number(total.n) };
    },

    /** The buyer's latest sale of the lead; null when it bought none (whether or not the lead exists). */
    async lead(buyerId: string, leadId: string): Promise<BoughtLeadDetail | null> {
      const row = await rows(buyerId, "").where("sale.lead_id", "=", leadId).orderBy("sale.sold_at", "desc").executeTakeFirst();
      if (!row) return null;
      const until = new Date(Date.parse(row.sold_at) + (await windowDays(buyerId)) * 86_400_000);
      return {
        ...rowOf(row),
        createdAt: row.created_at,
        certificateUrl: row.certificate_id ? certificateUrl(siteUrl, row.certificate_id) : null,
        returnRequest: row.return_id
          ? { id: row.return_id, reason: row.reason!, text: row.reason_text, createdAt: row.return_created_at!, decidedAt: row.decided_at }
          : null,
        returnOpenUntil: until.toISOString(),
        returnOpen: !row.return_id && until.getTime() > now().getTime(),
        timeZone: (await buyerById(db, buyerId))?.rules.timeZone ?? "UTC",
      };
    },

    /** Every lead matching `query` and `language` as CSV, newest first, up to PORTAL_EXPORT_LIMIT, every text cell quoted and formula-safe; recorded in the audit log. */
    async exportCsv(session: BuyerUserSession, query = "", language: Locale | null = null): Promise<string> {
      const found = await rows(session.user.buyerId, query, language).orderBy("sale.sold_at", "desc").orderBy("sale.sale_id", "desc").limit(PORTAL_EXPORT_LIMIT).execute();
      await recordAudit(db, session.actor, { action: "buyer-export-csv", target: { type: "buyer", id: session.user.buyerId }, detail: { buyerUser: session.user.id, rows: found.length, query, ...(language ? { language } : {}) } }, now());
      const lines = found.map(rowOf).map((row) =>
        csvRow([row.leadId, row.soldAt, row.caseType, row.firstName, row.lastName, row.email, row.phone, row.state, row.amountCents === null ? null : (row.amountCents / 100).toFixed(2), row.returnState, row.language]),
      );
      return csvRow(EXPORT_HEADER) + lines.join("");
    },

    /** The buyer's caps, schedule, state, key and return terms, as the portal's account page shows them. */
    async account(buyerId: string) {
      const buyer = await buyerById(db, buyerId);
      if (!buyer) return null;
      const terms = await db.selectFrom("buyers").select(["return_window_days", "return_cap_percent", "resell_returns"]).where("id", "=", buyerId).executeTakeFirstOrThrow();
      const periods = capPeriods(buyer.rules.timeZone, now());
      const counters = await db.selectFrom("buyer_cap_counters").select(["period", "sent"]).where("buyer_id", "=", buyerId).where("period", "in", [periods.day, periods.month]).execute();
      const sent = (period: string) => Number(counters.find((c) => c.period === period)?.sent ?? 0);
      return {
        name: buyer.name,
        active: buyer.active,
        timeZone: buyer.rules.timeZone,
        caps: { perDay: buyer.rules.caps.perDay ?? null, perMonth: buyer.rules.caps.perMonth ?? null },
        usage: { today: sent(periods.day), thisMonth: sent(periods.month) },
        schedule: buyer.rules.schedule,
        priceCents: priceCentsOf(buyer.rules),
        claimTypes: buyer.rules.filters.claimTypes,
        states: buyer.rules.filters.states,
        apiKey: buyer.apiKey,
        returns: { windowDays: terms.return_window_days, capPercent: terms.return_cap_percent, resell: terms.resell_returns === 1 },
      };
    },

    /** The buyer pauses (false) or resumes (true) itself; recorded as the operator's pause is. */
    async setActive(session: BuyerUserSession, active: boolean): Promise<void> {
      const buyerId = session.user.buyerId;
      await writeTransaction(db, async (trx) => {
        const before = await trx.selectFrom("buyers").select("active").where("id", "=", buyerId).executeTakeFirstOrThrow();
        await trx.updateTable("buyers").set({ active: active ? 1 : 0, updated_at: now().toISOString() }).where("id", "=", buyerId).execute();
        await recordAudit(
          trx,
          session.actor,
          { action: active ? "resume-buyer" : "pause-buyer", target: { type: "buyer", id: buyerId }, detail: { by: "buyer portal", buyerUser: session.user.id, from: before.active === 1, to: active } },
          now(),
        );
      });
    },

    /** A new API key for the session's buyer, replacing the old one at once; the only time it is shown. */
    async rotateApiKey(session: BuyerUserSession): Promise<string | null> {
      const buyerId = session.user.buyerId;
      const key = await issueBuyerApiKey(db, buyerId, now());
      if (key) await recordAudit(db, session.actor, { action: "issue-buyer-api-key", target: { type: "buyer", id: buyerId }, detail: { by: "buyer portal", buyerUser: session.user.id } }, now());
      return key;
    },
  };
}
