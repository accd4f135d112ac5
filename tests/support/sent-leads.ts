import { randomUUID } from "node:crypto";
import type { Db } from "../../server/db/database";

/** Records that a lead went to a buyer, as a delivery with one attempt made (delivered unless told). */
export async function markLeadSentTo(db: Db, leadId: string, buyerId: string, { attempts = 1, delivered = true } = {}): Promise<string> {
  const at = new Date().toISOString();
  const lead = await db.selectFrom("leads").select("created_at").where("id", "=", leadId).executeTakeFirstOrThrow();
  const id = randomUUID();
  await db
    .insertInto("deliveries")
    .values({
      id,
      lead_id: leadId,
      lead_created_at: lead.created_at,
      target: "buyer",
      auction_id: null,
      price_cents: null,
      status: delivered ? "delivered" : "pending",
      attempts,
      next_attempt_at: at,
      locked_until: null,
      last_status: delivered ? 200 : null,
      last_error: null,
      created_at: at,
      updated_at: at,
      delivered_at: delivered ? at : null,
      buyer_id: buyerId,
      reserved_day: null,
      reserved_month: null,
    })
    .execute();
  return id;
}

/** The lead id behind a certificate. */
export async function leadOfCertificate(db: Db, certificateId: string): Promise<string> {
  const row = await db.selectFrom("submission_certificates").select("lead_id").where("certificate_id", "=", certificateId).executeTakeFirstOrThrow();
  return row.lead_id;
}

/** Records that a buyer was pinged with a lead in an auction (it answered no bid). */
export async function markLeadPingedTo(db: Db, leadId: string, buyerId: string): Promise<void> {
  const at = new Date().toISOString();
  const auctionId = randomUUID();
  await db.insertInto("auctions").values({ id: auctionId, lead_id: leadId, case_type: "MVA", created_at: at, timeout_ms: 1000, status: "unsold", winner_buyer_id: null, price_cents: null }).execute();
  await db.insertInto("auction_bids").values({ id: randomUUID(), auction_id: auctionId, buyer_id: buyerId, outcome: "no-bid", amount_cents: null, duration_ms: 5, detail: null, created_at: at }).execute();
}
