import { redirect } from "react-router";
import type { Route } from "./+types/admin-logout";

export async function action({ request, context }: Route.ActionArgs) {
  const cleared = await context.admin.logout(request.headers.get("cookie"), context.visitor.ip);
  return redirect("/admin/login", { headers: { "Set-Cookie": cleared } });
}

export function loader() {
  return redirect("/admin");
}
