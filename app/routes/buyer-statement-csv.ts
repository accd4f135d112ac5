import { notFoundForBuyer, requireBuyerAction } from "~/buyer/require-buyer";
import type { Route } from "./+types/buyer-statement-csv";

/** One of the buyer's own statements as CSV; another buyer's answers as an unknown one does. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = await requireBuyerAction(request, context);
  const found = await context.statements.get(params.statementId, session.user.buyerId);
  if (!found) throw notFoundForBuyer("statement");
  return new Response(context.statements.csv(found), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statement-${found.statement.number}-${found.statement.period}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
