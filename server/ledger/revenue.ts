import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { buyerDayKey } from "./buyer-day";

/** Money of a group of ledger entries, in cents. */
export interface MoneyTotals {
  /** Sale rows. */
  sales: number;
  /** What the sales were sold for. */
  salesCents: number;
  /** Credits from returns (negative or 0). */
  returnsCents: number;
  /** Credits that were no return, and cancellations (negative or 0). */
  otherCreditsCents: number;
  /** Credits from returns, counted. */
  returns: number;
  /** The sum of the ledger: what is billed. */
  netCents: number;
}

export function emptyTotals(): MoneyTotals {
  return { sales: 0, salesCents: 0, returnsCents: 0, otherCreditsCents: 0, returns: 0, netCents: 0 };
}

export function addEntry(totals: MoneyTotals, entry: { kind: string; amount_cents: number; return_id: string | null }): void {
  const cents = Number(entry.amount_cents);
  totals.netCents += cents;
  if (entry.kind === "sale") {
    totals.sales++;
    totals.salesCents += cents;
  } else if (entry.return_id !== null) {
    totals.returns++;
    totals.returnsCents += cents;
  } else totals.otherCreditsCents += cents;
}

export interface LedgerTotals {
  total: MoneyTotals;
  byBuyer: Map<string, MoneyTotals>;
  byClaim: Map<string, MoneyTotals>;
  /** Days (YYYY-MM-DD) in the given time zone, as the entries were written. */
  byDay: Map<string, MoneyTotals>;
}

/**
 * The ledger's sums for entries written in [from, to) (ISO times, either open), by buyer, claim and
 * day in `timeZone`. A credit is counted when it was written, not on its sale's day: the ledger is
 * never rewritten, so a past day's figures stay what they were.
 */
export async function ledgerTotals(
  db: Kysely<Database>,
  { from, to, timeZone, buyerId, caseType }: { from?: string; to?: string; timeZone: string; buyerId?: string; caseType?: string },
): Promise<LedgerTotals> {
  let query = db.selectFrom("ledger_entries").select(["created_at", "kind", "amount_cents", "return_id", "buyer_id", "case_type"]);
  if (from) query = query.where("created_at", ">=", from);
  if (to) query = query.where("created_at", "<", to);
  if (buyerId) query = query.where("buyer_id", "=", buyerId);
  if (caseType) query = query.where("case_type", "=", caseType);
  const rows = await query.execute();
  const result: LedgerTotals = { total: emptyTotals(), byBuyer: new Map(), byClaim: new Map(), byDay: new Map() };
  const into = (map: Map<string, MoneyTotals>, key: string) => {
    let totals = map.get(key);
    if (!totals) map.set(key, (totals = emptyTotals()));
    return totals;
  };
  for (const row of rows) {
    addEntry(result.total, row);
    addEntry(into(result.byBuyer, row.buyer_id), row);
    addEntry(into(result.byClaim, row.case_type), row);
    addEntry(into(result.byDay, buyerDayKey(new Date(row.created_at), timeZone)), row);
  }
  return result;
}

/** A lead's money as the lead list and the export show it. */
export interface LeadMoney {
  /** The sum of the lead's entries. */
  netCents: number;
  /** Buyers it was sold to, in the order of the sales. */
  buyerIds: string[];
  /** Each sale's price, in the same order. */
  saleCents: number[];
  /** 'returned' when a return credited every sale, 'partly returned' when some, null when none. */
  returnStatus: "returned" | "partly returned" | null;
}

/** The money of each of `leadIds` that has ledger entries (read by the lead index). */
export async function moneyOfLeads(db: Kysely<Database>, leadIds: readonly string[]): Promise<Map<string, LeadMoney>> {
  const result = new Map<string, LeadMoney>();
  if (!leadIds.length) return result;
  const rows = await db
    .selectFrom("ledger_entries")
    .select(["id", "lead_id", "kind", "buyer_id", "amount_cents", "sale_id", "return_id"])
    .where("lead_id", "in", leadIds)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return leadMoneyOf(rows);
}

