import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import type { AdminAuth } from "../admin/admin-auth";
import { recordAudit } from "../audit/audit-log";
import { consentPageOfLead } from "../consent-proof/page-snapshots";
import type { Db } from "../db/database";
import { operatorAccess } from "./admin-access";

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** A stylesheet in a <style> element ends at the first "</style": none of ours has one, but stored text is not trusted that far. */
const styleText = (css: string) => css.replace(/<\/(style)/gi, "<\\/$1");

/**
 * `/admin/leads/:leadId/page-as-shown`, for operators: the consent page stored with the lead's
 * certificate (docs/decisions/026), with the stylesheet it was shown with. Served by Express, not a
 * route module, because it is stored HTML rather than a page of the app, under a policy of its own:
 * no script at all, styles only from this response, no forms, and a sandbox (an opaque origin).
 */
export function pageAsShownRoute({ admin, db }: { admin: AdminAuth; db: Db }): RequestHandler {
  return async (req, res, next) => {
    try {
      const access = await operatorAccess(admin, req, res, "leads.page-as-shown", { page: true });
      if (!access) return;
      const leadId = String(req.params.leadId);
      const page = await consentPageOfLead(db, leadId);
      await recordAudit(db, access.actor, { action: "view-consent-page", target: { type: "lead", id: leadId }, detail: { found: Boolean(page) } });
      res.set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
      if (!page) {
        return void res
          .status(404)
          .type("text/plain; charset=utf-8")
          .send("No page as shown is stored for this lead: it was sent through the API, gave no consent, or was saved before pages were kept.");
      }
      const nonce = randomBytes(16).toString("base64");
      res.set(
        "Content-Security-Policy",
        [
          "default-src 'none'",
          "script-src 'none'",
          `style-src 'nonce-${nonce}'`,
          "img-src 'self' data:",
          "font-src 'self'",
          "form-action 'none'",
          "base-uri 'none'",
          "frame-ancestors 'none'",
          "sandbox",
        ].join("; "),
      );
      res.type("text/html; charset=utf-8").send(
        "<!DOCTYPE html>" +
          '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
          '<meta name="robots" content="noindex">' +
          // The sandbox gives the page an opaque origin, which our Cross-Origin-Resource-Policy refuses
          // the favicon a browser would fetch: no icon, so no request.
          '<link rel="icon" href="data:,">' +
          `<title>${escapeHtml(page.title)}</title>` +
          `<style nonce="${nonce}">${styleText(page.css)}</style>` +
          `<style nonce="${nonce}">${styleText(page.inline_css)}</style>` +
          `</head>${page.html}</html>`,
      );
    } catch (error) {
      next(error);
    }
  };
}
