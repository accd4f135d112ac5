import type { Request, Response } from "express";
import type { AdminAuth } from "../admin/admin-auth";
import type { LiveContent, SiteContent } from "../content/live-content";
import { PREVIEW_PARAMETER } from "./static-page-cache";

/**
 * The site content a page request shows: the published content, or, for `?preview=<token>` from a
 * signed-in operator, the published content with that draft (docs/decisions/055). A preview request
 * is never cached, by us (the page cache skips it) or by anyone on the way; a token without an
 * operator's session shows the published content, as a token that matches no draft does.
 */
export async function contentShown(req: Request, res: Response, { admin, content }: { admin: AdminAuth; content: LiveContent }): Promise<SiteContent> {
  const token = req.query[PREVIEW_PARAMETER];
  if (token === undefined) return content.current();
  res.setHeader("Cache-Control", "private, no-store");
  if (typeof token !== "string") return content.current();
  const access = await admin.authorize(req.headers.cookie ?? null, "content.view", req.ip ?? null);
  if (!access.ok) return content.current();
  return (await content.preview(token)) ?? content.current();
}
