import { NOINDEX } from "~/admin/require-operator";
import { BuyerHeader } from "~/buyer/buyer-header";
import { notFoundForBuyer, requireBuyerPage } from "~/buyer/require-buyer";
import { StatementView } from "~/statements/statement-view";
import type { Route } from "./+types/buyer-statement";

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Statement no. ${data.statement.number} | Buyer portal` : "Statement" }, NOINDEX];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = await requireBuyerPage(request, context);
  const found = await context.statements.get(params.statementId, session.user.buyerId);
  if (!found) throw notFoundForBuyer("statement");
  return { buyerName: session.user.buyerName, ...found };
}

export default function BuyerStatement({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <div className="print:hidden">
        <BuyerHeader title={`Statement no. ${loaderData.statement.number}`} buyerName={loaderData.buyerName} current="/buyer/statements" />
      </div>
      <StatementView
        data={loaderData}
        backHref="/buyer/statements"
        csvHref={`/buyer/statements/${loaderData.statement.id}/csv`}
        leadHref={(leadId) => `/buyer/leads/${encodeURIComponent(leadId)}`}
      />
    </>
  );
}
