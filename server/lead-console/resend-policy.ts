import type { BuyerDeliveryTarget, DeliveryStatus, DeliveryTarget, EventDeliveryTarget } from "../db/schema";

// When an operator may send a lead's delivery again: the console's lead page shows it, its commands hold to it.

/** Why a revoked lead's delivery is not sent again, by an operator or by anything else. */
export const REVOKED_NOT_RESENT = "This person revoked consent: the lead is never sent or re-sent again.";

/** Statuses an operator may send again: everything but a delivery in flight (and cancelled ones of spam). */
export const RESENDABLE: DeliveryStatus[] = ["pending", "delivered", "failed", "dead"];

/**
 * Why an operator does not re-send a delivery to `target`, or null when they may: a lead an operator's
 * buyer did not take has gone to the next buyer (and a re-send would pass the buyer's cap), and an
 * auction run again would offer the lead to a second round of bidders.
 */
export function notResent(target: DeliveryTarget | BuyerDeliveryTarget | EventDeliveryTarget): string | null {
  if (target === "event") return "An event about a lead is retried by the outbox on its own schedule, not re-sent by hand.";
  if (target === "buyer") return "A buyer's delivery is not re-sent: a lead a buyer does not take goes to the next buyer.";
  if (target === "auction") return "An auction is not run again: its bids were offered the lead in turn, and with none left it was routed as usual.";
  return null;
}
