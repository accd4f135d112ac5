import { redirect } from "react-router";
import type { Route } from "./+types/buyer-logout";

export async function action({ request, context }: Route.ActionArgs) {
  const cleared = await context.buyerAuth.logout(request.headers.get("cookie"), context.visitor.ip);
  return redirect("/buyer/login", { headers: { "Set-Cookie": cleared } });
}

export function loader() {
  return redirect("/buyer/leads");
}
