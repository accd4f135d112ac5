import { adminButton } from "~/admin/admin-header";
import { operatorTime } from "~/admin/format";
import { signedCents } from "~/buyer/format";
import { Cell, Row, Table } from "~/admin/kit/table";

export interface StatementViewData {
  statement: {
    id: string;
    number: number;
    buyerName: string;
    period: string;
    periodStart: string;
    periodEnd: string;
    timeZone: string;
    issuedAt: string;
    salesCount: number;
    salesCents: number;
    creditsCents: number;
    cancellationsCents: number;
    totalCents: number;
    balanceCents: number;
  };
  lines: { ledgerEntryId: string; createdAt: string; kind: string; leadId: string; caseType: string; amountCents: number; leadName: string | null }[];
}

/** YYYY-MM-DD of the instant in the statement's zone, the days its month is counted in. */
const dayIn = (iso: string, timeZone: string) => new Date(iso).toLocaleDateString("en-CA", { timeZone });

const KIND_LABEL: Record<string, string> = { sale: "Sale", credit: "Credit (return)", cancellation: "Cancellation" };

/**
 * An issued statement as one printable page, for the operator and the buyer alike: its figures, then
 * every ledger line it took. Printing needs no script: the links and buttons are hidden on paper.
 */
export function StatementView({ data, csvHref, backHref, leadHref }: { data: StatementViewData; csvHref: string; backHref: string; leadHref?: (leadId: string) => string }) {
  const { statement, lines } = data;
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-6 px-4 py-8 print:max-w-none print:p-0">
      <div className="flex flex-wrap gap-2 print:hidden">
        <a href={backHref} className={`${adminButton} border border-slate-300 bg-white hover:bg-slate-50`}>
          Back
        </a>
        <a href={csvHref} className={`${adminButton} border border-slate-300 bg-white hover:bg-slate-50`} data-testid="statement-csv">
          Download CSV
        </a>
      </div>
      <article aria-labelledby="statement-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 print:shadow-none print:ring-0" data-testid="statement">
        <h2 id="statement-title" className="text-xl font-bold">
          Statement no. {statement.number}: {statement.buyerName}, {statement.period}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Ledger entries written from {operatorTime(statement.periodStart, statement.timeZone)} to {operatorTime(statement.periodEnd, statement.timeZone)} not on an earlier
          statement. Issued {operatorTime(statement.issuedAt, statement.timeZone)}.
        </p>
        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">Leads sold</dt>
          <dd>{statement.salesCount}</dd>
          <dt className="font-semibold">Sales</dt>
          <dd>{signedCents(statement.salesCents)}</dd>
          <dt className="font-semibold">Credits (returns)</dt>
          <dd data-testid="statement-credits">{signedCents(statement.creditsCents)}</dd>
          <dt className="font-semibold">Cancellations</dt>
          <dd>{signedCents(statement.cancellationsCents)}</dd>
          <dt className="font-semibold">Total of this statement</dt>
          <dd data-testid="statement-total">{signedCents(statement.totalCents)}</dd>
          <dt className="font-semibold">Balance (all statements)</dt>
          <dd>{signedCents(statement.balanceCents)}</dd>
        </dl>
        <Table className="mt-6" caption="The statement's ledger lines" columns={["Date", "Kind", "Lead", "Claim", { label: "Amount", className: "text-right" }]}>
          {lines.length === 0 ? (
            <Row>
              <Cell colSpan={5}>
                Nothing this month.
              </Cell>
            </Row>
          ) : (
            lines.map((line) => (
              <Row key={line.ledgerEntryId} data-kind={line.kind} data-lead-id={line.leadId}>
                <Cell className="whitespace-nowrap">{dayIn(line.createdAt, statement.timeZone)}</Cell>
                <Cell>{KIND_LABEL[line.kind] ?? line.kind}</Cell>
                <Cell>
                  {leadHref ? (
                    <a href={leadHref(line.leadId)} className="inline-flex min-h-11 items-center text-brand underline print:min-h-0">
                      {line.leadName ?? line.leadId}
                    </a>
                  ) : (
                    (line.leadName ?? line.leadId)
                  )}
                </Cell>
                <Cell>{line.caseType}</Cell>
                <Cell className="text-right whitespace-nowrap">{signedCents(line.amountCents)}</Cell>
              </Row>
            ))
          )}
        </Table>
      </article>
    </main>
  );
}
