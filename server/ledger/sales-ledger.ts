import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, LedgerEntriesTable, PriceSource } from "../db/schema";

export type LedgerEntry = Selectable<LedgerEntriesTable>;

/** Who wrote an entry: 'system', 'operator:<id>', 'buyer-user:<id>'. */
export type LedgerActor = "system" | `operator:${string}` | `buyer-user:${string}`;

export interface SaleInput {
  leadId: string;
  buyerId: string;
  /** The delivery the buyer accepted; one delivery makes at most one sale. */
  deliveryId: string;
  caseType: string;
  leadState: string | null;
  /** The lead's source key (leadSourceOf in server/suppliers/lead-source.ts), for the money per source. */
  leadSource: string;
  /** The price at this moment, in cents (0 for a free lead). */
  amountCents: number;
  priceSource: PriceSource;
  at: Date;
  actor?: LedgerActor;
  note?: string | null;
}

export class LedgerError extends Error {}

/**
 * Writes a sale, in the transaction that records the buyer's acceptance. The database refuses a
 * second sale of the same delivery, or of the same lead to the same buyer; the sale limit across
 * buyers is the caller's (server/distribution/routing/sale-limit.ts), under the routing lock.
 */
export async function recordSale(trx: Kysely<Database>, sale: SaleInput): Promise<string> {
  if (!Number.isSafeInteger(sale.amountCents) || sale.amountCents < 0) throw new LedgerError(`a sale's price must be whole cents, not ${sale.amountCents}`);
  const id = randomUUID();
  await trx
    .insertInto("ledger_entries")
    .values({
      id,
      created_at: sale.at.toISOString(),
      kind: "sale",
      lead_id: sale.leadId,
      buyer_id: sale.buyerId,
      case_type: sale.caseType,
      lead_state: sale.leadState,
      lead_source: sale.leadSource,
      amount_cents: sale.amountCents,
      price_source: sale.priceSource,
      delivery_id: sale.deliveryId,
      sale_id: null,
      return_id: null,
      actor: sale.actor ?? "system",
      note: sale.note ?? null,
    })
    .execute();
  return id;
}

export interface CreditInput {
  saleId: string;
  /** What is given back, in positive cents; stored negative. */
  amountCents: number;
  /** The approved return it comes from; absent for an operator's goodwill credit. */
  returnId?: string | null;
  actor: LedgerActor;
  note?: string | null;
  at: Date;
}

/** Gives money back on a sale; refuses more than what is left of it (after earlier credits and cancellation). */
export async function recordCredit(trx: Kysely<Database>, credit: CreditInput): Promise<string> {
  if (!Number.isSafeInteger(credit.amountCents) || credit.amountCents <= 0) throw new LedgerError(`a credit must be a positive number of cents, not ${credit.amountCents}`);
  const { sale, left } = await saleBalance(trx, credit.saleId);
  if (credit.amountCents > left) throw new LedgerError(`the sale has ${left} cents left to credit, not ${credit.amountCents}`);
  return insertOffset(trx, sale, { kind: "credit", amountCents: -credit.amountCents, returnId: credit.returnId ?? null, actor: credit.actor, note: credit.note ?? null, at: credit.at });
}

/** Voids what is left of a sale (recorded in error); a sale is cancelled once. */
export async function recordCancellation(trx: Kysely<Database>, cancellation: { saleId: string; actor: LedgerActor; note?: string | null; at: Date }): Promise<string> {
  const { sale, left, cancelled } = await saleBalance(trx, cancellation.saleId);
  if (cancelled) throw new LedgerError("the sale is already cancelled");
  return insertOffset(trx, sale, { kind: "cancellation", amountCents: -left, returnId: null, actor: cancellation.actor, note: cancellation.note ?? null, at: cancellation.at });
}

