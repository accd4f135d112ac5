import { Link } from "react-router";
import { AdminHeader, adminCard } from "~/admin/admin-header";
import { buyerReportView, type BuyerReportView, type ReportFigures } from "~/admin/buyer-report-view";
import { NOINDEX, requireOperatorPage } from "~/admin/require-operator";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/admin-buyers-report";

export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = () => [{ title: "Buyer report | Admin" }, NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperatorPage(request, context, "buyers.view");
  return { buyers: (await context.buyers.report()).map(buyerReportView) };
}

const badge = "inline-block rounded-full px-2 py-0.5 text-xs font-semibold";
const numberHead = "px-2 py-2 text-right";
// On a phone each day is two lines, the day and its revenue, then its counts in words; no columns to cut off.
const numberCell = "px-2 py-2 text-right tabular-nums max-sm:order-2 max-sm:p-0 max-sm:pr-2 max-sm:pt-1 max-sm:text-left max-sm:text-slate-700";
const revenueCell = "py-2 pl-2 text-right tabular-nums whitespace-nowrap max-sm:order-1 max-sm:w-1/2 max-sm:p-0";
const dayCell = "py-2 pr-2 text-left whitespace-nowrap max-sm:w-1/2 max-sm:p-0";
const dayRow = "border-b border-slate-100 max-sm:flex max-sm:flex-wrap max-sm:py-2";

export default function AdminBuyersReport({ loaderData }: Route.ComponentProps) {
  const { buyers } = loaderData;
  return (
    <>
      <AdminHeader title="Buyer report" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <div className="space-y-2">
          <Link to="/admin/buyers" className="inline-flex min-h-11 items-center font-semibold text-brand underline">
            ← All buyers
          </Link>
          <p className="text-slate-700">
            The last 7 days of each buyer, newest first, counted in the buyer&apos;s own time zone. Waiting leads have not been answered
            yet; revenue is what the accepted leads were sold for: an auction&apos;s winning bid, else the buyer&apos;s price.
          </p>
        </div>
        {buyers.length === 0 ? (
          <p className={adminCard}>No buyers yet.</p>
        ) : (
          buyers.map((buyer) => <BuyerCard key={buyer.id} buyer={buyer} />)
        )}
      </main>
    </>
  );
}

function BuyerCard({ buyer }: { buyer: BuyerReportView }) {
  const titleId = `report-${buyer.id}`;
  return (
    <section aria-labelledby={titleId} className={`${adminCard} max-sm:p-4`} data-buyer-id={buyer.id}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={titleId} className="text-lg font-bold">
          {buyer.name}
        </h2>
        <span className={`${badge} ${buyer.active ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"}`}>
          {buyer.active ? "Active" : "Paused"}
        </span>
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:flex sm:flex-wrap">
        <Fact label="Cap" testId="cap-left">
          {buyer.capLeft}
        </Fact>
        <Fact label="Price" testId="price">
          {buyer.price}
        </Fact>
        <Fact label="Days in">{buyer.timeZone}</Fact>
      </dl>
      <table className="mt-4 w-full text-sm max-sm:block">
        <caption className="mb-1 text-left font-semibold text-slate-700 max-sm:block">
          <span className="sr-only">{buyer.name}: </span>Last 7 days, newest first
        </caption>
        <thead className="max-sm:sr-only">
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2 pr-2 text-left">
              Day
            </th>
            <th scope="col" className={numberHead}>
              Sent
            </th>
            <th scope="col" className={numberHead}>
              Accepted
            </th>
            <th scope="col" className={numberHead}>
              Rejected
            </th>
            <th scope="col" className={numberHead}>
              Waiting
            </th>
            <th scope="col" className="py-2 pl-2 text-right">
              Revenue
            </th>
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {buyer.days.map((day) => (
            <tr key={day.day} className={dayRow} data-day={day.day}>
              <th scope="row" className={`${dayCell} font-normal`}>
                <time dateTime={day.day}>{day.label}</time>
              </th>
              <Figures figures={day} />
            </tr>
          ))}
        </tbody>
        <tfoot className="max-sm:block">
          <tr className={`${dayRow} border-b-0 font-semibold`} data-day="total">
            <th scope="row" className={dayCell}>
              7 days
            </th>
            <Figures figures={buyer.total} />
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

function Figures({ figures }: { figures: ReportFigures }) {
  return (
    <>
      <Count n={figures.sent} word="sent" />
      <Count n={figures.accepted} word="accepted" />
      <Count n={figures.rejected} word="rejected" />
      <Count n={figures.waiting} word="waiting" />
      <td className={revenueCell}>{figures.revenue}</td>
    </>
  );
}

/** The column's name follows the number only where the columns' heads are hidden. */
function Count({ n, word }: { n: number; word: string }) {
  return (
    <td className={numberCell}>
      {n}
      <span className="sm:hidden"> {word}</span>
    </td>
  );
}

function Fact({ label, testId, children }: { label: string; testId?: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="font-semibold text-slate-600">{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
