import type { CertificateSignature } from "../../server/certificates/certificate-service";

const link = "inline-flex min-h-11 items-center text-brand underline break-all";

/** How the public certificate page shows that the record is signed, and how anyone can check it without us. */
export function CertificateSignatureSection({ signature, certificateId }: { signature: CertificateSignature; certificateId: string }) {
  return (
    <section aria-labelledby="signature-title" className="mt-6 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <h2 id="signature-title" className="text-lg font-bold">
        Digital signature
      </h2>
      <p className="mt-2 text-sm text-slate-800">
        This record is signed with this site&apos;s Ed25519 key. Anyone can check that it is genuine and unaltered with the public key, without
        relying on this page or our database.
      </p>
      <dl className="mt-2 text-sm">
        <div className="grid gap-1 border-b border-slate-100 py-3 sm:grid-cols-3 sm:gap-4">
          <dt className="font-medium text-slate-700">Algorithm</dt>
          <dd className="text-slate-900 sm:col-span-2">{signature.alg} (Ed25519), compact JWS</dd>
        </div>
        <div className="grid gap-1 border-b border-slate-100 py-3 sm:grid-cols-3 sm:gap-4">
          <dt className="font-medium text-slate-700">Key ID</dt>
          <dd className="min-w-0 font-mono text-xs break-all text-slate-900 sm:col-span-2">{signature.kid}</dd>
        </div>
        <div className="grid gap-1 border-b border-slate-100 py-3 sm:grid-cols-3 sm:gap-4">
          <dt className="font-medium text-slate-700">Signed certificate</dt>
          <dd className="min-w-0 sm:col-span-2">
            <a href={signature.jwsUrl} className={link}>
              {signature.jwsUrl}
            </a>
          </dd>
        </div>
        <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
          <dt className="font-medium text-slate-700">Public keys</dt>
          <dd className="min-w-0 sm:col-span-2">
            <a href={signature.jwksUrl} className={link}>
              {signature.jwksUrl}
            </a>
          </dd>
        </div>
      </dl>
      <h3 className="mt-4 font-semibold">How to check it</h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-800">
        <li>Download the signed certificate: a compact JWS (three base64url parts separated by dots).</li>
        <li>Download the public keys and take the one whose key ID (kid) is the one in the JWS header.</li>
        <li>
          Verify the EdDSA signature with any JOSE library. Its payload is the record on this page, with the issuer (iss) {signature.issuer} and the subject (sub){" "}
          {certificateId}. Any change to it makes the signature fail.
        </li>
      </ol>
      {/* Focusable, so that a keyboard can scroll the example on a narrow screen. */}
      <pre role="region" aria-label="Checking it in JavaScript" tabIndex={0} className="mt-3 overflow-x-auto rounded-lg bg-slate-50 p-3 text-xs text-slate-800">
        <code>{`import { createRemoteJWKSet, jwtVerify } from "jose";
const keys = createRemoteJWKSet(new URL("${signature.jwksUrl}"));
const jws = await (await fetch("${signature.jwsUrl}")).text();
const { payload } = await jwtVerify(jws, keys, { issuer: "${signature.issuer}", subject: "${certificateId}", typ: "${signature.typ}" });`}</code>
      </pre>
    </section>
  );
}
