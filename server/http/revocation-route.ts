import express, { type Router } from "express";
import { z } from "zod";
import { requireBuyerApiKey, type ApiBuyer } from "../distribution";
import type { Db } from "../db/database";
import { DEFAULT_BUYER_API_LIMITS, takeBuyerApiSlot, TOO_MANY_CHECKS, type BuyerApiLimits } from "../rate-limits/buyer-api-limits";
import { emailContact, phoneContact, type PersonContact } from "../contacts/person-contact";
import type { RevocationService } from "../revocations/revocation-service";

/** A buyer's clock may run a little ahead of ours; a revocation further in the future is a mistake. */
const CLOCK_SKEW_MS = 5 * 60_000;
export const REVOCATION_ACCEPTED = "Revocation received. Every lead from this person that we hold is revoked.";

const bodySchema = z.strictObject(
  {
    phone: z.string({ error: "phone must be a string." }).optional(),
    email: z.string({ error: "email must be a string." }).optional(),
    revokedAt: z.iso.datetime({ offset: true, error: "revokedAt must be an ISO 8601 time such as 2026-11-23T14:05:00Z." }).optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}. Send phone and/or email, and optionally revokedAt.` : "The body must be a JSON object.") },
);

/**
 * `POST /api/revocations`: a buyer reports a revocation it received, by phone and/or e-mail. It is
 * recorded as a 'buyer report' by that buyer and revokes the person's leads that were sent to that
 * buyer, and no other; the answer is the same 202 whether or not anything matched, so the API cannot
 * be used to learn who is in our records. Limited per key per minute and per key and contact per day.
 */
export function revocationRoutes({
  db,
  revocations,
  jsonLimitBytes,
  limits = DEFAULT_BUYER_API_LIMITS,
  now = () => new Date(),
}: {
  db: Db;
  revocations: RevocationService;
  jsonLimitBytes: number;
  limits?: BuyerApiLimits;
  now?: () => Date;
}): Router {
  const router = express.Router();
  router.post("/", requireBuyerApiKey(db), express.json({ limit: jsonLimitBytes, strict: false }), async (req, res) => {
    if (!req.is("application/json")) return void res.status(415).json({ error: "Content-Type must be application/json" });
    const parsed = bodySchema.safeParse(req.body);
    if (!parsed.success) return void res.status(400).json({ error: parsed.error.issues.map((issue) => issue.message).join(" ") });
    const { phone, email, revokedAt } = parsed.data;
    if (phone === undefined && email === undefined) return void res.status(400).json({ error: "Send phone and/or email: the contact the person revoked consent for." });

    const contacts: PersonContact[] = [];
    const fieldErrors: Record<string, string> = {};
    for (const [field, value, parse] of [["phone", phone, phoneContact], ["email", email, emailContact]] as const) {
      if (value === undefined) continue;
      const contact = parse(value);
      if (contact.ok) contacts.push(contact.contact);
      else fieldErrors[field] = contact.message;
    }
    if (Object.keys(fieldErrors).length) return void res.status(400).json({ error: Object.values(fieldErrors).join(" "), fieldErrors });

    const at = revokedAt === undefined ? undefined : new Date(revokedAt);
    if (at && at.getTime() > now().getTime() + CLOCK_SKEW_MS) return void res.status(400).json({ error: "revokedAt is in the future." });
    const buyer = res.locals.buyer as ApiBuyer;
    const subject = contacts.map((contact) => contact.sha256).join(" ");
    const slot = await takeBuyerApiSlot(db, limits, "revocation", buyer.id, subject, now());
    if (!slot.allowed) return void res.status(429).set("Retry-After", String(slot.retryAfterSeconds)).json({ error: TOO_MANY_CHECKS });
    if (at) {
      // Only the buyer's own leads are read, so this answer tells it nothing about anyone else's.
      const firstLead = await revocations.firstLeadSentTo(contacts, buyer.id);
      if (firstLead && at.toISOString() < firstLead) {
        return void res.status(400).json({ error: `revokedAt (${at.toISOString()}) is before the lead was created (${firstLead}): send the time the person revoked consent.` });
      }
    }
    await revocations.revoke(contacts, { method: "buyer report", buyerId: buyer.id, revokedAt: at, onlySentTo: buyer.id });
    res.status(202).json({ status: "accepted", message: REVOCATION_ACCEPTED });
  });
  router.all("/", (_req, res) => {
    res.status(405).set("Allow", "POST").json({ error: "Method not allowed; use POST" });
  });
  return router;
}
