import { actorOf, requireOperatorAction } from "~/admin/require-operator";
import type { Route } from "./+types/admin-leads-export";

/** The lead list's filter as a CSV download (same query string); the export is recorded first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireOperatorAction(request, context);
  const exported = await context.leadConsole.exportCsv(new URL(request.url).searchParams, actorOf(session));
  if (!exported.ok) return new Response(exported.message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(exported.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exported.filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
