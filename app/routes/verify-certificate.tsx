import { data } from "react-router";
import { CertificateRow as Row, CertificateSaleChecks } from "~/components/certificate-sale-checks";
import { CertificateSignatureSection } from "~/components/certificate-signature";
import { CertificateSupplierRows } from "~/components/certificate-supplier-rows";
import { ShieldIcon } from "~/components/icons";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import type { Route } from "./+types/verify-certificate";
import { localeOfPath, localizedPath } from "#claims/engine/locale";
import { claimIn } from "~/i18n/claims-in";
import { PAGE_MESSAGES, serviceMessage } from "~/i18n/page-messages";
import { usePageMessages } from "~/i18n/use-messages";
import { useRootData } from "~/components/use-site";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: PAGE_MESSAGES[localeOfPath(location.pathname)].certificateTitle },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The page's words in its language (/es/verify-trustedforms-pro is the Spanish page, docs/decisions/058).
  const locale = localeOfPath(url.pathname);
  const t = PAGE_MESSAGES[locale];
  const MISSING = t.certificateMissing;
  const FAILED = t.certificateFailed;
  const certificateId = url.searchParams.get("cert")?.trim();
  if (!certificateId) return data({ error: MISSING, certificate: null }, { status: 400 });
  try {
    // The answers' questions and options in the page's language, from the claim's table.
    const certificate = await context.certificates.verify(certificateId, { definitionIn: (claim) => claimIn(claim, locale, context.content) });
    if (!certificate) return data({ error: FAILED, certificate: null }, { status: 404 });
    return { error: null, certificate };
  } catch (error) {
    context.logger.error({ err: error }, "Error verifying certificate");
    return data({ error: FAILED, certificate: null }, { status: 500 });
  }
}

export default function VerifyCertificate({ loaderData }: Route.ComponentProps) {
  const { error, certificate } = loaderData;
  const t = usePageMessages();
  const { locale } = useRootData();
  const dateTime = (iso: string) => new Date(iso).toLocaleString(t.dateLocale, { dateStyle: "long", timeStyle: "long", timeZone: "UTC" });
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-3xl px-4 py-12">
        {certificate ? (
          <>
            <p className="inline-flex items-center gap-2 rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200">
              <ShieldIcon className="size-4" /> {t.verified}
            </p>
            <h1 className="mt-3 text-3xl font-extrabold text-brand">{t.consentCertificate}</h1>
            {certificate.supplierAssertion ? (
              <p className="mt-2 text-slate-700" data-consent-kind="supplier-asserted">
                {t.supplierIntro(serviceMessage(certificate.supplierAssertion.supplierName, locale))}
              </p>
            ) : (
              <p className="mt-2 text-slate-700" data-consent-kind="first-party-form">
                {t.firstPartyIntro}
              </p>
            )}
            <section aria-labelledby="record-title" className="mt-8 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <h2 id="record-title" className="text-lg font-bold">
                {t.certificateRecord}
              </h2>
              <dl className="mt-2 text-sm">
                <Row label={t.certificateId}>
                  <span className="font-mono break-all">{certificate.certificateId}</span>
                </Row>
                <Row label={t.kind}>
                  {certificate.supplierAssertion ? t.supplierKind : t.firstPartyKind}
                </Row>
                <Row label={t.form}>{certificate.formType}</Row>
                <Row label={t.formLanguage}>
                  <span data-testid="certificate-language">{PAGE_MESSAGES[certificate.language === "es" ? "es" : "en"].languageName}</span>
                </Row>
                {certificate.supplierAssertion ? (
                  <CertificateSupplierRows assertion={certificate.supplierAssertion} t={t} locale={locale} dateTime={dateTime} />
                ) : null}
                <Row label={t.submitted}>{dateTime(certificate.createdAt)}</Row>
                <Row label={t.ipAddress}>{certificate.ipAddress ?? t.notRecorded}</Row>
                <Row label={t.browser}>{certificate.userAgent ?? t.notRecorded}</Row>
                <Row label={t.page}><span className="break-all">{certificate.pageUrl ?? t.notRecorded}</span></Row>
                <Row label={t.submissionSha}>
                  <span className="font-mono text-xs break-all">{certificate.submissionSha256}</span>
                </Row>
                <Row label={t.timesVerified}>{certificate.verificationCount}</Row>
                {certificate.verifiedAt ? <Row label={t.lastVerified}>{dateTime(certificate.verifiedAt)}</Row> : null}
              </dl>
            </section>
            <section aria-labelledby="consent-title" className="mt-6 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <h2 id="consent-title" className="text-lg font-bold">
                {certificate.supplierAssertion ? t.supplierConsentText : t.consentShown}
              </h2>
              <blockquote className="mt-3 border-l-4 border-emerald-600 pl-4 text-sm text-slate-800">
                {certificate.supplierAssertion ? serviceMessage(certificate.consentText, locale) : certificate.consentText}
              </blockquote>
              {certificate.consentTextVersion ? (
                <p className="mt-3 text-xs text-slate-600">
                  {certificate.consentContentVersion ? <span data-testid="consent-content-version">{t.consentVersionOfSite(certificate.consentContentVersion)}</span> : null}
                  {t.version} <span className="font-mono">{certificate.consentTextVersion}</span>, SHA-256{" "}
                  <span className="font-mono break-all">{certificate.consentTextSha256}</span>
                </p>
              ) : null}
            </section>
            <section aria-labelledby="answers-title" className="mt-6 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <h2 id="answers-title" className="text-lg font-bold">
                {t.submittedAnswers}
              </h2>
              {certificate.purgedAt ? (
                <p className="mt-2 text-sm text-slate-800">
                  {t.purged(dateTime(certificate.purgedAt))}
                </p>
              ) : (
                <dl className="mt-2 text-sm">
                  {certificate.answers.map((answer) => (
                    <Row key={answer.label} label={answer.label}>
                      {answer.value}
                    </Row>
                  ))}
                </dl>
              )}
            </section>
            <CertificateSaleChecks checks={certificate.checks} dateTime={dateTime} t={t} />
            {certificate.signature ? <CertificateSignatureSection signature={certificate.signature} certificateId={certificate.certificateId} t={t} /> : null}
          </>
        ) : (
          <div role="alert" className="rounded-2xl bg-white p-8 text-center ring-1 ring-red-200">
            <h1 className="text-2xl font-bold text-red-800">{t.certificateNotVerified}</h1>
            <p className="mt-3 text-slate-800">{error}</p>
            <a href={localizedPath("/", locale)} className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-brand px-5 font-semibold text-white">
              {t.returnHome}
            </a>
          </div>
        )}
      </main>
      <SiteFooter />
    </>
  );
}
