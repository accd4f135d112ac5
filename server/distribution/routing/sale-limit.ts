import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { saleCountOf } from "../../ledger";
import { routingModeOf } from "./routing-modes";

/**
 * How often a lead of `caseType` may be sold (docs/decisions/038): once when the claim is exclusive
 * (and auctioned), at most maxBuyers when it is shared.
 */
export async function saleLimitOf(
  trx: Kysely<Database>,
  caseType: string,
): Promise<number> {
  const mode = await routingModeOf(trx, caseType);
  return mode.mode === "shared" ? mode.maxBuyers : 1;
}

export interface SaleRoom {
  limit: number;
  /** Sales that count against the limit (every sale but those a return credited). */
  sold: number;
  /** Deliveries to paying buyers that may still be accepted (pending or being sent). */
  offered: number;
  /** How many more buyers the lead may be offered to now: limit - sold - offered, at least 0. */
  left: number;
  /** Every buyer the lead was ever sold to; none gets it again. */
  boughtBy: string[];
}

/**
 * What is left of a lead's sale limit, counted from the ledger and the offers still open. Read under
 * ROUTING_LOCK (routing and every acceptance take it), so no two transactions fill the same place.
 */
export async function saleRoomOf(
  trx: Kysely<Database>,
  lead: { id: string; caseType: string },
  { excludeDeliveryId }: { excludeDeliveryId?: string } = {},
): Promise<SaleRoom> {
  const [limit, sales, open] = await Promise.all([
    saleLimitOf(trx, lead.caseType),
    saleCountOf(trx, lead.id),
    trx
      .selectFrom("deliveries")
      .select(["id"])
      .where("lead_id", "=", lead.id)
      .where("buyer_id", "is not", null)
      .where("status", "in", ["pending", "sending"])
      .execute(),
  ]);
  const offered = open.filter((row) => row.id !== excludeDeliveryId).length;
  return {
    limit,
    sold: sales.counted,
    offered,
    left: Math.max(0, limit - sales.counted - offered),
    boughtBy: sales.buyerIds,
  };
}
