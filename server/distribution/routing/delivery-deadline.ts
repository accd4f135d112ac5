import type { RoutableBuyer } from "./buyer-rules";

/** Why a buyer delivery stopped at its deadline; the console shows it as its last error. */
export const DEADLINE_PASSED =
  "Not taken within the buyer's delivery deadline: the lead moved on.";
/** What an attempt answered with a yes after the deadline records: the answer is kept, but it sold nothing. */
export const LATE_ACCEPTANCE =
  "Accepted after the delivery deadline: recorded, not a sale.";

/** When a buyer must have taken a lead queued for it at `queuedAt` (ISO). */
export function deliveryDeadline(
  buyer: Pick<RoutableBuyer, "rules">,
  queuedAt: Date,
): string {
  return new Date(
    queuedAt.getTime() + buyer.rules.deliveryDeadlineSeconds * 1000,
  ).toISOString();
}
