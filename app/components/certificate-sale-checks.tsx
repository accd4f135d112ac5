import { formatCents } from "~/admin/buyer-summary";
import type { PageMessages } from "~/i18n/page-messages";
import type { CertifiedCheck } from "../../server/certificates/certificate-checks";

/** One term and its detail on the public certificate page. */
export function CertificateRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-100 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

/**
 * The certificate's checks before a sale (docs/decisions/048): each check's result, time and price, as
 * the signed certificate carries them; the providers' answers are never shown.
 */
export function CertificateSaleChecks({ checks, dateTime, t }: { checks: readonly CertifiedCheck[]; dateTime: (iso: string) => string; t: PageMessages }) {
  return (
    <section aria-labelledby="checks-title" className="mt-6 rounded-2xl bg-white p-6 ring-1 ring-slate-200" data-testid="certificate-sale-checks">
      <h2 id="checks-title" className="text-lg font-bold">
        {t.checksTitle}
      </h2>
      {checks.length ? (
        <>
          <p className="mt-2 text-sm text-slate-700">{t.checksIntro}</p>
          <dl className="mt-2 text-sm">
            {checks.map((check, i) => (
              <CertificateRow key={`${i}-${check.name}`} label={check.name}>
                {t.checkOutcomes[check.outcome]}
                {check.policyApplied ? ` (${check.policyApplied})` : ""} · {dateTime(check.checkedAt)} ·{" "}
                {check.cached ? t.fromCache : `${check.durationMs.toLocaleString(t.dateLocale)} ms`} · {formatCents(check.priceCents)}
              </CertificateRow>
            ))}
          </dl>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-700">{t.noChecks}</p>
      )}
    </section>
  );
}