/** Folds ledger rows (ordered by time) into each lead's money. */
export function leadMoneyOf(
  rows: readonly { id: string; lead_id: string; kind: string; buyer_id: string; amount_cents: number; sale_id: string | null; return_id: string | null }[],
): Map<string, LeadMoney> {
  const result = new Map<string, LeadMoney>();
  const returnedSales = new Set(rows.filter((row) => row.return_id !== null && row.sale_id !== null).map((row) => row.sale_id!));
  const salesOf = new Map<string, string[]>();
  for (const row of rows) {
    let money = result.get(row.lead_id);
    if (!money) result.set(row.lead_id, (money = { netCents: 0, buyerIds: [], saleCents: [], returnStatus: null }));
    money.netCents += Number(row.amount_cents);
    if (row.kind === "sale") {
      money.buyerIds.push(row.buyer_id);
      money.saleCents.push(Number(row.amount_cents));
      salesOf.set(row.lead_id, [...(salesOf.get(row.lead_id) ?? []), row.id]);
    }
  }
  for (const [leadId, sales] of salesOf) {
    const returned = sales.filter((id) => returnedSales.has(id)).length;
    result.get(leadId)!.returnStatus = returned === 0 ? null : returned === sales.length ? "returned" : "partly returned";
  }
  return result;
}

/** One group of ledger sums: a slice of time (see ledgerSumsBySlice), buyer, claim, the lead's supplier and kind of entry. */
export interface LedgerDaySum {
  day: string;
  buyerId: string;
  caseType: string;
  /** The lead's source, as its entries hold it (lead_source; server/suppliers/lead-source.ts): its supplier's id, or our own forms' key. */
  supplierId: string;
  kind: string;
  returned: boolean;
  entries: number;
  cents: number;
}

/**
 * The ledger's sums since `from` (an instant), grouped by buyer, claim, the lead's supplier, kind and slice of created_at:
 * its first `sliceLength` characters ('2026-03-09T04' for an hour), which the dashboard adds to the
 * operator's day each slice lies in, as it counts leads (docs/decisions/042).
 */
export async function ledgerSumsBySlice(db: Kysely<Database>, from: string, sliceLength: number): Promise<LedgerDaySum[]> {
  const slice = sql<string>`substr(ledger_entries.created_at, 1, ${sql.lit(sliceLength)})`;
  const returned = sql<number>`case when ledger_entries.return_id is null then 0 else 1 end`;
  const rows = await db
    .selectFrom("ledger_entries")
    // The lead's source is on the entry (migration 33): no look-up in leads for each of them (docs/decisions/046).
    .select([
      slice.as("day"),
      "ledger_entries.buyer_id",
      "ledger_entries.case_type",
      "ledger_entries.lead_source as supplier_id",
      "ledger_entries.kind",
      returned.as("returned"),
      (eb) => eb.fn.countAll<number | string>().as("entries"),
      (eb) => eb.fn.sum<number | string>("ledger_entries.amount_cents").as("cents"),
    ])
    .where("ledger_entries.created_at", ">=", from)
    .groupBy([slice, "ledger_entries.buyer_id", "ledger_entries.case_type", "ledger_entries.lead_source", "ledger_entries.kind", returned])
    .execute();
  return rows.map((row) => ({
    day: row.day,
    buyerId: row.buyer_id,
    caseType: row.case_type,
    supplierId: row.supplier_id,
    kind: row.kind,
    returned: Number(row.returned) === 1,
    entries: Number(row.entries),
    cents: Number(row.cents),
  }));
}

/** Adds a group of sums to totals, as addEntry adds one entry. */
export function addSums(totals: MoneyTotals, sums: Pick<LedgerDaySum, "kind" | "returned" | "entries" | "cents">): void {
  totals.netCents += sums.cents;
  if (sums.kind === "sale") {
    totals.sales += sums.entries;
    totals.salesCents += sums.cents;
  } else if (sums.returned) {
    totals.returns += sums.entries;
    totals.returnsCents += sums.cents;
  } else totals.otherCreditsCents += sums.cents;
}
