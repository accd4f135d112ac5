import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { normalizeEmail } from "../contacts/email-address";
import { lookupE164 } from "../contacts/phone-number";
import type { Db } from "../db/database";
import type { ConsentKind } from "../db/schema";
import { DEFAULT_BUYER_API_LIMITS, takeBuyerApiSlot, TOO_MANY_CHECKS, type BuyerApiLimits } from "../rate-limits/buyer-api-limits";
import { CERTIFICATE_ID_PATTERN } from "./certificate-id";

type MatchField = "email" | "phone";

/** Which contacts match, and who vouches for the consent (docs/decisions/046). */
export type MatchResult = Partial<Record<MatchField, boolean>> & { consent_kind?: ConsentKind };

export type MatchAnswer =
  | { status: "matched"; result: MatchResult }
  | { status: "invalid"; message: string }
  | { status: "not-found"; message: string }
  | { status: "rate-limited"; message: string; retryAfterSeconds: number };

export const NO_SUCH_CERTIFICATE = "There is no certificate with this ID.";

const matchRequestSchema = z
  .object(
    {
      email: z
        .string({ error: "email must be a string." })
        .max(320, "email is longer than an e-mail address can be.")
        .refine((v) => normalizeEmail(v) !== "", "email is empty.")
        .optional(),
      phone: z
        .string({ error: "phone must be a string." })
        .max(40, "phone is longer than a phone number can be.")
        .refine((v) => lookupE164(v) !== null, "phone is not a phone number: send it as +14155550134 or (415) 555-0134.")
        .optional(),
    },
    { error: 'The body must be a JSON object: { "email": "...", "phone": "..." }.' },
  )
  .strict()
  .refine((body) => body.email !== undefined || body.phone !== undefined, 'Send "email", "phone" or both to check.');

function firstMessage(error: z.ZodError): string {
  const issue = error.issues[0]!;
  if (issue.code === "unrecognized_keys") return `Unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${k}"`).join(", ")}: only "email" and "phone" can be checked.`;
  return issue.message;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/** Whether two normalised values are the same, by their SHA-256 (equal length, so compared in constant time). */
function sameHash(stored: string | null, asked: string): boolean {
  const askedHash = sha256(asked);
  // An absent stored value is hashed too, so that the time taken says nothing about whether there was one.
  const storedHash = sha256(stored ?? "");
  return timingSafeEqual(storedHash, askedHash) && stored !== null;
}

export type CertificateMatches = ReturnType<typeof createCertificateMatches>;

/**
 * The buyers' match API (issue 12): whether an e-mail address or phone number is the one a certificate's
 * lead gave, compared by the SHA-256 of both normalised values, so a buyer learns yes or no and nothing
 * else. Every check is recorded with the buyer and the results, never with the values sent.
 *
 * Issue 25: a buyer may check only certificates of leads it was sent (a delivery to it with at least one
 * attempt) or pinged with (a bid row in an auction for the lead); any other certificate answers exactly
 * as an unknown one, by the same path (one query that finds no row either way, the same hashing). Checks
 * are limited per key per minute and per key and certificate per day, in the database, before the
 * certificate is looked at, so the limit says nothing about it either.
 */
export function createCertificateMatches(db: Db, now: () => Date = () => new Date(), limits: BuyerApiLimits = DEFAULT_BUYER_API_LIMITS) {
  async function check(certificateId: string, buyerId: string, body: unknown): Promise<MatchAnswer> {
    const parsed = matchRequestSchema.safeParse(body);
    if (!parsed.success) return { status: "invalid", message: firstMessage(parsed.error) };
    const slot = await takeBuyerApiSlot(db, limits, "match", buyerId, certificateId, now());
    if (!slot.allowed) return { status: "rate-limited", message: TOO_MANY_CHECKS, retryAfterSeconds: slot.retryAfterSeconds };
    const lead = CERTIFICATE_ID_PATTERN.test(certificateId) ? await leadSentTo(db, certificateId, buyerId) : undefined;

    const result: MatchResult = {};
    const { email, phone } = parsed.data;
    // The lead's keys were normalised when it was saved (server/contacts/), as the values asked are here.
    // Hashed whether or not there is a lead, so that the time taken does not tell.
    if (email !== undefined) result.email = sameHash(lead?.email_normalized ?? null, normalizeEmail(email));
    if (phone !== undefined) result.phone = sameHash(lead?.phone_e164 ?? null, lookupE164(phone)!);
    if (!lead) return { status: "not-found", message: NO_SUCH_CERTIFICATE };

    await db
      .insertInto("certificate_match_checks")
      .values({
        id: randomUUID(),
        certificate_id: certificateId,
        buyer_id: buyerId,
        checked_at: now().toISOString(),
        email_matched: asFlag(result.email),
        phone_matched: asFlag(result.phone),
      })
      .execute();
    return { status: "matched", result: { ...result, consent_kind: lead.consent_kind } };
  }

  return { check, checksOf: (certificateId: string) => certificateChecksOf(db, certificateId) };
}

/** The certificate's lead, if the buyer was sent it or pinged with it; undefined otherwise, as for no certificate. */
function leadSentTo(db: Db, certificateId: string, buyerId: string) {
  return db
    .selectFrom("submission_certificates")
    .innerJoin("leads", "leads.id", "submission_certificates.lead_id")
    .select(["leads.email_normalized", "leads.phone_e164", "submission_certificates.consent_kind"])
    .where("submission_certificates.certificate_id", "=", certificateId)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom("deliveries")
            .select("deliveries.id")
            .whereRef("deliveries.lead_id", "=", "leads.id")
            .where("deliveries.buyer_id", "=", buyerId)
            .where("deliveries.attempts", ">", 0),
        ),
        eb.exists(
          eb
            .selectFrom("auctions")
            .innerJoin("auction_bids", "auction_bids.auction_id", "auctions.id")
            .select("auction_bids.id")
            .whereRef("auctions.lead_id", "=", "leads.id")
            .where("auction_bids.buyer_id", "=", buyerId),
        ),
      ]),
    )
    .executeTakeFirst();
}

/** The checks of one certificate, oldest first, with the buyers' names. */
export async function certificateChecksOf(db: Db, certificateId: string) {
  const rows = await db
    .selectFrom("certificate_match_checks")
    .leftJoin("buyers", "buyers.id", "certificate_match_checks.buyer_id")
    .select(["certificate_match_checks.buyer_id", "buyers.name", "checked_at", "email_matched", "phone_matched"])
    .where("certificate_id", "=", certificateId)
    .orderBy("checked_at")
    .orderBy("certificate_match_checks.id")
    .execute();
  return rows.map((row) => ({
    buyerId: row.buyer_id,
    buyer: row.name ?? row.buyer_id,
    at: row.checked_at,
    email: fromFlag(row.email_matched),
    phone: fromFlag(row.phone_matched),
  }));
}

export type CertificateCheck = Awaited<ReturnType<typeof certificateChecksOf>>[number];

const asFlag = (matched: boolean | undefined) => (matched === undefined ? null : matched ? 1 : 0);
const fromFlag = (flag: number | null) => (flag === null ? null : Number(flag) === 1);
