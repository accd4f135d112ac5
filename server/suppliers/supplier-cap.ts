import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { LeadSupplier } from "./supplier-keys";

/** The supplier's cap day: UTC, the same for every instance and every supplier. */
export function supplierCapDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Counts one more accepted lead for the supplier today, only while under its daily cap: one INSERT ...
 * ON CONFLICT DO UPDATE ... WHERE sent < cap in the lead's own transaction, as buyers' caps
 * (server/distribution/routing/cap-reservation.ts), so concurrent leads on any instance never count past it.
 */
export async function countSupplierLead(trx: Kysely<Database>, supplier: LeadSupplier, at: Date): Promise<boolean> {
  if (supplier.dailyCap !== null && supplier.dailyCap < 1) return false;
  const cap = supplier.dailyCap;
  const counted = await trx
    .insertInto("supplier_cap_counters")
    .values({ supplier_id: supplier.id, day: supplierCapDay(at), sent: 1 })
    .onConflict((conflict) => {
      const update = conflict.columns(["supplier_id", "day"]).doUpdateSet({ sent: sql`supplier_cap_counters.sent + 1` });
      return cap === null ? update : update.where("supplier_cap_counters.sent", "<", cap);
    })
    .returning("sent")
    .executeTakeFirst();
  return counted !== undefined;
}