/** A sale, what its credits and cancellation left of it, and whether a return credited it. */
export async function saleBalance(trx: Kysely<Database>, saleId: string): Promise<{ sale: LedgerEntry; left: number; cancelled: boolean; returned: boolean }> {
  const rows = await trx
    .selectFrom("ledger_entries")
    .selectAll()
    .where((eb) => eb.or([eb("id", "=", saleId), eb("sale_id", "=", saleId)]))
    .execute();
  const sale = rows.find((row) => row.id === saleId && row.kind === "sale");
  if (!sale) throw new LedgerError("no such sale");
  const offsets = rows.filter((row) => row.sale_id === saleId);
  return {
    sale,
    left: Number(sale.amount_cents) + offsets.reduce((sum, row) => sum + Number(row.amount_cents), 0),
    cancelled: offsets.some((row) => row.kind === "cancellation"),
    returned: offsets.some((row) => row.kind === "credit" && row.return_id !== null),
  };
}

async function insertOffset(
  trx: Kysely<Database>,
  sale: LedgerEntry,
  entry: { kind: "credit" | "cancellation"; amountCents: number; returnId: string | null; actor: LedgerActor; note: string | null; at: Date },
): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto("ledger_entries")
    .values({
      id,
      created_at: entry.at.toISOString(),
      kind: entry.kind,
      lead_id: sale.lead_id,
      buyer_id: sale.buyer_id,
      case_type: sale.case_type,
      lead_state: sale.lead_state,
      lead_source: sale.lead_source,
      amount_cents: entry.amountCents,
      price_source: sale.price_source,
      delivery_id: null,
      sale_id: sale.id,
      return_id: entry.returnId,
      actor: entry.actor,
      note: entry.note,
    })
    .execute();
  return id;
}

/** Every entry of a lead, oldest first. */
export async function ledgerEntriesOfLead(db: Kysely<Database>, leadId: string): Promise<LedgerEntry[]> {
  return db.selectFrom("ledger_entries").selectAll().where("lead_id", "=", leadId).orderBy("created_at").orderBy("id").execute();
}

export interface LiveSale {
  sale: LedgerEntry;
  /** Cents left after credits. */
  leftCents: number;
}

/** The lead's sales not voided by a cancellation, a return's credit, or credits for their whole price. */
export async function liveSalesOf(db: Kysely<Database>, leadId: string): Promise<LiveSale[]> {
  return salesOfLead(await ledgerEntriesOfLead(db, leadId)).filter((s) => !s.cancelled && !s.returned && !(s.fullyCredited && Number(s.sale.amount_cents) > 0)).map(({ sale, leftCents }) => ({ sale, leftCents }));
}

export interface LeadSaleCount {
  /** Sales that count against the lead's sale limit: every sale except those a return credited. */
  counted: number;
  /** Every buyer the lead was ever sold to: none of them is sold it again. */
  buyerIds: string[];
}

/**
 * What the sale limit counts (docs/decisions/038): every sale ever made of the lead, returned or not,
 * except that a sale credited by an approved return frees its place for another buyer.
 */
export async function saleCountOf(db: Kysely<Database>, leadId: string): Promise<LeadSaleCount> {
  const sales = salesOfLead(await ledgerEntriesOfLead(db, leadId));
  return { counted: sales.filter((s) => !s.returned).length, buyerIds: [...new Set(sales.map((s) => s.sale.buyer_id))].sort() };
}

function salesOfLead(entries: readonly LedgerEntry[]) {
  return entries
    .filter((entry) => entry.kind === "sale")
    .map((sale) => {
      const offsets = entries.filter((entry) => entry.sale_id === sale.id);
      const leftCents = Number(sale.amount_cents) + offsets.reduce((sum, row) => sum + Number(row.amount_cents), 0);
      return {
        sale,
        leftCents,
        cancelled: offsets.some((row) => row.kind === "cancellation"),
        returned: offsets.some((row) => row.kind === "credit" && row.return_id !== null),
        fullyCredited: leftCents <= 0,
      };
    });
}
