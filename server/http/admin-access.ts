import type { Request, Response } from "express";
import type { AdminAuth } from "../admin/admin-auth";
import type { Permission } from "../admin/access-policy";

/**
 * For the Express admin handlers: the operator's access if their role allows `permission` (the same
 * table as the route modules); else answers 401 (or a redirect to the login page for a page) or 403,
 * and gives null.
 */
export async function operatorAccess(admin: AdminAuth, req: Request, res: Response, permission: Permission, { page = false } = {}) {
  const access = await admin.authorize(req.headers.cookie ?? null, permission, req.ip ?? null);
  if (access.ok) return access;
  if (access.reason === "forbidden") {
    res.status(403).type("text/plain; charset=utf-8").send(access.message);
  } else if (access.reason === "enrol") {
    if (page) res.redirect(303, "/admin/account?enrol=1");
    else res.status(403).type("text/plain; charset=utf-8").send("An owner requires two-step log-in: set it up on Your account first.");
  } else if (page) {
    res.redirect(303, `/admin/login?next=${encodeURIComponent(req.originalUrl)}`);
  } else {
    res.status(401).json({ error: "Unauthorized" });
  }
  return null;
}
