import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { releaseCapacity } from "./cap-reservation";

/**
 * Takes back the lead deliveries of `leadIds` that are waiting to be sent, when the lead is marked as
 * spam or its consent is revoked (docs/decisions/038). What no receiver has answered (or answered only
 * with a 5xx, which decides nothing) is cancelled and its buyer's slot given back. An operator's re-send
 * of a delivery the receiver had answered is not cancelled: it goes back to that answer, taken or
 * refused, since the buyer's answer stands and a cancellation would rewrite it. A refused one gives
 * back the slot its re-send took; a taken one keeps its sale's. Events are never withdrawn: they tell
 * receivers to stop. Returns every delivery taken back, with the status it now has.
 */
export async function withdrawUnsentDeliveries(
  trx: Kysely<Database>,
  leadIds: readonly string[],
  at: Date,
  lastError?: string,
): Promise<{ id: string; lead_id: string; buyer_id: string | null; status: "cancelled" | "delivered" | "failed" }[]> {
  if (!leadIds.length) return [];
  const updatedAt = at.toISOString();
  const waiting = await trx
    .selectFrom("deliveries")
    .select(["id", "lead_id", "buyer_id", "delivered_at", "last_status"])
    .where("lead_id", "in", leadIds)
    .where("status", "=", "pending")
    .where("target", "!=", "event")
    .execute();
  const withdrawn: { id: string; lead_id: string; buyer_id: string | null; status: "cancelled" | "delivered" | "failed" }[] = [];
  for (const delivery of waiting) {
    const answered = delivery.delivered_at !== null || (delivery.last_status !== null && Number(delivery.last_status) < 500);
    const status: "cancelled" | "delivered" | "failed" = !answered ? "cancelled" : delivery.delivered_at !== null ? "delivered" : "failed";
    await trx
      .updateTable("deliveries")
      .set({ status, updated_at: updatedAt, locked_until: null, ...(status === "cancelled" && lastError ? { last_error: lastError } : {}) })
      .where("id", "=", delivery.id)
      .where("status", "=", "pending")
      .execute();
    if (delivery.buyer_id && status !== "delivered") await releaseCapacity(trx, delivery.id);
    withdrawn.push({ id: delivery.id, lead_id: delivery.lead_id, buyer_id: delivery.buyer_id, status });
  }
  return withdrawn;
}
