import { data, Link, redirect } from "react-router";
import { LANGUAGE_NAMES } from "~/i18n/language-filter";
import { US_STATES } from "#claims/engine/us-states";
import { AdminHeader, adminButton, adminCard, primaryButton } from "~/admin/admin-header";
import { signedCents } from "~/admin/buyer-summary";
import { ConfirmForm, ConfirmPanel, CONFIRMED_FIELD, type PendingConfirmation } from "~/admin/kit/confirm";
import { age, operatorTime, statusBadge } from "~/admin/format";
import { inputBase, SelectField, TextField } from "~/admin/kit/field";
import { LeadFlagBadges } from "~/admin/lead-flags";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import { Toasts, type Toast } from "~/admin/kit/toasts";
import { readForm } from "~/site/read-form";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/admin-leads";

export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = () => [{ title: "Leads | Admin" }, NOINDEX];

/** A buyer status shown with the colour of the delivery state it resembles. */
const BUYER_STATUS_BADGES = { sold: "delivered", pending: "pending", unsold: "dead", checking: "pending", held: "failed" } as const;

const FILTER_FIELDS = ["q", "claim", "from", "to", "outcome", "state", "delivery", "spam", "revoked", "duplicate", "low_quality", "buyer", "sold_to", "utm_source", "utm_campaign", "supplier", "language"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await requireOperatorPage(request, context, "leads.view");
  const url = new URL(request.url);
  const params = url.searchParams;
  // The filter form sends every field; the view's address keeps only those in use, so it reads as a bookmark.
  const used = [...params].filter(([, value]) => value.trim() !== "");
  if (used.length < [...params].length) throw redirect(`${url.pathname}${used.length ? `?${new URLSearchParams(used)}` : ""}`);
  const values = Object.fromEntries(FILTER_FIELDS.map((name) => [name, params.get(name) ?? ""])) as Record<(typeof FILTER_FIELDS)[number], string>;
  const [result, buyers, suppliers] = await Promise.all([
    context.leadConsole.list(params, { masked: access.operator.role === "viewer" }),
    context.buyers.list(),
    context.suppliers.list(),
  ]);
  const view = {
    ...result,
    values,
    buyers: buyers.map((buyer) => ({ id: buyer.id, name: buyer.name })),
    suppliers: suppliers.map((supplier) => ({ id: supplier.id, name: supplier.name })),
    now: new Date().toISOString(),
    canResend: access.can("leads.resend"),
    canExport: access.can("leads.export"),
  };
  return result.ok ? view : data(view, { status: 400 });
}

type ActionAnswer = { toast?: Toast; confirm?: PendingConfirmation };

export async function action({ request, context }: Route.ActionArgs): Promise<ActionAnswer> {
  const { actor } = await requireOperatorAction(request, context, "leads.resend");
  const form = await readForm(request, context.logger);
  if (form.get("intent") !== "resend-filtered") return { toast: { title: "Error", description: "Unknown action.", tone: "error" } };
  const target = String(form.get("target") ?? "");
  const filter = new URLSearchParams();
  for (const name of FILTER_FIELDS) {
    const value = form.get(name);
    if (typeof value === "string" && value) filter.set(name, value);
  }
  if (form.get(CONFIRMED_FIELD) !== "yes") {
    return {
      confirm: {
        question: `Re-send every failed or dead ${target} delivery of the leads in this view?`,
        fields: { intent: "resend-filtered", target, ...Object.fromEntries(filter) },
        label: "Re-send them",
      },
    };
  }
  const result = await context.leadConsole.resendFiltered(filter, target, actor);
  if (!result.ok) return { toast: { title: "Error", description: result.message, tone: "error" } };
  return {
    toast: {
      title: result.count ? "Deliveries Queued" : "Nothing to Re-send",
      description:
        (result.count
          ? `${result.count.toLocaleString("en-US")} ${result.target} deliver${result.count === 1 ? "y is" : "ies are"} queued and will be sent shortly.`
          : `No failed or dead ${result.target} deliveries in this view.`) +
        (result.skipped
          ? ` ${result.skipped.toLocaleString("en-US")} ${result.skipped === 1 ? "was" : "were"} left as they are: the lead went to another buyer since, or the buyer's cap is reached.`
          : ""),
      tone: "success",
    },
  };
}

