import { adminCard } from "~/admin/admin-header";
import { operatorTime } from "~/admin/format";

export interface LeadSuppressionView {
  listId: number;
  listName: string;
  buyerId: string | null;
  buyerName: string | null;
  matchedAt: string;
}

/** The lead page's account of the suppression lists the lead is on, and whom each keeps it from. */
export function SuppressionSection({ suppressions, timeZone }: { suppressions: LeadSuppressionView[]; timeZone: string }) {
  if (!suppressions.length) return null;
  return (
    <section aria-labelledby="suppression-title" className={adminCard} data-testid="lead-suppressions">
      <h2 id="suppression-title" className="text-lg font-bold">
        Suppression lists
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {suppressions.map((match) => (
          <li key={match.listId}>
            <span className="inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">suppressed</span>{" "}
            On <strong>{match.listName}</strong>:{" "}
            {match.buyerId ? `never sold to ${match.buyerName ?? match.buyerId}` : "held back from every buyer"} (found{" "}
            {operatorTime(match.matchedAt, timeZone)}).
          </li>
        ))}
      </ul>
    </section>
  );
}
