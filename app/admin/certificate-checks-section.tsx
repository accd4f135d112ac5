import type { CertificateCheck } from "../../server/certificates/certificate-match";
import { adminCard } from "./admin-header";
import { operatorTime } from "./format";
import { Cell, Row, Table } from "./kit/table";

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
        <Table className="mt-3" caption="Buyers' checks of the certificate by e-mail and phone" columns={["Time", "Buyer", "E-mail", "Phone"]}>
          {checks.map((check, i) => (
            <Row key={i} data-testid="certificate-check">
              <Cell>{operatorTime(check.at, timeZone)}</Cell>
              <Cell>{check.buyer}</Cell>
              <Cell>{result(check.email)}</Cell>
              <Cell>{result(check.phone)}</Cell>
            </Row>
          ))}
        </Table>
      )}
    </section>
  );
}
