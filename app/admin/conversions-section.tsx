import { adminCard } from "~/admin/admin-header";
import { operatorTime } from "~/admin/format";

export interface LeadConversionView {
  id: string;
  platform: "google" | "meta";
  kind: "submitted" | "sold" | "returned";
  testMode: boolean;
  status: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string;
}

const PLATFORM = { google: "Google Ads", meta: "Meta" } as const;
const KIND = { submitted: "Lead submitted", sold: "Lead sold", returned: "Lead returned" } as const;
const BADGE: Record<string, string> = {
  sent: "bg-emerald-100 text-emerald-900",
  pending: "bg-amber-100 text-amber-900",
  sending: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-900",
  dead: "bg-red-100 text-red-900",
  cancelled: "bg-slate-100 text-slate-800",
};

/** The lead page's account of what the ad platforms were told about the lead (docs/decisions/061). */
export function ConversionsSection({ conversions, timeZone }: { conversions: LeadConversionView[]; timeZone: string }) {
  if (!conversions.length) return null;
  return (
    <section aria-labelledby="conversions-title" className={adminCard} data-testid="lead-conversions">
      <h2 id="conversions-title" className="text-lg font-bold">
        Ad platform conversions
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {conversions.map((event) => (
          <li key={event.id} className="border-b border-slate-100 pb-2" data-conversion={`${event.platform}-${event.kind}`}>
            <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[event.status] ?? BADGE.cancelled}`}>{event.status}</span>{" "}
            <strong>{PLATFORM[event.platform]}</strong>: {KIND[event.kind]}
            {event.testMode ? " (test)" : ""} · {event.attempts} {event.attempts === 1 ? "attempt" : "attempts"}
            {event.sentAt ? ` · sent ${operatorTime(event.sentAt, timeZone)}` : ""}
            {event.status === "pending" && event.attempts > 0 ? ` · next try ${operatorTime(event.nextAttemptAt, timeZone)}` : ""}
            {event.lastError ? (
              <span className="block text-slate-700">
                Last answer: {event.lastStatus ? `HTTP ${event.lastStatus}, ` : ""}
                {event.lastError}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
