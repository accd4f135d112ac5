import { data } from "react-router";
import { requireOperatorAction } from "~/admin/require-operator";
import type { Route } from "./+types/admin-statement-csv";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireOperatorAction(request, context, "buyers.view");
  const found = await context.statements.get(params.statementId);
  if (!found) throw data("There is no such statement.", { status: 404, statusText: "Not Found" });
  return new Response(context.statements.csv(found), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statement-${found.statement.number}-${found.statement.period}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
