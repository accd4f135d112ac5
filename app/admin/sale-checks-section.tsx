import type { PhoneFacts } from "../../server/contacts/phone-facts";
import { adminButton, adminCard } from "./admin-header";
import { formatCents } from "./buyer-summary";
import { ConfirmForm } from "./kit/confirm";
import { operatorTime } from "./format";
import { Cell, LabelledCell, Row, Table } from "./kit/table";

export interface SaleCheckView {
  name: string;
  outcome: string;
  detail: string | null;
  answer: string | null;
  durationMs: number;
  priceCents: number;
  cached: boolean;
  policy: string | null;
  at: string;
}

export const RELEASE_HELD = "release-held";

const outcomeBadge: Record<string, string> = {
  pass: "bg-emerald-100 text-emerald-900",
  block: "bg-red-100 text-red-900",
  unavailable: "bg-amber-100 text-amber-900",
};

/**
 * The lead page's checks before a sale (docs/decisions/048): each result with its time, price and
 * whether it came from the cache; the phone's offline facts; and, for a held lead, why, with a release.
 */
export function SaleChecksSection({
  checks,
  phoneFacts,
  statedState,
  buyerStatus,
  heldReason,
  canRelease,
  timeZone,
}: {
  checks: SaleCheckView[];
  phoneFacts: PhoneFacts;
  statedState: string | null;
  buyerStatus: string | null;
  heldReason: string | null;
  canRelease: boolean;
  timeZone: string;
}) {
  const mismatch = phoneFacts.areaCodeInState === false;
  return (
    <section aria-labelledby="sale-checks-title" className={adminCard}>
      <h2 id="sale-checks-title" className="text-lg font-bold">
        Checks before a sale
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr] sm:items-baseline">
        <dt className="font-semibold text-slate-600">Phone line type</dt>
        <dd data-testid="phone-line-type">
          {phoneFacts.lineType ? phoneFacts.lineType.replaceAll("_", " ") : "-"}
        </dd>
        <dt className="font-semibold text-slate-600">Area code</dt>
        <dd data-testid="area-code">
          {phoneFacts.areaCode ?? "-"}
          {phoneFacts.areaCodeState
            ? ` (${phoneFacts.areaCodeState})`
            : phoneFacts.areaCode
              ? " (state unknown)"
              : ""}
          {mismatch ? (
            <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              not in the stated state {statedState}
            </span>
          ) : null}
        </dd>
        {buyerStatus === "checking" ? (
          <>
            <dt className="font-semibold text-slate-600">Status</dt>
            <dd>Waiting for its checks; it is sold once they pass.</dd>
          </>
        ) : null}
      </dl>
      {heldReason ? (
        <div
          className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm"
          data-testid="held-reason"
        >
          <p className="font-semibold">Held back from buyers</p>
          <p className="mt-1">{heldReason}</p>
          {canRelease ? (
            <ConfirmForm
              question="Release this lead and route it to buyers despite its checks?"
              fields={{ intent: RELEASE_HELD }}
              className="mt-2"
            >
              <button
                type="submit"
                className={`${adminButton} border border-slate-300 bg-white hover:bg-slate-50`}
              >
                Release and route
              </button>
            </ConfirmForm>
          ) : null}
        </div>
      ) : null}
      {checks.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">
          No check ran for this lead.
        </p>
      ) : (
        <Table className="mt-3" stacked caption="Each check's result for this lead" columns={["Check", "Result", "Time", "Price", "Answer"]}>
          {checks.map((check) => (
            <Row key={check.name} className="align-top" data-testid="sale-check">
              <Cell className="max-sm:font-semibold">
                {check.name}
                <span className="block text-xs font-normal text-slate-600">{operatorTime(check.at, timeZone)}</span>
              </Cell>
              <LabelledCell label="Result">
                <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${outcomeBadge[check.outcome] ?? ""}`}>{check.outcome}</span>
                {check.detail ? <span className="block">{check.detail}</span> : null}
                {check.policy ? <span className="block text-slate-600">Policy: {check.policy}</span> : null}
              </LabelledCell>
              <LabelledCell label="Time" className="tabular-nums">
                {check.cached ? "cached" : `${check.durationMs} ms`}
              </LabelledCell>
              <LabelledCell label="Price" className="tabular-nums">
                {formatCents(check.priceCents)}
              </LabelledCell>
              <LabelledCell label="Answer" className="max-w-xs break-words">
                <span className="font-mono text-xs">{check.answer ?? "-"}</span>
              </LabelledCell>
            </Row>
          ))}
        </Table>
      )}
    </section>
  );
}