const OUTCOME_LABELS: Record<string, string> = { eligible: "Eligible", partial: "Partial", ineligible: "Ineligible", none: "No screening" };
const label = "block text-sm font-semibold text-slate-700";

export default function AdminLeads({ loaderData, actionData }: Route.ComponentProps) {
  const view = loaderData;
  const { values, choices } = view;
  const errors: Record<string, string> = view.ok ? {} : view.errors;
  const filterFields = Object.fromEntries(Object.entries(values).filter(([, v]) => v));
  const exportHref = `/admin/leads/export.csv${view.ok && view.filterQuery ? `?${view.filterQuery}` : ""}`;
  const field = (name: (typeof FILTER_FIELDS)[number]) => ({ id: `filter-${name}`, name, defaultValue: values[name], error: errors[name] });
  // The filters beyond the search fold away, open when one is in use or wrong: on a phone they were 1.5 screens.
  const moreInUse = FILTER_FIELDS.filter((name) => name !== "q" && (values[name] || errors[name])).length;

  return (
    <>
      <Toasts latest={actionData?.toast} />
      <AdminHeader title="Leads" skipLinks={view.ok && view.leads.length ? [{ href: "#lead-list", label: "Skip to the leads" }] : []} />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        {actionData?.confirm ? <ConfirmPanel confirmation={actionData.confirm} cancelHref={`/admin/leads${view.ok && view.filterQuery ? `?${view.filterQuery}` : ""}`} /> : null}

        <section aria-labelledby="filter-title" className={adminCard}>
          <h2 id="filter-title" className="text-lg font-bold">
            Find leads
          </h2>
          {!view.ok ? (
            <p role="alert" className="mt-2 font-semibold text-red-800">
              {errors.page ?? "Some filters could not be used. Please correct them."}
            </p>
          ) : null}
          <form method="get" className="mt-4 space-y-4">
            <div className="flex flex-wrap items-end gap-2">
              <div className="min-w-0 flex-1 basis-64">
                <TextField type="search" {...field("q")} label="Name, e-mail or phone" labelClassName={label} />
              </div>
              <button type="submit" className={primaryButton}>
                Apply filters
              </button>
              <a href="/admin/leads" className={`${adminButton} border border-slate-300 hover:bg-slate-50`}>
                Clear
              </a>
            </div>
            <details open={moreInUse > 0} className="group rounded-lg border border-slate-200">
              <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-3 font-semibold text-slate-800">
                <span aria-hidden="true" className="group-open:rotate-90">▸</span>
                More filters{moreInUse ? ` (${moreInUse} in use)` : ""}
              </summary>
              <div className="grid gap-4 p-3 sm:grid-cols-2 lg:grid-cols-4">
            <SelectField {...field("claim")} label="Claim" labelClassName={label}>
              <option value="">All claims</option>
              {choices.caseTypes.map((caseType) => (
                <option key={caseType} value={caseType}>
                  {caseType}
                </option>
              ))}
            </SelectField>
            <SelectField {...field("outcome")} label="Outcome" labelClassName={label}>
              <option value="">Any outcome</option>
              {Object.entries(OUTCOME_LABELS).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </SelectField>
            <TextField type="date" {...field("from")} label="Submitted from" labelClassName={label} />
            <TextField type="date" {...field("to")} label="Submitted to" labelClassName={label} />
            <SelectField {...field("state")} label="State" labelClassName={label}>
              <option value="">All states</option>
              {US_STATES.map((state) => (
                <option key={state.value} value={state.value}>
                  {state.label}
                </option>
              ))}
            </SelectField>
            <SelectField {...field("language")} label="Language" labelClassName={label}>
              <option value="">Any language</option>
              {Object.entries(LANGUAGE_NAMES).map(([value, name]) => (
                <option key={value} value={value}>
                  {name}
                </option>
              ))}
            </SelectField>
            <SelectField {...field("delivery")} label="Delivery" labelClassName={label}>
              <option value="">Any delivery</option>
              {choices.targets.flatMap((target) =>
                ["pending", "delivered", "failed", "dead"].map((status) => (
                  <option key={`${target}:${status}`} value={`${target}:${status}`}>
                    {target}: {status}
                  </option>
                )),
              )}
            </SelectField>
            <SelectField {...field("spam")} label="Spam" labelClassName={label}>
              <option value="">Spam and not spam</option>
              <option value="no">Not spam</option>
              <option value="yes">Spam only</option>
            </SelectField>
            <SelectField {...field("revoked")} label="Consent" labelClassName={label}>
              <option value="">Revoked and standing</option>
              <option value="no">Standing</option>
              <option value="yes">Revoked only</option>
            </SelectField>
            <SelectField {...field("duplicate")} label="Duplicates" labelClassName={label}>
              <option value="">Duplicates and first leads</option>
              <option value="no">Not duplicates</option>
              <option value="yes">Duplicates only</option>
            </SelectField>
            <SelectField {...field("low_quality")} label="Quality" labelClassName={label}>
              <option value="">Any quality</option>
              <option value="no">Not low quality</option>
              <option value="yes">Low quality only</option>
            </SelectField>
            <SelectField {...field("buyer")} label="Buyer" labelClassName={label}>
              <option value="">Any</option>
              <option value="sold">Sold</option>
              <option value="pending">Waiting for a buyer's answer</option>
              <option value="unsold">Unsold</option>
            </SelectField>
            <SelectField {...field("sold_to")} label="Sold to" labelClassName={label}>
              <option value="">Any buyer</option>
              {view.buyers.map((buyer) => (
                <option key={buyer.id} value={buyer.id}>
                  {buyer.name}
                </option>
              ))}
            </SelectField>
            <SelectField {...field("supplier")} label="Source" labelClassName={label}>
              <option value="">Any source</option>
              <option value="first-party">Our own forms</option>
              {view.suppliers.map((supplier) => (
                <option key={supplier.id} value={supplier.id}>
                  {supplier.name}
                </option>
              ))}
            </SelectField>
            <TextField type="text" {...field("utm_source")} label="UTM source" labelClassName={label} />
            <TextField type="text" {...field("utm_campaign")} label="UTM campaign" labelClassName={label} />
              </div>
            </details>
          </form>
          <p className="mt-3 text-sm text-slate-600">Dates are days in {view.timeZone}.</p>
        </section>

        {view.ok ? (
          <section aria-labelledby="results-title" className={adminCard}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="results-title" className="text-lg font-bold" data-testid="lead-count">
                {view.count.toLocaleString("en-US")}
                {view.countIsMore ? "+" : ""} lead{view.count === 1 && !view.countIsMore ? "" : "s"}
              </h2>
              <div className="flex flex-wrap items-center gap-2">
                {view.canExport ? (
                  <a href={exportHref} className={`${adminButton} border border-slate-300 hover:bg-slate-50`} download>
                    Export CSV
                  </a>
                ) : null}
                {view.canResend ? <ConfirmForm
                  question="Re-send every failed or dead delivery of the leads in this view to the chosen target?"
                  fields={{ intent: "resend-filtered", ...filterFields }}
                  className="flex flex-wrap items-center gap-2"
                >
                  <label htmlFor="resend-target" className="sr-only">
                    Delivery target to re-send
                  </label>
                  <select id="resend-target" name="target" className={inputBase}>
                    {choices.targets.map((target) => (
                      <option key={target} value={target}>
                        {target}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className={`${adminButton} border border-slate-300 hover:bg-slate-50`}>
                    Re-send failed and dead
                  </button>
                </ConfirmForm> : null}
              </div>
            </div>
            {view.leads.length === 0 ? (
              <p className="mt-4 text-slate-700">No leads match these filters.</p>
            ) : (
              <div id="lead-list" tabIndex={-1} className="mt-4 overflow-x-auto">
                {/* A phone shows each lead as a short block (name; age, claim, state, outcome; deliveries) instead of columns cut off. */}
                <table className="w-full text-left text-sm max-sm:block">
                  <thead className="max-sm:sr-only">
                    <tr className="border-b border-slate-200 text-slate-600">
                      <th scope="col" className="py-2 pr-3">Received</th>
                      <th scope="col" className="py-2 pr-3">Name</th>
                      <th scope="col" className="py-2 pr-3">Claim</th>
                      <th scope="col" className="py-2 pr-3">State</th>
                      <th scope="col" className="py-2 pr-3">Outcome</th>
                      <th scope="col" className="py-2 pr-3 text-right">Revenue</th>
                      <th scope="col" className="py-2">Deliveries</th>
                    </tr>
                  </thead>
                  <tbody className="max-sm:block">
                    {view.leads.map((lead) => (
                      <tr
                        key={lead.id}
                        className="border-b border-slate-100 align-top max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:py-2"
                        data-lead-id={lead.id}
                      >
                        <td className="py-3 pr-3 whitespace-nowrap max-sm:order-2 max-sm:p-0">
                          <span title={operatorTime(lead.createdAt, view.timeZone)}>{age(lead.createdAt, view.now)} ago</span>
                        </td>
                        <td className="py-0 pr-3 max-sm:order-1 max-sm:w-full max-sm:p-0">
                          <Link to={`/admin/leads/${lead.id}`} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
                            {lead.name || "(no name)"}
                          </Link>
                          {lead.spam ? <span className={`ml-2 ${statusBadge("cancelled")}`}>spam</span> : null}
                          {lead.revoked ? <span className={`ml-2 ${statusBadge("failed")}`}>revoked</span> : null}
                          <LeadFlagBadges duplicateOf={lead.duplicateOf} lowQuality={lead.lowQuality} />
                        </td>
                        <td className="py-3 pr-3 max-sm:order-3 max-sm:p-0">{lead.caseType}</td>
                        <td className="py-3 pr-3 max-sm:order-4 max-sm:p-0">{lead.state ?? "-"}</td>
                        <td className="py-3 pr-3 max-sm:order-5 max-sm:p-0">{OUTCOME_LABELS[lead.outcome] ?? lead.outcome}</td>
                        <td className="py-3 pr-3 text-right tabular-nums max-sm:order-6 max-sm:p-0" data-testid="lead-revenue">
                          {lead.revenueCents === null ? <span className="text-slate-600">-</span> : signedCents(lead.revenueCents)}
                        </td>
                        <td className="py-3 max-sm:order-7 max-sm:w-full max-sm:p-0">
                          {lead.deliveries.length === 0 && !lead.buyerStatus ? (
                            <span className="text-slate-600">none</span>
                          ) : (
                            <ul className="flex flex-wrap gap-1">
                              {lead.buyerStatus ? <li className={statusBadge(BUYER_STATUS_BADGES[lead.buyerStatus])}>buyer: {lead.buyerStatus}</li> : null}
                              {lead.deliveries.map((d) => (
                                <li key={d.target} className={statusBadge(d.status)}>
                                  {d.target}: {d.status}
                                </li>
                              ))}
                            </ul>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <nav aria-label="Pages" className="mt-4 flex flex-wrap gap-2">
              {view.newerHref ? (
                <>
                  <Link to={`/admin/leads${view.filterQuery ? `?${view.filterQuery}` : ""}`} className={`${adminButton} border border-slate-300 hover:bg-slate-50`}>
                    Newest
                  </Link>
                  <Link to={view.newerHref} className={`${adminButton} border border-slate-300 hover:bg-slate-50`}>
                    ← Newer
                  </Link>
                </>
              ) : null}
              {view.olderHref ? (
                <Link to={view.olderHref} className={`${adminButton} border border-slate-300 hover:bg-slate-50`}>
                  Older →
                </Link>
              ) : null}
            </nav>
          </section>
        ) : null}
      </main>
    </>
  );
}
