import { requireBuyerAction } from "~/buyer/require-buyer";
import type { Route } from "./+types/buyer-leads-csv";

/** The buyer's leads (matching the list's search) as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireBuyerAction(request, context);
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const body = await context.buyerPortal.exportCsv(session, query);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
