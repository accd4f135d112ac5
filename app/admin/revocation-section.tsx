import type { RevocationService } from "../../server/revocations/revocation-service";
import { adminCard } from "./admin-header";
import { operatorTime, statusBadge } from "./format";

export type LeadRevocation = NonNullable<Awaited<ReturnType<RevocationService["ofLead"]>>>;

/** The lead page's record of a revoked consent: when, how, and the events that told its destinations. */
export function RevocationSection({ revocation, timeZone }: { revocation: LeadRevocation; timeZone: string }) {
  return (
    <section aria-labelledby="revocation-title" className={`${adminCard} ring-red-300`}>
      <h2 id="revocation-title" className="text-lg font-bold">
        Consent revoked <span className={`ml-2 align-middle ${statusBadge("failed")}`}>revoked</span>
      </h2>
      <p className="mt-2 text-sm text-slate-700">This lead is never delivered or re-sent again.</p>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr] sm:items-baseline">
        <dt className="font-semibold text-slate-600">Revoked</dt>
        <dd>{operatorTime(revocation.revokedAt, timeZone)}</dd>
        <dt className="font-semibold text-slate-600">Method</dt>
        <dd>
          {revocation.method ?? "-"}
          {revocation.reportedBy ? ` by ${revocation.reportedBy}` : ""}
        </dd>
        <dt className="font-semibold text-slate-600">By</dt>
        <dd>{revocation.channel && revocation.maskedValue ? `${revocation.channel} ${revocation.maskedValue}` : "-"}</dd>
        <dt className="font-semibold text-slate-600">Recorded</dt>
        <dd>{revocation.recordedAt ? operatorTime(revocation.recordedAt, timeZone) : "-"}</dd>
      </dl>
      <h3 className="mt-4 font-semibold">Notices sent (lead.consent_revoked events)</h3>
      {revocation.events.length ? (
        <ul className="mt-2 space-y-1 text-sm">
          {revocation.events.map((event) => (
            <li key={event.id}>
              {event.destination}
              {event.tookLead ? "" : " (saw the lead, did not buy it)"}: <span className={statusBadge(event.status)}>{event.status}</span>
              {` ${event.attempts} attempt${event.attempts === 1 ? "" : "s"}`}
              {event.deliveredAt ? `, delivered ${operatorTime(event.deliveredAt, timeZone)}` : ""}
              {event.httpStatus !== null ? `, answered HTTP ${event.httpStatus}` : ""}
              {event.lastError ? `, ${event.lastError}` : ""}
              {event.answer ? (
                <details className="mt-1">
                  <summary className="cursor-pointer">Answer</summary>
                  <pre className="mt-1 max-w-[60ch] overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">{event.answer}</pre>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700">None: no destination had received this lead.</p>
      )}
    </section>
  );
}
