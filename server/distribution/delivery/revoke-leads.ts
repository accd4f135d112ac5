import { randomUUID } from "node:crypto";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database, RevocationMethod } from "../../db/schema";
import { REQUEST_TIMEOUT, type AttemptResult } from "./http-send";
import { CONSENT_REVOKED } from "./lead-events";
import { refreshBuyerStatus } from "../routing/route-lead";
import { withdrawUnsentDeliveries } from "../routing/withdraw-unsent";
import type { PersonContact } from "../../contacts/person-contact";

/** Why a lead's unsent deliveries stopped; the console shows it as their last error. */
export const CONSENT_REVOKED_ERROR = "Consent revoked: this lead is never sent again.";

export interface Revocation {
  method: RevocationMethod;
  /** When the person revoked; a buyer may report a revocation it received earlier. */
  revokedAt: Date;
  buyerId: string | null;
  /** A buyer's report revokes only the leads sent to that buyer (a delivery with an attempt); undefined for all. */
  onlySentTo?: string;
}

/**
 * Inside a write transaction: records one revocation and revokes every lead of the person not revoked
 * yet (an UPDATE ... WHERE revoked_at IS NULL, so of two racing requests only one takes each lead).
 * Their unsent deliveries are cancelled and their buyers' slots given back (answered ones keep their
 * answer), and one consent_revoked event is queued per lead and destination that was sent its contact
 * details (reachedReceiver), whether it took the lead or not. The same statements run whether or not
 * the person is known, so the answer's timing tells little. Returns how many leads it revoked.
 */
export async function revokeLeadsOf(trx: Kysely<Database>, contact: PersonContact, revocation: Revocation, now: Date): Promise<number> {
  const at = now.toISOString();
  const id = randomUUID();
  const column = contact.channel === "phone" ? "phone_e164" : "email_normalized";
  const revoked = await trx
    .updateTable("leads")
    .set({ revoked_at: revocation.revokedAt.toISOString(), revocation_id: id })
    .where(column, "=", contact.normalised)
    .where("revoked_at", "is", null)
    .$if(revocation.onlySentTo !== undefined, (update) => update.where(sentTo(revocation.onlySentTo!)))
    .returning("id")
    .execute();
  const leadIds = revoked.map((lead) => lead.id);
  await trx
    .insertInto("revocations")
    .values({
      id,
      created_at: at,
      revoked_at: revocation.revokedAt.toISOString(),
      method: revocation.method,
      channel: contact.channel,
      value_sha256: contact.sha256,
      value_masked: contact.masked,
      buyer_id: revocation.buyerId,
      lead_count: leadIds.length,
    })
    .execute();

  const revokedLeads = await trx.selectFrom("leads").select("id").where("revocation_id", "=", id).execute();
  // Only what is not sent yet: a buyer's answer (taken, refused) stays as it was (docs/decisions/038).
  const withdrawn = await withdrawUnsentDeliveries(trx, revokedLeads.map((lead) => lead.id), new Date(at), CONSENT_REVOKED_ERROR);
  for (const leadId of new Set(withdrawn.filter((d) => d.buyer_id).map((d) => d.lead_id))) await refreshBuyerStatus(trx, leadId);

  // Everyone who was sent the contact details: a buyer that rejected the lead saw them too.
  const received = await trx
    .selectFrom("deliveries")
    .select(["id", "lead_id", "lead_created_at", "target", "buyer_id"])
    .where("lead_id", "in", trx.selectFrom("leads").select("id").where("revocation_id", "=", id))
    .where("target", "not in", ["event", "auction"])
    .where((eb) =>
      eb.or([
        eb("delivered_at", "is not", null),
        eb.exists(
          eb
            .selectFrom("delivery_attempts")
            .select("delivery_attempts.id")
            .whereRef("delivery_attempts.delivery_id", "=", "deliveries.id")
            .where((attempt) => attempt.or([attempt("delivery_attempts.status_code", "is not", null), attempt("delivery_attempts.error", "=", REQUEST_TIMEOUT)])),
        ),
      ]),
    )
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  await queueConsentRevokedEvents(trx, received, now);
  return leadIds.length;
}

/**
 * A condition on `leads`: the lead was sent to the buyer (a delivery to it with at least one attempt).
 * Correlated, so each candidate lead is checked through its own deliveries, never the buyer's all.
 */
export function sentTo(buyerId: string) {
  return (eb: ExpressionBuilder<Database, "leads">) =>
    eb.exists(
      eb
        .selectFrom("deliveries")
        .select("deliveries.id")
        .whereRef("deliveries.lead_id", "=", "leads.id")
        .where("deliveries.buyer_id", "=", buyerId)
        .where("deliveries.attempts", ">", 0),
    );
}

/**
 * Whether an attempt put the lead in front of its receiver: it answered (whatever it said), or it
 * timed out, having most likely read the request. A refused connection or an attempt not made did not.
 */
export function reachedReceiver(result: Pick<AttemptResult, "status" | "error">): boolean {
  return result.status !== null || result.error === REQUEST_TIMEOUT;
}

/**
 * One consent_revoked event per lead and destination among `received` (deliveries that took a lead
 * somewhere). A destination is a target and buyer; a second delivery to the same one is not told
 * twice, and the unique (about_delivery_id, event) index makes a repeat a no-op.
 */
export async function queueConsentRevokedEvents(
  trx: Kysely<Database>,
  received: readonly { id: string; lead_id: string; lead_created_at: string | null; target: string; buyer_id: string | null }[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const seen = new Set<string>();
  for (const delivery of received) {
    const destination = `${delivery.lead_id}|${delivery.target}|${delivery.buyer_id ?? ""}`;
    if (seen.has(destination)) continue;
    seen.add(destination);
    await trx
      .insertInto("deliveries")
      .values({
        id: randomUUID(),
        lead_id: delivery.lead_id,
        lead_created_at: delivery.lead_created_at,
        target: "event",
        event: CONSENT_REVOKED,
        about_delivery_id: delivery.id,
        status: "pending",
        next_attempt_at: at,
        created_at: at,
        updated_at: at,
      })
      .onConflict((conflict) => conflict.columns(["about_delivery_id", "event"]).doNothing())
      .execute();
  }
}
