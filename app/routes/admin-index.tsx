import { data, Link } from "react-router";
import { AdminHeader, adminCard } from "~/admin/admin-header";
import { DailyBars, dropOffNote, FunnelBars, PercentBars } from "~/admin/dashboard-charts";
import { FiguresTable } from "~/admin/figures-table";
import { signedCents } from "~/admin/buyer-summary";
import { CampaignMarginSection } from "~/admin/campaign-margin-section";
import { NOINDEX, requireOperatorPage } from "~/admin/require-operator";
import type { BuyerDeliveries, DashboardPeriod, FunnelStage, SupplierFigures } from "../../server/analytics/funnel-dashboard";
import type { MoneyTotals } from "../../server/ledger";
import type { Route } from "./+types/admin-index";

// The operator's dashboard (issue 13): no `hydrate`, so it ships no JavaScript; the period is a link.
export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin" }, NOINDEX];

const PERIODS: readonly DashboardPeriod[] = [7, 30, 90];
const DEFAULT_PERIOD: DashboardPeriod = 30;

function unofferedPeriod(asked: string): string {
  const offered = `${PERIODS.slice(0, -1).join(", ")} or ${PERIODS.at(-1)} days`;
  const refused = /^\d{1,4}$/.test(asked) ? `The dashboard does not offer ${asked} days` : `“${asked.slice(0, 20)}” is not a number of days`;
  return `${refused}: it shows ${offered}. These are the last ${DEFAULT_PERIOD} days.`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperatorPage(request, context, "dashboard.view");
  const asked = new URL(request.url).searchParams.get("days");
  const period = PERIODS.find((p) => String(p) === asked) ?? DEFAULT_PERIOD;
  // A period the dashboard does not offer is answered as a mistake, with the default period and why.
  const periodNotice = asked !== null && String(period) !== asked ? unofferedPeriod(asked) : null;
  const started = performance.now();
  const figures = await context.dashboard.read(period);
  // The figures' time, for `npm run bench:dashboard` and the browser's network panel.
  return data(
    { ...figures, periodNotice },
    { status: periodNotice ? 400 : 200, headers: { "Server-Timing": `dashboard;dur=${(performance.now() - started).toFixed(1)}` } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

const number = (n: number) => n.toLocaleString("en-US");
const dropOff = (stage: FunnelStage) => (stage.dropOffPercent === null ? "–" : `${stage.dropOffPercent}%`);

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { period, periodNotice, days, timeZone, leadsPerDay, funnels, deliveries, destinations, money, flood, pausedBuyers, suppliers, campaigns } = loaderData;
  const spam = leadsPerDay.reduce((sum, claim) => sum + claim.spam, 0);
  return (
    <>
      <AdminHeader title="Dashboard" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        {periodNotice ? (
          <p role="alert" className="rounded-2xl border-2 border-amber-400 bg-amber-50 p-4 font-semibold" data-testid="period-notice">
            {periodNotice}
          </p>
        ) : null}
        <nav aria-label="Period" className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-700">Period:</span>
          {PERIODS.map((p) => (
            <Link
              key={p}
              to={`/admin?days=${p}`}
              aria-current={p === period ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-lg px-4 font-semibold ${p === period ? "bg-brand text-white" : "border border-slate-300 text-slate-800"}`}
            >
              {p} days
            </Link>
          ))}
          <span className="text-sm text-slate-700">
            {days[0]} to {days.at(-1)}, days in {timeZone}
          </span>
        </nav>

        {pausedBuyers.length ? (
          <section aria-labelledby="paused-title" className={`${adminCard} ring-amber-300`} data-testid="paused-buyers">
            <h2 id="paused-title" className="text-lg font-bold">
              Paused buyers
            </h2>
            <p className="mt-1 text-sm text-slate-700">They get no leads until an operator resumes them on the Buyers page.</p>
            <ul className="mt-2 space-y-1 text-sm">
              {pausedBuyers.map((buyer) => (
                <li key={buyer.id}>
                  <Link to={`/admin/buyers/${buyer.id}`} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
                    {buyer.name}
                  </Link>
                  {buyer.automatic ? `: paused automatically ${buyer.at ? `at ${buyer.at.slice(0, 16).replace("T", " ")} UTC` : ""}, ${buyer.reason}` : ": paused by an operator"}
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="leads-title" className={adminCard}>
          <h2 id="leads-title" className="text-lg font-bold">
            Leads per day
          </h2>
          <p className="mt-1 text-sm text-slate-700" data-testid="spam-note">
            Spam included: {number(spam)} of the period's leads {spam === 1 ? "is" : "are"} marked as spam. Days are in {timeZone}, as in the lead list.
          </p>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            {leadsPerDay.map((claim) => (
              <div key={claim.caseType}>
                <h3 className="text-sm font-semibold">
                  {claim.title}: {number(claim.total)}
                  {claim.spam ? ` (${number(claim.spam)} spam)` : ""}
                </h3>
                <DailyBars id={`leads-${claim.caseType}`} title={`Leads per day, ${claim.title}`} days={days} counts={claim.counts} />
              </div>
            ))}
          </div>
          <details className="mt-4">
            <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand underline">Leads per day as a table</summary>
            <FiguresTable
              id="leads-per-day"
              label="Leads per day and claim"
              caption="Leads per day and claim"
              heads={["Day", ...leadsPerDay.map((claim) => claim.caseType)]}
              rows={days.map((day, i) => ({ key: day, name: day, figures: leadsPerDay.map((claim) => number(claim.counts[i]!)) }))}
            />
          </details>
        </section>

        {flood.refusedEvents > 0 ? (
          <p role="status" className={adminCard} data-funnel-flood>
            Not counted in the funnels: {number(flood.refusedEvents)} events of new visitors from {number(flood.addresses)}{" "}
            {flood.addresses === 1 ? "address" : "addresses"} that brought more new visitors in a day than one address plausibly does (a flood of
            beacons or changing user agents).
          </p>
        ) : null}

        {funnels.map((funnel) => (
          <section key={funnel.slug} aria-labelledby={`funnel-${funnel.slug}`} className={adminCard} data-funnel={funnel.slug}>
            <h2 id={`funnel-${funnel.slug}`} className="text-lg font-bold">
              Funnel: {funnel.title}
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              Unique visitors per day, summed over the period.
              {funnel.hasOutcomes
                ? ` Outcomes of submitted claims: ${number(funnel.outcomes.eligible)} eligible, ${number(funnel.outcomes.partial)} partial, ${number(funnel.outcomes.ineligible)} ineligible.`
                : " This claim has no eligibility check."}
            </p>
            <div className="mt-3 grid gap-6 lg:grid-cols-2">
              <FunnelBars id={`funnel-chart-${funnel.slug}`} title={`Funnel, ${funnel.title}`} stages={funnel.stages} />
              <FiguresTable
                id={`funnel-${funnel.slug}`}
                label={`Funnel of ${funnel.title}`}
                caption={`Funnel of ${funnel.title}: visitors and drop-off per stage`}
                heads={["Stage", "Visitors", "Drop-off"]}
                rows={funnel.stages.map((stage) => ({ key: stage.label, name: stage.label, figures: [number(stage.visitors), dropOff(stage)] }))}
              />
            </div>
            {funnel.bySource.length ? (
              <details className="mt-4">
                <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand underline">
                  By UTM source ({funnel.bySource.length})
                </summary>
                <FiguresTable
                  id={`funnel-sources-${funnel.slug}`}
                  label={`Funnel of ${funnel.title} by UTM source`}
                  caption={`Funnel of ${funnel.title} by UTM source: visitors (drop-off)`}
                  heads={["Stage", ...funnel.bySource.map((source) => source.source)]}
                  rows={funnel.stages.map((stage, i) => ({
                    key: stage.label,
                    name: stage.label,
                    figures: funnel.bySource.map((source) => `${number(source.stages[i]!.visitors)}${dropOffNote(source.stages[i]!)}`),
                  }))}
                />
              </details>
            ) : null}
          </section>
        ))}

        <section aria-labelledby="money-title" className={adminCard} data-testid="money">
          <h2 id="money-title" className="text-lg font-bold">
            Revenue and returns
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            From the sales ledger: sales to paying buyers at their price when sold, less returns and credits, on the day each was
            written. Total revenue: <strong data-testid="revenue-total">{signedCents(money.total.netCents)}</strong> from{" "}
            {number(money.total.sales)} sales, {number(money.total.returns)} returned.
          </p>
          <MoneyTable label="Revenue and returns per buyer" id="money-buyers" head="Buyer" rows={money.byBuyer.map((m) => ({ key: m.buyerId, label: m.name, totals: m }))} />
          <MoneyTable label="Revenue and returns per claim" id="money-claims" head="Claim" rows={money.byClaim.map((m) => ({ key: m.caseType, label: m.title, totals: m }))} />
          <MoneyTable
            label="Revenue and returns per day"
            id="money-days"
            head="Day"
            rows={money.byDay.filter((m) => m.sales || m.returns || m.netCents).map((m) => ({ key: m.day, label: m.day, totals: m })).reverse()}
          />
        </section>

        <SuppliersSection rows={suppliers} />

        <CampaignMarginSection margin={campaigns} />

        <DeliveriesSection
          id="deliveries"
          title="Deliveries per paying buyer"
          intro="Deliveries made in the period to the buyers who pay for leads (events excluded)."
          nameHead="Buyer"
          rows={deliveries}
        />
        <DeliveriesSection
          id="destinations"
          title="Deliveries to other destinations"
          intro="Copies that are not sales: the Setup page's webhook (your own copy of every lead) and any target without a buyer."
          nameHead="Destination"
          rows={destinations}
        />
      </main>
    </>
  );
}

function MoneyTable({ label, id, head, rows }: { label: string; id: string; head: string; rows: { key: string; label: string; totals: MoneyTotals }[] }) {
  if (!rows.length) return <p className="mt-3 text-slate-700">{label}: nothing in this period.</p>;
  return (
    <FiguresTable
      id={id}
      label={label}
      caption={label}
      showCaption
      heads={[head, "Sales", "Sold for", "Returns", "Returned", "Revenue"]}
      rows={rows.map(({ key, label: name, totals }) => ({
        key,
        name,
        data: { "data-key": key },
        figures: [number(totals.sales), signedCents(totals.salesCents), number(totals.returns), signedCents(totals.returnsCents), signedCents(totals.netCents)],
      }))}
    />
  );
}

const rate = (percent: number | null) => (percent === null ? "–" : `${percent}%`);

/** Each source of leads: its leads, their quality, and what it earned less what it cost (docs/decisions/046). */
function SuppliersSection({ rows }: { rows: SupplierFigures[] }) {
  return (
    <section aria-labelledby="suppliers-title" className={adminCard} data-testid="supplier-figures">
      <h2 id="suppliers-title" className="text-lg font-bold">
        Leads and margin per source
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Our own forms and each supplier: leads that arrived in the period, the share of them marked spam or repeating a person&apos;s earlier lead,
        returns over sales written in the period, and the margin: the ledger&apos;s revenue from the source&apos;s leads less their payout (each
        lead&apos;s payout as it was when the lead was accepted).
      </p>
      <FiguresTable
        id="suppliers"
        label="Table: leads and margin per source"
        caption="Leads, spam, duplicate and return rates, revenue, payout and margin per source"
        heads={["Source", "Leads", "Spam", "Duplicates", "Returns", "Revenue", "Payout", "Margin"]}
        strongLast
        rows={rows.map((row) => ({
          key: row.supplierId,
          name: row.name,
          data: { "data-source": row.supplierId },
          figures: [
            number(row.leads),
            rate(row.spamRatePercent),
            rate(row.duplicateRatePercent),
            rate(row.returnRatePercent),
            signedCents(row.revenueCents),
            signedCents(row.payoutCents),
            signedCents(row.marginCents),
          ],
        }))}
      />
    </section>
  );
}

function DeliveriesSection({ id, title, intro, nameHead, rows }: { id: string; title: string; intro: string; nameHead: string; rows: BuyerDeliveries[] }) {
  return (
    <section aria-labelledby={`${id}-title`} className={adminCard}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {intro} Failure rate: failed and dead over delivered, failed and dead.
      </p>
      {rows.length === 0 ? (
        <p className="mt-3 text-slate-700">No deliveries in this period.</p>
      ) : (
        <>
          <div className="mt-3 max-w-xl">
            <PercentBars
              id={`${id}-failures`}
              title={`Failure rate per ${nameHead.toLowerCase()}`}
              rows={rows.map((d) => ({ label: d.name, percent: d.failureRatePercent }))}
            />
          </div>
          <FiguresTable
            id={id}
            label={`Table: ${title}`}
            caption={`${title} and the failure rate`}
            heads={[nameHead, "Delivered", "Failed", "Dead", "Pending", "Cancelled", "Total", "Failure rate"]}
            rows={rows.map((d) => ({
              key: d.destination,
              name: d.name,
              data: { "data-destination": d.destination },
              figures: [number(d.delivered), number(d.failed), number(d.dead), number(d.pending), number(d.cancelled), number(d.total), rate(d.failureRatePercent)],
            }))}
          />
        </>
      )}
    </section>
  );
}
