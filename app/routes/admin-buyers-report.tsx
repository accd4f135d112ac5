import { Link } from "react-router";
import { AdminHeader, adminCard } from "~/admin/admin-header";
import { buyerReportView, type BuyerReportView, type ReportFigures } from "~/admin/buyer-report-view";
import { NOINDEX, requireOperatorPage } from "~/admin/require-operator";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/admin-buyers-report";

export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = () => [{ title: "Buyer report | Admin" }, NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperatorPage(request, context);
  return { buyers: (await context.buyers.report()).map(buyerReportView) };
}

const badge = "inline-block rounded-full px-2 py-0.5 text-xs font-semibold";
const numberCell = "px-2 py-2 text-right tabular-nums";

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
            yet; revenue is the leads accepted at the buyer&apos;s price.
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
      {/* Scrolls inside the card on a narrow phone, never the page; focusable so the keyboard can scroll it. */}
      <div role="region" aria-labelledby={`${titleId}-caption`} tabIndex={0} className="mt-4 overflow-x-auto">
        <table className="w-full min-w-[19rem] text-sm">
          <caption id={`${titleId}-caption`} className="sr-only">
            {buyer.name}: leads per day, last 7 days, newest first
          </caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-2 text-left">
                Day
              </th>
              <th scope="col" className={numberCell}>
                Sent
              </th>
              <th scope="col" className={numberCell}>
                Accepted
              </th>
              <th scope="col" className={numberCell}>
                Rejected
              </th>
              <th scope="col" className={numberCell}>
                Waiting
              </th>
              <th scope="col" className={`${numberCell} pr-0`}>
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {buyer.days.map((day) => (
              <tr key={day.day} className="border-b border-slate-100" data-day={day.day}>
                <th scope="row" className="py-2 pr-2 text-left font-normal whitespace-nowrap">
                  <time dateTime={day.day}>{day.label}</time>
                </th>
                <Figures figures={day} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold" data-day="total">
              <th scope="row" className="py-2 pr-2 text-left whitespace-nowrap">
                7 days
              </th>
              <Figures figures={buyer.total} />
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

function Figures({ figures }: { figures: ReportFigures }) {
  return (
    <>
      <td className={numberCell}>{figures.sent}</td>
      <td className={numberCell}>{figures.accepted}</td>
      <td className={numberCell}>{figures.rejected}</td>
      <td className={numberCell}>{figures.waiting}</td>
      <td className={`${numberCell} pr-0 whitespace-nowrap`}>{figures.revenue}</td>
    </>
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
