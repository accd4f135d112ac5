import { Cell, Row, Table } from "~/admin/kit/table";
import { signedCents } from "~/buyer/format";

export interface StatementRow {
  id: string;
  number: number;
  period: string;
  salesCount: number;
  totalCents: number;
  balanceCents: number;
}

/**
 * A buyer's statements, newest first, each linked to its page: the operator's list on the buyer's page
 * and the buyer's own in the portal, which name the number and the sales in their own words.
 */
export function StatementList({
  statements,
  hrefOf,
  numberLabel,
  salesLabel,
  numberText,
}: {
  statements: readonly StatementRow[];
  hrefOf: (id: string) => string;
  numberLabel: string;
  salesLabel: string;
  numberText: (number: number) => string;
}) {
  return (
    <Table className="mt-4" columns={[numberLabel, "Month", salesLabel, "Total", "Balance"]}>
      {statements.map((s) => (
        <Row key={s.id} data-statement-id={s.id}>
          <Cell>
            <a href={hrefOf(s.id)} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
              {numberText(s.number)}
            </a>
          </Cell>
          <Cell>{s.period}</Cell>
          <Cell>{s.salesCount}</Cell>
          <Cell>{signedCents(s.totalCents)}</Cell>
          <Cell>{signedCents(s.balanceCents)}</Cell>
        </Row>
      ))}
    </Table>
  );
}
