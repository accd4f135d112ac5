import { Cell, LabelledCell, Row, Table } from "./kit/table";

export interface AttemptView {
  at: string;
  status: number | null;
  durationMs: number;
  error: string | null;
  responseBody: string | null;
}

/** A delivery's attempts on the lead page; on a phone each is a short block, its error on a line of its own. */
export function DeliveryAttempts({ target, attempts, time }: { target: string; attempts: readonly AttemptView[]; time: (iso: string) => string }) {
  return (
    <Table className="mt-3" stacked caption={`Attempts to ${target}`} columns={["Time", "HTTP", "Duration", "Error", "Response"]}>
      {attempts.map((attempt, i) => (
        <Row key={i} className="align-top">
          <Cell className="whitespace-nowrap max-sm:font-semibold">{time(attempt.at)}</Cell>
          <LabelledCell label="HTTP">{attempt.status ?? "-"}</LabelledCell>
          <LabelledCell label="Duration" className="whitespace-nowrap">
            {attempt.durationMs} ms
          </LabelledCell>
          <Cell className="text-red-800">{attempt.error ?? ""}</Cell>
          <LabelledCell label="Response">
            {attempt.responseBody ? (
              <details>
                <summary className="cursor-pointer">Show</summary>
                <pre className="mt-1 max-w-[60ch] overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">{attempt.responseBody}</pre>
              </details>
            ) : (
              "-"
            )}
          </LabelledCell>
        </Row>
      ))}
    </Table>
  );
}
