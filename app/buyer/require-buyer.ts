import { data, redirect, type AppLoadContext } from "react-router";

/** For portal pages: the buyer user's session; without one, the login page, which comes back here. */
export async function requireBuyerPage(request: Request, context: AppLoadContext) {
  const session = await context.buyerAuth.session(request.headers.get("cookie"), context.visitor.ip);
  if (session) return session;
  const url = new URL(request.url);
  throw redirect(`/buyer/login?next=${encodeURIComponent(url.pathname + url.search)}`);
}

/** For portal actions: the buyer user's session, else 401. */
export async function requireBuyerAction(request: Request, context: AppLoadContext) {
  const session = await context.buyerAuth.session(request.headers.get("cookie"), context.visitor.ip);
  if (session) return session;
  throw data({ error: "Unauthorized" }, { status: 401, statusText: "Unauthorized" });
}

/**
 * The one answer for a lead, return or statement the buyer cannot see, whether it is another buyer's
 * or does not exist: the same status and the same body.
 */
export const notFoundForBuyer = (what: "lead" | "statement") =>
  data(`There is no such ${what} among your purchases.`, { status: 404, statusText: "Not Found" });

export type BuyerUserSession = Awaited<ReturnType<typeof requireBuyerPage>>;
