import { data } from "react-router";
import { CertificateRow as Row, CertificateSaleChecks } from "~/components/certificate-sale-checks";
import { CertificateSignatureSection } from "~/components/certificate-signature";
import { ShieldIcon } from "~/components/icons";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import type { Route } from "./+types/verify-certificate";

export const meta: Route.MetaFunction = () => [
  { title: "Consent Certificate Verification" },
  { name: "robots", content: "noindex" },
];

const MISSING = "No certificate ID provided. Please check your verification link.";
const FAILED = "TrustedFormsPro certificate verification failed. Please check the certificate ID and try again.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const certificateId = new URL(request.url).searchParams.get("cert")?.trim();
  if (!certificateId) return data({ error: MISSING, certificate: null }, { status: 400 });
  try {
    const certificate = await context.certificates.verify(certificateId);
    if (!certificate) return data({ error: FAILED, certificate: null }, { status: 404 });
    return { error: null, certificate };
  } catch (error) {
    context.logger.error({ err: error }, "Error verifying certificate");
    return data({ error: FAILED, certificate: null }, { status: 500 });
  }
}

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "long", timeStyle: "long", timeZone: "UTC" });

export default function VerifyCertificate({ loaderData }: Route.ComponentProps) {
  const { error, certificate } = loaderData;
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-3xl px-4 py-12">
        {certificate ? (
          <>
            <p className="inline-flex items-center gap-2 rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200">
              <ShieldIcon className="size-4" /> Verified
            </p>
            <h1 className="mt-3 text-3xl font-extrabold text-brand">Consent Certificate</h1>
            {certificate.supplierAssertion ? (
              <p className="mt-2 text-slate-700" data-consent-kind="supplier-asserted">
                Consent asserted by {certificate.supplierAssertion.supplierName}: this lead was sent to us through our API. We served no
                form and saw no consent given; what follows is the supplier's own report. Personal details are masked on this public page.
              </p>
            ) : (
              <p className="mt-2 text-slate-700" data-consent-kind="first-party-form">
                This certificate records a consented submission of a form on this site. Personal details are masked on this public page.
              </p>
            )}
            <section aria-labelledby="record-title" className="mt-8 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <h2 id="record-title" className="text-lg font-bold">
                Certificate record
              </h2>
              <dl className="mt-2 text-sm">
                <Row label="Certificate ID">
                  <span className="font-mono break-all">{certificate.certificateId}</span>
                </Row>
                <Row label="Kind">
                  {certificate.supplierAssertion ? "Supplier-asserted consent (sent through the API)" : "First-party form (our own page)"}
                </Row>
                <Row label="Form">{certificate.formType}</Row>
                {certificate.supplierAssertion ? (
                  <>
                    <Row label="Supplier">{certificate.supplierAssertion.supplierName}</Row>
                    <Row label="Supplier's certificate">
                      <span className="break-all">
                        {certificate.supplierAssertion.certificate
                          ? `${certificate.supplierAssertion.certificateProvider === "trustedform" ? "TrustedForm" : "Jornaya LeadiD"}: ${certificate.supplierAssertion.certificate}`
                          : "None sent"}
                      </span>
                    </Row>
                    <Row label="Consent time reported">
                      {certificate.supplierAssertion.consentedAt ? dateTime(certificate.supplierAssertion.consentedAt) : "Not reported"}
                    </Row>
                  </>
                ) : null}
                <Row label="Submitted">{dateTime(certificate.createdAt)}</Row>
                <Row label="IP address">{certificate.ipAddress ?? "Not recorded"}</Row>
                <Row label="Browser">{certificate.userAgent ?? "Not recorded"}</Row>
                <Row label="Page"><span className="break-all">{certificate.pageUrl ?? "Not recorded"}</span></Row>
                <Row label="Submission SHA-256">
                  <span className="font-mono text-xs break-all">{certificate.submissionSha256}</span>
                </Row>
                <Row label="Times verified">{certificate.verificationCount}</Row>
                {certificate.verifiedAt ? <Row label="Last verified">{dateTime(certificate.verifiedAt)}</Row> : null}
              </dl>
            </section>
            <section aria-labelledby="consent-title" className="mt-6 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <h2 id="consent-title" className="text-lg font-bold">
                {certificate.supplierAssertion ? "Consent text the supplier reports" : "Consent text shown to the visitor"}
              </h2>
              <blockquote className="mt-3 border-l-4 border-emerald-600 pl-4 text-sm text-slate-800">{certificate.consentText}</blockquote>
              {certificate.consentTextVersion ? (
                <p className="mt-3 text-xs text-slate-600">
                  {certificate.consentContentVersion ? <span data-testid="consent-content-version">Consent text version {certificate.consentContentVersion} of this site; </span> : null}
                  Version <span className="font-mono">{certificate.consentTextVersion}</span>, SHA-256{" "}
                  <span className="font-mono break-all">{certificate.consentTextSha256}</span>
                </p>
              ) : null}
            </section>
            <section aria-labelledby="answers-title" className="mt-6 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <h2 id="answers-title" className="text-lg font-bold">
                Submitted answers
              </h2>
              {certificate.purgedAt ? (
                <p className="mt-2 text-sm text-slate-800">
                  The answers, IP address, browser and page were purged on {dateTime(certificate.purgedAt)}, after the
                  retention period for consent records.
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
            <CertificateSaleChecks checks={certificate.checks} dateTime={dateTime} />
            {certificate.signature ? <CertificateSignatureSection signature={certificate.signature} certificateId={certificate.certificateId} /> : null}
          </>
        ) : (
          <div role="alert" className="rounded-2xl bg-white p-8 text-center ring-1 ring-red-200">
            <h1 className="text-2xl font-bold text-red-800">Certificate not verified</h1>
            <p className="mt-3 text-slate-800">{error}</p>
            <a href="/" className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-brand px-5 font-semibold text-white">
              Return to Home
            </a>
          </div>
        )}
      </main>
      <SiteFooter />
    </>
  );
}
