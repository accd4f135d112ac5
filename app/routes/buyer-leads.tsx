import { adminButton, adminCard, primaryButton } from "~/admin/admin-header";
import { NOINDEX } from "~/admin/require-operator";
import { BuyerHeader } from "~/buyer/buyer-header";
import { formatCents } from "~/buyer/format";
import { requireBuyerPage } from "~/buyer/require-buyer";
import type { Route } from "./+types/buyer-leads";
import { Cell, Row, Table } from "~/admin/kit/table";
import { SelectField } from "~/admin/kit/field";
import { LANGUAGE_NAMES, languageFilterOf, languageName } from "~/i18n/language-filter";

export const meta: Route.MetaFunction = () => [{ title: "Your leads | Buyer portal" }, NOINDEX];

const RETURN_STATE_LABEL = { none: "", requested: "Return requested", approved: "Returned", rejected: "Return rejected" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireBuyerPage(request, context);
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const language = languageFilterOf(url);
  const found = await context.buyerPortal.leads(session.user.buyerId, { query, page, language });
  return { buyerName: session.user.buyerName, query, page, language, ...found };
}

export default function BuyerLeads({ loaderData }: Route.ComponentProps) {
  const { buyerName, query, page, language, rows, hasMore, total } = loaderData;
  const pageHref = (n: number) => `?${new URLSearchParams({ ...(query ? { q: query } : {}), ...(language ? { language } : {}), page: String(n) })}`;
  const csvFilter = new URLSearchParams({ ...(query ? { q: query } : {}), ...(language ? { language } : {}) }).toString();
  const csvHref = `/buyer/leads.csv${csvFilter ? `?${csvFilter}` : ""}`;
  return (
    <>
      <BuyerHeader title="Your leads" buyerName={buyerName} current="/buyer/leads" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <section aria-labelledby="search-title" className={adminCard}>
          <h2 id="search-title" className="text-lg font-bold">
            Find a lead
          </h2>
          <form method="get" className="mt-4 flex flex-wrap items-end gap-3">
            <div className="min-w-0 grow">
              <label htmlFor="q" className="block font-semibold">
                Name, e-mail, phone or lead id
              </label>
              <input id="q" name="q" type="search" defaultValue={query} maxLength={100} className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2" />
            </div>
            <SelectField id="language" name="language" label="Language" defaultValue={language ?? ""}>
              <option value="">Any language</option>
              {Object.entries(LANGUAGE_NAMES).map(([value, name]) => (
                <option key={value} value={value}>
                  {name}
                </option>
              ))}
            </SelectField>
            <button type="submit" className={primaryButton}>
              Search
            </button>
            <a href={csvHref} className={`${adminButton} border border-slate-300 hover:bg-slate-50`} data-testid="export-csv">
              Export CSV
            </a>
          </form>
        </section>
        <section aria-labelledby="leads-title" className={adminCard}>
          <h2 id="leads-title" className="text-lg font-bold">
            {total === 1 ? "1 lead" : `${total.toLocaleString("en-US")} leads`}
            {query ? ` matching “${query}”` : " bought"}
          </h2>
          {rows.length === 0 ? (
            <p className="mt-4 text-slate-700">{query ? "No lead you bought matches this search." : "You have not bought any leads yet."}</p>
          ) : (
            <Table className="mt-4" columns={["Bought", "Name", "Claim", "State", "Language", "Price", "Return"]}>
              {rows.map((row) => (
                <Row key={row.saleId} data-lead-id={row.leadId}>
                  <Cell className="whitespace-nowrap">{row.soldAt.slice(0, 10)}</Cell>
                  <Cell>
                    <a href={`/buyer/leads/${encodeURIComponent(row.leadId)}`} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
                      {[row.firstName, row.lastName].filter(Boolean).join(" ") || row.leadId}
                    </a>
                  </Cell>
                  <Cell>{row.caseType}</Cell>
                  <Cell>{row.state ?? "—"}</Cell>
                  <Cell data-language={row.language}>{languageName(row.language)}</Cell>
                  <Cell>{row.amountCents === null ? "—" : formatCents(row.amountCents)}</Cell>
                  <Cell>{RETURN_STATE_LABEL[row.returnState]}</Cell>
                </Row>
              ))}
            </Table>
          )}
          {page > 1 || hasMore ? (
            <nav aria-label="Pages" className="mt-4 flex flex-wrap gap-2">
              {page > 1 ? (
                <a href={pageHref(page - 1)} className={`${adminButton} border border-slate-300 hover:bg-slate-50`}>
                  Newer
                </a>
              ) : null}
              {hasMore ? (
                <a href={pageHref(page + 1)} className={`${adminButton} border border-slate-300 hover:bg-slate-50`}>
                  Older
                </a>
              ) : null}
            </nav>
          ) : null}
        </section>
      </main>
    </>
  );
}
