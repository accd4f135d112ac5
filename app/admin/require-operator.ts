import { data, redirect, type AppLoadContext } from "react-router";

/** For admin pages: the operator's session, or a redirect to the login page that comes back here. */
export async function requireOperatorPage(request: Request, context: AppLoadContext) {
  const session = await context.admin.session(request.headers.get("cookie"));
  if (session) return session;
  const url = new URL(request.url);
  throw redirect(`/admin/login?next=${encodeURIComponent(url.pathname + url.search)}`);
}

/** For admin actions: the operator's session, or 401. */
export async function requireOperatorAction(request: Request, context: AppLoadContext) {
  const session = await context.admin.session(request.headers.get("cookie"));
  if (session) return session;
  throw data({ error: "Unauthorized" }, { status: 401, statusText: "Unauthorized" });
}

export const NOINDEX = { name: "robots", content: "noindex, nofollow" } as const;
