import type { CertificateCheck } from "../../server/certificates/certificate-match";
import { adminCard } from "./admin-header";
import { operatorTime } from "./format";

const result = (matched: boolean | null) => (matched === null ? "not asked" : matched ? "match" : "no match");

/** The lead page's record of which buyers checked its certificate through the match API, and what they were told. */
export function CertificateChecksSection({ checks, timeZone }: { checks: CertificateCheck[]; timeZone: string }) {
  return (
    <section aria-labelledby="certificate-checks-title" className={adminCard}>
      <h2 id="certificate-checks-title" className="text-lg font-bold">
        Certificate checks
      </h2>
      {checks.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No buyer has checked this certificate.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Buyers&apos; checks of the certificate by e-mail and phone</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-1 pr-3">Time</th>
                <th scope="col" className="py-1 pr-3">Buyer</th>
                <th scope="col" className="py-1 pr-3">E-mail</th>
                <th scope="col" className="py-1">Phone</th>
              </tr>
            </thead>
            <tbody>
              {checks.map((check, i) => (
                <tr key={i} className="border-b border-slate-100" data-testid="certificate-check">
                  <td className="py-1 pr-3">{operatorTime(check.at, timeZone)}</td>
                  <td className="py-1 pr-3">{check.buyer}</td>
                  <td className="py-1 pr-3">{result(check.email)}</td>
                  <td className="py-1">{result(check.phone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
