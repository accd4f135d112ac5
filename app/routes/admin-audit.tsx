import { data, Link, redirect } from "react-router";
import { AdminHeader, adminButton, adminCard, primaryButton } from "~/admin/admin-header";
import { operatorTime } from "~/admin/format";
import { NOINDEX, requireOperatorPage } from "~/admin/require-operator";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/admin-audit";
import { Cell, Row, Table } from "~/admin/kit/table";

export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = () => [{ title: "Audit log | Admin" }, NOINDEX];

const FILTER_FIELDS = ["operator", "action", "lead", "from", "to"] as const;

/** The audit log, newest first, filtered by the query string and paged by keyset; read-only: there is no action. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await requireOperatorPage(request, context, "audit.view");
  const url = new URL(request.url);
  const params = url.searchParams;
  const used = [...params].filter(([, value]) => value.trim() !== "");
  if (used.length < [...params].length) throw redirect(`${url.pathname}${used.length ? `?${new URLSearchParams(used)}` : ""}`);
  const values = Object.fromEntries(FILTER_FIELDS.map((name) => [name, params.get(name) ?? ""])) as Record<(typeof FILTER_FIELDS)[number], string>;
  const result = await context.admin.audit.list(params);
  const view = { ...result, values, canExport: access.can("audit.export") };
  return result.ok ? view : data(view, { status: 400 });
}

const input = "block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2";
const label = "block text-sm font-semibold text-slate-700";
const secondary = `${adminButton} border border-slate-300 hover:bg-slate-50`;

const valueText = (value: unknown) => (value === null || value === undefined ? "(none)" : typeof value === "string" ? value : JSON.stringify(value));

function detailText(entry: { targetType: string | null; targetId: string | null; detail: Record<string, unknown> }) {
  const target = entry.targetType ? `${entry.targetType} ${entry.targetId}` : "";
  const detail = Object.entries(entry.detail)
    .filter(([key]) => key !== "changes")
    .map(([key, value]) => `${key}: ${valueText(value)}`)
    .join(", ");
  return [target, detail].filter(Boolean).join(" · ");
}

type Changes = Record<string, { before: unknown; after: unknown }>;

/** Each changed field as 'field: before → after', from the entry's detail.changes (server/audit/audit-changes.ts). */
function ChangeList({ changes }: { changes: unknown }) {
  if (!changes || typeof changes !== "object") return null;
  const entries = Object.entries(changes as Changes);
  if (!entries.length) return <span className="block text-slate-600">No field changed.</span>;
  return (
    <ul className="mt-1 space-y-0.5" data-testid="audit-changes">
      {entries.map(([field, { before, after }]) => (
        <li key={field}>
          <span className="font-semibold">{field}</span>: <del className="text-slate-600">{valueText(before)}</del> →{" "}
          <ins className="no-underline">{valueText(after)}</ins>
        </li>
      ))}
    </ul>
  );
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const view = loaderData;
  const errors: Record<string, string> = view.ok ? {} : view.errors;
  const exportHref = `/admin/audit/export.csv${view.ok && view.filterQuery ? `?${view.filterQuery}` : ""}`;
  const field = (name: (typeof FILTER_FIELDS)[number]) => ({
    id: `filter-${name}`,
    name,
    defaultValue: view.values[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `filter-${name}-error` : undefined,
  });
  const error = (name: string) =>
    errors[name] ? (
      <p id={`filter-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
        {errors[name]}
      </p>
    ) : null;
  return (
    <>
      <AdminHeader title="Audit log" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <section aria-labelledby="filter-title" className={adminCard}>
          <h2 id="filter-title" className="text-lg font-bold">
            Filter
          </h2>
          <form method="get" className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            <div>
              <label htmlFor="filter-operator" className={label}>
                Operator
              </label>
              <select {...field("operator")} className={input}>
                <option value="">Anyone</option>
                {view.choices.operators.map((operator) => (
                  <option key={operator.id} value={operator.id}>
                    {operator.email}
                  </option>
                ))}
              </select>
              {error("operator")}
            </div>
            <div>
              <label htmlFor="filter-action" className={label}>
                Action
              </label>
              <select {...field("action")} className={input}>
                <option value="">Any</option>
                {view.choices.actions.map((action) => (
                  <option key={action} value={action}>
                    {action.replace(/-/g, " ")}
                  </option>
                ))}
              </select>
              {error("action")}
            </div>
            <div>
              <label htmlFor="filter-lead" className={label}>
                Lead ID
              </label>
              <input {...field("lead")} className={input} />
              {error("lead")}
            </div>
            <div>
              <label htmlFor="filter-from" className={label}>
                From
              </label>
              <input {...field("from")} type="date" className={input} />
              {error("from")}
            </div>
            <div>
              <label htmlFor="filter-to" className={label}>
                To
              </label>
              <input {...field("to")} type="date" className={input} />
              {error("to")}
            </div>
            <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
              <button type="submit" className={primaryButton}>
                Show entries
              </button>
              <Link to="/admin/audit" className={secondary}>
                Clear
              </Link>
              {view.canExport && view.ok ? (
                <a href={exportHref} className={secondary} download>
                  Export CSV
                </a>
              ) : null}
            </div>
          </form>
          {errors.page ? <p className="mt-3 text-sm font-medium text-red-700">{errors.page}</p> : null}
          <p className="mt-3 text-sm text-slate-600">Dates are days in {view.timeZone}. Entries cannot be changed or removed.</p>
        </section>

        {view.ok ? (
          <section aria-labelledby="entries-title" className={adminCard}>
            <h2 id="entries-title" className="text-lg font-bold">
              Entries, newest first
            </h2>
            {view.entries.length === 0 ? (
              <p className="mt-3 text-slate-700">No entries match these filters.</p>
            ) : (
              <Table className="mt-3" stacked columns={["When", "Who", "Action", "What"]}>
                {view.entries.map((entry) => (
                  <Row key={entry.id} className="align-top" data-action={entry.action}>
                    <Cell className="whitespace-nowrap">{operatorTime(entry.at, view.timeZone)}</Cell>
                    <Cell className="break-all">
                      {entry.operatorEmail ?? "-"}
                      {entry.ip ? <span className="block text-slate-600">{entry.ip}</span> : null}
                    </Cell>
                    <Cell className="font-semibold">{entry.action.replace(/-/g, " ")}</Cell>
                    <Cell className="break-all">
                      {entry.targetType === "lead" && entry.targetId ? (
                        <Link to={`/admin/leads/${entry.targetId}`} className="inline-flex min-h-11 items-center text-brand underline">
                          lead {entry.targetId}
                        </Link>
                      ) : null}{" "}
                      {detailText({ ...entry, targetType: entry.targetType === "lead" ? null : entry.targetType })}
                      <ChangeList changes={entry.detail.changes} />
                    </Cell>
                  </Row>
                ))}
              </Table>
            )}
            <nav aria-label="Pages" className="mt-4 flex flex-wrap gap-2">
              {view.newerHref ? (
                <>
                  <Link to={`/admin/audit${view.filterQuery ? `?${view.filterQuery}` : ""}`} className={secondary}>
                    Newest
                  </Link>
                  <Link to={view.newerHref} className={secondary}>
                    ← Newer
                  </Link>
                </>
              ) : null}
              {view.olderHref ? (
                <Link to={view.olderHref} className={secondary}>
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
