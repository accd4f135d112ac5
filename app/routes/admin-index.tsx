import { redirect } from "react-router";
import { requireOperatorPage } from "~/admin/require-operator";
import type { Route } from "./+types/admin-index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await requireOperatorPage(request, context, "dashboard.view");
  return redirect(access.can("setup.view") ? "/admin/setup" : "/admin/leads");
}
