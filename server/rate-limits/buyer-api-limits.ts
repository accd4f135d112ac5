import type { Kysely } from "kysely";
import { sha256Hex } from "../certificates/canonical-json";
import type { Database } from "../db/schema";
import { DAY_MS, MINUTE_MS, takeRateSlots, type RateDecision } from "./rate-counter";

/** How often one buyer key may call a checking API (the match API, revocations). */
export interface BuyerApiLimits {
  perMinute: number;
  /** Per certificate (or contact) per key per day. */
  perSubjectPerDay: number;
}

export const DEFAULT_BUYER_API_LIMITS: BuyerApiLimits = { perMinute: 60, perSubjectPerDay: 10 };

/**
 * Takes one of the key's checks for the minute and one of its checks of this subject for the day, from
 * counters in the database, so every instance counts the same requests. The subject is counted whether
 * or not it exists, so a refusal says nothing about it.
 */
export function takeBuyerApiSlot(db: Kysely<Database>, limits: BuyerApiLimits, api: string, buyerId: string, subject: string, at = new Date()): Promise<RateDecision> {
  return takeRateSlots(
    db,
    [
      { name: `${api}:minute:${buyerId}`, limit: limits.perMinute, windowMs: MINUTE_MS },
      { name: `${api}:day:${buyerId}:${sha256Hex(subject).slice(0, 32)}`, limit: limits.perSubjectPerDay, windowMs: DAY_MS },
    ],
    at,
  );
}

export const TOO_MANY_CHECKS = "Too many requests from this API key: wait for the time in Retry-After.";
