import { requireBuyerAction } from "~/buyer/require-buyer";
import { languageFilterOf } from "~/i18n/language-filter";
import type { Route } from "./+types/buyer-leads-csv";

/** The buyer's leads (matching the list's search and language) as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireBuyerAction(request, context);
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").slice(0, 100);
  const body = await context.buyerPortal.exportCsv(session, query, languageFilterOf(url));
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
