import type { PageMessages } from "~/i18n/page-messages";
import type { CertificateSignature } from "../../server/certificates/certificate-service";

const link = "inline-flex min-h-11 items-center text-brand underline break-all";

/** How the public certificate page shows that the record is signed, and how anyone can check it without us. */
export function CertificateSignatureSection({ signature, certificateId, t }: { signature: CertificateSignature; certificateId: string; t: PageMessages }) {
  return (
    <section aria-labelledby="signature-title" className="mt-6 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <h2 id="signature-title" className="text-lg font-bold">
        {t.signatureTitle}
      </h2>
      <p className="mt-2 text-sm text-slate-800">{t.signatureIntro}</p>
      <dl className="mt-2 text-sm">
        <div className="grid gap-1 border-b border-slate-100 py-3 sm:grid-cols-3 sm:gap-4">
          <dt className="font-medium text-slate-700">{t.algorithm}</dt>
          <dd className="text-slate-900 sm:col-span-2">
            {signature.alg} (Ed25519), {t.compactJws}
          </dd>
        </div>
        <div className="grid gap-1 border-b border-slate-100 py-3 sm:grid-cols-3 sm:gap-4">
          <dt className="font-medium text-slate-700">{t.keyId}</dt>
          <dd className="min-w-0 font-mono text-xs break-all text-slate-900 sm:col-span-2">{signature.kid}</dd>
        </div>
        <div className="grid gap-1 border-b border-slate-100 py-3 sm:grid-cols-3 sm:gap-4">
          <dt className="font-medium text-slate-700">{t.signedCertificate}</dt>
          <dd className="min-w-0 sm:col-span-2">
            <a href={signature.jwsUrl} className={link}>
              {signature.jwsUrl}
            </a>
          </dd>
        </div>
        <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
          <dt className="font-medium text-slate-700">{t.publicKeys}</dt>
          <dd className="min-w-0 sm:col-span-2">
            <a href={signature.jwksUrl} className={link}>
              {signature.jwksUrl}
            </a>
          </dd>
        </div>
      </dl>
      <h3 className="mt-4 font-semibold">{t.howToCheck}</h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-800">
        {t.checkSteps(signature.issuer, certificateId).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {/* Focusable, so that a keyboard can scroll the example on a narrow screen. */}
      <pre role="region" aria-label={t.checkingInJavaScript} tabIndex={0} className="mt-3 overflow-x-auto rounded-lg bg-slate-50 p-3 text-xs text-slate-800">
        <code>{`import { createRemoteJWKSet, jwtVerify } from "jose";
const keys = createRemoteJWKSet(new URL("${signature.jwksUrl}"));
const jws = await (await fetch("${signature.jwsUrl}")).text();
const { payload } = await jwtVerify(jws, keys, { issuer: "${signature.issuer}", subject: "${certificateId}", typ: "${signature.typ}" });`}</code>
      </pre>
    </section>
  );
}
