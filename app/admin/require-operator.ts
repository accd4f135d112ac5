import { data, redirect, type AppLoadContext } from "react-router";
import type { Permission } from "../../server/admin/access-policy";

export type { Permission };

/** Where an operator without a second factor goes while an owner requires one. */
export const ENROL_PATH = "/admin/account?enrol=1";
export const ENROL_MESSAGE = "An owner requires two-step log-in: set it up on Your account first.";

/**
 * For admin pages: the operator's session if their role allows `permission` (server/admin/access-policy.ts,
 * the one table of who may do what); a redirect to the login page that comes back here without a
 * session; a 403 "you do not have access" page (the root error boundary) below the role.
 */
export async function requireOperatorPage(request: Request, context: AppLoadContext, permission: Permission = "leads.view") {
  const access = await context.admin.authorize(request.headers.get("cookie"), permission, context.visitor.ip);
  if (access.ok) return operatorOf(access, context);
  if (access.reason === "forbidden") throw data({ error: access.message }, { status: 403, statusText: "Forbidden" });
  if (access.reason === "enrol") throw redirect(ENROL_PATH);
  const url = new URL(request.url);
  throw redirect(`/admin/login?next=${encodeURIComponent(url.pathname + url.search)}`);
}

/** For admin actions: the operator's session if their role allows `permission`; else 401, or 403 with why. */
export async function requireOperatorAction(request: Request, context: AppLoadContext, permission: Permission) {
  const access = await context.admin.authorize(request.headers.get("cookie"), permission, context.visitor.ip);
  if (access.ok) return operatorOf(access, context);
  if (access.reason === "forbidden") throw data({ error: access.message }, { status: 403, statusText: "Forbidden" });
  if (access.reason === "enrol") throw data({ error: ENROL_MESSAGE }, { status: 403, statusText: "Forbidden" });
  throw data({ error: "Unauthorized" }, { status: 401, statusText: "Unauthorized" });
}

function operatorOf(access: Extract<Awaited<ReturnType<AppLoadContext["admin"]["authorize"]>>, { ok: true }>, context: AppLoadContext) {
  const { session, actor } = access;
  return {
    sessionId: session.id,
    operator: session.operator,
    actor,
    /** Whether the operator may do something else, for showing only the controls they can use. */
    can: (permission: Permission) => context.admin.allows(session.operator.role, permission),
  };
}

/** Inside an action that serves several intents: the intent's own permission, or 403. */
export function requirePermission(access: { can: (permission: Permission) => boolean }, permission: Permission) {
  if (!access.can(permission)) {
    throw data({ error: "You do not have access: your role does not allow this action." }, { status: 403, statusText: "Forbidden" });
  }
}

export type OperatorAccess = Awaited<ReturnType<typeof requireOperatorPage>>;

export const NOINDEX = { name: "robots", content: "noindex, nofollow" } as const;
