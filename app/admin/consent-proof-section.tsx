import type { ConsentProofView } from "../../server/lead-console/consent-proof";
import { adminCard } from "./admin-header";

const textLink = "inline-flex min-h-11 items-center text-brand underline";

/** The lead page's consent proof (docs/decisions/026): which consent text, how the form was filled in, and the page as shown. */
export function ConsentProofSection({ proof }: { proof: ConsentProofView }) {
  const rows: Array<[string, React.ReactNode]> = [
    ["Consent text version", <code key="version">{proof.textVersion}</code>],
    ["Consent text SHA-256", <code key="sha" className="break-all">{proof.textSha256}</code>],
    ...proof.facts,
    [
      "Page as shown",
      proof.pageAsShownHref ? (
        <a key="page" href={proof.pageAsShownHref} className={textLink}>
          Open the consent page as shown
        </a>
      ) : (
        proof.noPageReason
      ),
    ],
  ];
  return (
    <section aria-labelledby="consent-proof-title" className={adminCard} data-testid="consent-proof">
      <h2 id="consent-proof-title" className="text-lg font-bold">
        Consent proof
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr] sm:items-baseline">
        {rows.map(([term, detail]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-slate-600">{term}</dt>
            <dd className="break-words">{detail}</dd>
          </div>
        ))}
      </dl>
      {proof.versionDerivedLater ? (
        <p className="mt-3 text-sm text-slate-700">This certificate was saved before versions were recorded: its version and hash are derived from its stored text.</p>
      ) : null}
    </section>
  );
}
