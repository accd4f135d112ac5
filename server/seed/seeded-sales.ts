import { randomUUID } from "node:crypto";
import { systemBuyerId } from "../distribution";
import type { DeliveryTarget, LeadReturnsTable, LedgerEntriesTable, ReturnDecisionsTable } from "../db/schema";
import { leadSourceOf } from "../suppliers/lead-source";
import type { DeliveryRow } from "./delivery-history";
import type { Random } from "./random";

/** The seeded partners' fixed price: every seeded sale is at it (docs/decisions/038: the price of the moment, in cents). */
export const SEEDED_PRICE_CENTS = 4_500;
/** Of the seeded sales: returned by the buyer, approved within its cap, and credited in full. */
export const SEEDED_RETURN_SHARE = 0.06;
const HOUR_MS = 3_600_000;

export interface SeededSales {
  ledger: LedgerEntriesTable[];
  returns: LeadReturnsTable[];
  decisions: ReturnDecisionsTable[];
  /** The lead's buyer_status after them: sold unless every sale was returned. */
  buyerStatus: "sold" | "unsold" | null;
}

/**
 * The ledger the routing would have written for one seeded lead: a sale at SEEDED_PRICE_CENTS for each
 * partner delivery the partner took (to its system buyer), and for a
 * share of them a return within a week, as lead-returns.ts approves one: the return, its decision, and a
 * credit of the whole price. Nothing is dated after `nowMs`.
 */
export function seededSales(
  random: Random,
  lead: { id: string; case_type: string; st: string | null; supplier_id: string | null; source: string },
  deliveries: readonly DeliveryRow[],
  nowMs: number,
): SeededSales {
  const sales: SeededSales = { ledger: [], returns: [], decisions: [], buyerStatus: null };
  let kept = 0;
  for (const delivery of deliveries) {
    if (delivery.target === "webhook" || delivery.status !== "delivered" || !delivery.delivered_at) continue;
    // The seed's deliveries go to the claims' legacy targets (targetsOf) only: the webhook, or a partner,
    // whose delivery names no buyer (none is in a fresh database); its system buyer is implied, as in route-lead.ts.
    const buyerId = systemBuyerId(delivery.target as DeliveryTarget);
    const sale: LedgerEntriesTable = {
      id: randomUUID(),
      created_at: delivery.delivered_at,
      kind: "sale",
      lead_id: lead.id,
      buyer_id: buyerId,
      case_type: lead.case_type,
      lead_state: lead.st,
      lead_source: leadSourceOf(lead),
      amount_cents: SEEDED_PRICE_CENTS,
      price_source: "fixed",
      delivery_id: delivery.id,
      sale_id: null,
      return_id: null,
      actor: "system",
      note: null,
    };
    sales.ledger.push(sale);
    const returnedAt = Date.parse(delivery.delivered_at) + random.int(HOUR_MS, 7 * 24 * HOUR_MS);
    if (!random.chance(SEEDED_RETURN_SHARE) || returnedAt > nowMs) {
      kept++;
      continue;
    }
    const at = new Date(returnedAt).toISOString();
    const returnId = randomUUID();
    const creditId = randomUUID();
    sales.returns.push({ id: returnId, created_at: at, lead_id: lead.id, buyer_id: buyerId, sale_id: sale.id, reason: "wrong-number", reason_text: null, channel: "api", actor: `buyer-api:${buyerId}`, over_cap: 0 });
    sales.decisions.push({ id: randomUUID(), return_id: returnId, created_at: at, decision: "approved", automatic: 1, actor: `buyer-api:${buyerId}`, note: null, credit_id: creditId });
    sales.ledger.push({ ...sale, id: creditId, created_at: at, kind: "credit", amount_cents: -SEEDED_PRICE_CENTS, delivery_id: null, sale_id: sale.id, return_id: returnId, note: `return ${returnId}` });
  }
  if (sales.ledger.length) sales.buyerStatus = kept > 0 ? "sold" : "unsold";
  return sales;
}
