import type { ConversionKind } from "../db/schema";

/** The ISO 4217 code of the ledger's cents (server/money.ts formats dollars). */
export const CURRENCY = "USD";

/** What an event says, read from the lead and the ledger when it is sent; no claim, answer or name. */
export interface ConversionFacts {
  /** The event row's id: Meta's event_id, the same on every retry. */
  eventId: string;
  kind: ConversionKind;
  leadId: string;
  /** When it happened: the lead's submission, the sale, or the credit. */
  at: Date;
  gclid: string | null;
  /** Meta's click id (the fbclid the visitor landed with) and when it was first seen, for fbc. */
  fbclid: string | null;
  fbclidSeenAt: Date | null;
  email: string | null;
  phoneE164: string | null;
  userAgent: string | null;
  ip: string | null;
  /** The sale's ledger id: Google's order_id of the sold conversion, and what a return adjusts. */
  saleId: string | null;
  /** A sale's price, or what is left of the sale after a return, in cents. */
  valueCents: number | null;
}

/** Cents as the platforms' currency units (a double): 12345 -> 123.45. */
export function currencyUnits(cents: number): number {
  return Math.round(cents) / 100;
}
