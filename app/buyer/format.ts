export { formatCents } from "~/admin/buyer-summary";

/** A signed amount in cents as a statement shows it: -$45.00 for a credit. */
export function signedCents(cents: number): string {
  const dollars = (Math.abs(cents) / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });
  return cents < 0 ? `-${dollars}` : dollars;
}

/** The reason codes of a return, as the portal, the API and the operator name them. */
export const RETURN_REASON_LABELS: Record<string, string> = {
  "wrong-number": "Wrong number",
  duplicate: "Duplicate",
  "not-interested": "Not interested",
  "already-represented": "Already represented",
  other: "Other",
};
