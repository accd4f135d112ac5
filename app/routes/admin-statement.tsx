import { AdminHeader } from "~/admin/admin-header";
import { NOINDEX, requireOperatorPage } from "~/admin/require-operator";
import { StatementView } from "~/statements/statement-view";
import { data } from "react-router";
import type { Route } from "./+types/admin-statement";

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Statement no. ${data.statement.number}: ${data.statement.buyerName} | Admin` : "Statement" }, NOINDEX];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireOperatorPage(request, context, "buyers.view");
  const found = await context.statements.get(params.statementId);
  if (!found) throw data("There is no such statement.", { status: 404, statusText: "Not Found" });
  return { ...found, buyerId: found.statement.buyerId };
}

export default function AdminStatement({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <div className="print:hidden">
        <AdminHeader title={`Statement no. ${loaderData.statement.number}`} />
      </div>
      <StatementView
        data={loaderData}
        backHref={`/admin/buyers/${encodeURIComponent(loaderData.buyerId)}`}
        csvHref={`/admin/statements/${loaderData.statement.id}/csv`}
        leadHref={(leadId) => `/admin/leads/${encodeURIComponent(leadId)}`}
      />
    </>
  );
}
