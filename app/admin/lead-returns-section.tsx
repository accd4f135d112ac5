import { adminButton, adminCard } from "./admin-header";
import { ConfirmForm } from "./kit/confirm";
import { operatorTime } from "./format";
import { formatCents, RETURN_REASON_LABELS } from "~/buyer/format";

export const RETURN_FOR_BUYER = "return-for-buyer";

export interface LeadSaleView {
  saleId: string;
  buyerId: string;
  buyerName: string;
  soldAt: string;
  amountCents: number;
  returnId: string | null;
  reason: string | null;
  returnState: "none" | "requested" | "approved" | "rejected";
}

const STATE_LABEL = { none: "", requested: "return waiting for approval", approved: "returned", rejected: "return rejected" } as const;

/**
 * The lead page's sales, each with its return: the operator returns a lead for a buyer (approved at
 * once, credited in the ledger), with a reason like the buyer's own.
 */
export function LeadReturnsSection({ sales, reasons, canReturn, timeZone }: { sales: LeadSaleView[]; reasons: readonly string[]; canReturn: boolean; timeZone: string }) {
  if (!sales.length) return null;
  return (
    <section aria-labelledby="sales-title" className={adminCard}>
      <h2 id="sales-title" className="text-lg font-bold">
        Sales and returns
      </h2>
      <ul className="mt-3 space-y-4">
        {sales.map((sale) => (
          <li key={sale.saleId} className="border-b border-slate-100 pb-3" data-sale-id={sale.saleId}>
            <p>
              Sold to <a href={`/admin/buyers/${encodeURIComponent(sale.buyerId)}`} className="text-brand underline">{sale.buyerName}</a> for {formatCents(sale.amountCents)},{" "}
              {operatorTime(sale.soldAt, timeZone)}
              {sale.returnState !== "none" ? ` — ${STATE_LABEL[sale.returnState]} (${RETURN_REASON_LABELS[sale.reason ?? ""] ?? sale.reason})` : ""}
            </p>
            {canReturn && sale.returnState === "none" ? (
              <ConfirmForm
                question={`Return this lead for ${sale.buyerName}? ${formatCents(sale.amountCents)} is credited to it at once.`}
                fields={{ intent: RETURN_FOR_BUYER, buyerId: sale.buyerId }}
                className="mt-2 flex flex-wrap items-end gap-3"
              >
                <div>
                  <label htmlFor={`reason-${sale.saleId}`} className="block text-sm font-semibold">
                    Reason
                  </label>
                  <select id={`reason-${sale.saleId}`} name="reason" className="mt-1 block min-h-11 rounded-lg border border-slate-300 px-3">
                    {reasons.map((reason) => (
                      <option key={reason} value={reason}>
                        {RETURN_REASON_LABELS[reason] ?? reason}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="min-w-0 grow">
                  <label htmlFor={`text-${sale.saleId}`} className="block text-sm font-semibold">
                    Details (required for “Other”)
                  </label>
                  <input id={`text-${sale.saleId}`} name="text" maxLength={500} className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3" />
                </div>
                <button type="submit" className={`${adminButton} border border-slate-300 hover:bg-slate-50`}>
                  Return for the buyer
                </button>
              </ConfirmForm>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
