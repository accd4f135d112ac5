// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { dollarsToCents } from "../../money";

const WEBHOOK_BUYER_ID = "system-webhook";

/**
 * Existing data under the ledger (docs/decisions/038):
 * - The setup page's webhook is no longer a buyer but the operator's own copy of every lead: its
 *   deliveries lose their buyer (they keep their target 'webhook', status and webhook-id), give back
 *   their cap slots, and the webhook's counters go. A lead whose only "sale" was the webhook is not sold.
 * - AFFF was saved as shared by two at the first start (the webhook and Legal Bridge); unless an
 *   operator saved a mode for it since, it becomes exclusive again: Legal Bridge is its only system buyer.
 * - Every delivery a paying buyer took becomes a sale in the ledger, at its bid, or else at the buyer's
 *   fixed price today (the only price known: deliveries did not keep it), noted as migrated. A buyer
 *   that took a lead twice is one sale; a lead sold past its limit before the ledger keeps its sales.
 * - buyer_status is recomputed for the leads the webhook had, from the ledger.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable("deliveries")
    .set({ buyer_id: null, reserved_day: null, reserved_month: null })
    .where("buyer_id", "=", WEBHOOK_BUYER_ID)
    .execute();
  await db.deleteFrom("buyer_cap_counters").where("buyer_id", "=", WEBHOOK_BUYER_ID).execute();

  const modes = await db.selectFrom("settings").select(["key", "value"]).where("key", "like", "routing_mode:%").execute();
  for (const { key, value } of modes) {
    const saved = JSON.parse(value) as { mode?: string; maxBuyers?: number };
    if (saved.mode !== "shared" || saved.maxBuyers !== 2) continue;
    const caseType = key.slice("routing_mode:".length);
    const operatorSaved = await db
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "save-routing-mode")
      .where("target_id", "=", `routing:${caseType}`)
      .executeTakeFirst();
    if (!operatorSaved) await db.deleteFrom("settings").where("key", "=", key).execute();
  }

  const buyers = await db.selectFrom("buyers").select(["id", "rules"]).execute();
  const fixedPrice = new Map(
    buyers.map((buyer) => {
      const price = (JSON.parse(buyer.rules) as { price?: unknown }).price;
      const cents = price === undefined ? undefined : dollarsToCents(price);
      return [buyer.id, cents?.ok ? cents.cents : 0];
    }),
  );
  const taken = await db
    .selectFrom("deliveries")
    .innerJoin("leads", "leads.id", "deliveries.lead_id")
    .select(["deliveries.id", "deliveries.lead_id", "deliveries.buyer_id", "deliveries.auction_id", "deliveries.price_cents", "deliveries.delivered_at", "leads.case_type", "leads.st"])
    .where("deliveries.buyer_id", "is not", null)
    .where("deliveries.delivered_at", "is not", null)
    .where("deliveries.target", "not in", ["event", "auction"])
    .orderBy("deliveries.delivered_at")
    .orderBy("deliveries.id")
    .execute();
  const sold = new Set<string>();
  for (const delivery of taken) {
    const key = `${delivery.lead_id} ${delivery.buyer_id}`;
    if (sold.has(key)) continue;
    sold.add(key);
    const bid = delivery.auction_id !== null && delivery.price_cents !== null;
    await db
      .insertInto("ledger_entries")
      .values({
        id: randomUUID(),
        created_at: delivery.delivered_at,
        kind: "sale",
        lead_id: delivery.lead_id,
        buyer_id: delivery.buyer_id,
        case_type: delivery.case_type,
        lead_state: delivery.st,
        amount_cents: bid ? Number(delivery.price_cents) : (fixedPrice.get(delivery.buyer_id) ?? 0),
        price_source: bid ? "bid" : "fixed",
        delivery_id: delivery.id,
        sale_id: null,
        return_id: null,
        actor: "system",
        note: bid ? "migrated" : "migrated: the buyer's price when the ledger began",
      })
      .execute();
  }

  await sql`update leads set buyer_status = case
      when exists (select 1 from ledger_entries e where e.lead_id = leads.id and e.kind = 'sale') then 'sold'
      when exists (select 1 from deliveries d where d.lead_id = leads.id and (d.buyer_id is not null or d.target = 'auction') and d.status in ('pending', 'sending')) then 'pending'
      else 'unsold' end
    where buyer_status is not null
      and id in (select lead_id from deliveries where target = 'webhook')`.execute(db);
}

/** The ledger's rows cannot be removed (that is the point); the webhook's buyer rows are not put back. */
export async function down(): Promise<void> {}
