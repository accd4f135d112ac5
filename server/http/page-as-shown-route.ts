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

type StoredPage = NonNullable<Awaited<ReturnType<typeof consentPageOfLead>>>;

/**
 * The stored page inside a frame of the visitor's viewport, so that its media queries lay it out as the
 * visitor's browser did (a 390 px phone gets the phone layout, not the operator's 1280 px one). The
 * frame's document is the stored page itself (srcdoc, escaped as an attribute), under this response's
 * policy and sandbox; without a recorded viewport (JavaScript off, older leads) the frame fills the window.
 */
function pageInFrame(page: StoredPage, nonce: string): string {
  const storedPage =
    "<!DOCTYPE html>" +
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(page.title)}</title>` +
    `<style nonce="${nonce}">${styleText(page.css)}</style>` +
    `<style nonce="${nonce}">${styleText(page.inline_css)}</style>` +
    `</head>${page.html}</html>`;
  const { viewport } = page;
  const frameSize = viewport ? `width:${viewport.width}px;height:${viewport.height}px` : "width:100%;height:calc(100vh - 3.5rem)";
  const caption = viewport
    ? `Shown at the visitor's viewport, ${viewport.width} × ${viewport.height} px; the page scrolls inside the frame.`
    : "The visitor's viewport was not recorded: shown at the width of this window.";
  return (
    "<!DOCTYPE html>" +
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex">' +
    // The sandbox gives the page an opaque origin, which our Cross-Origin-Resource-Policy refuses
    // the favicon a browser would fetch: no icon, so no request.
    '<link rel="icon" href="data:,">' +
    `<title>${escapeHtml(page.title)}</title>` +
    `<style nonce="${nonce}">` +
    "body{margin:0;padding:0 1rem 1rem;background:#e2e8f0;color:#0f172a;font:0.875rem/1.5 system-ui,sans-serif}" +
    "p{margin:0;padding:1rem 0}" +
    `iframe{display:block;box-sizing:content-box;max-width:none;border:1px solid #64748b;background:#fff;${frameSize}}` +
    "</style></head><body>" +
    `<p data-testid="page-as-shown-caption">${caption}</p>` +
    `<iframe title="The consent page as the visitor saw it" sandbox="" srcdoc="${escapeHtml(storedPage)}"></iframe>` +
    "</body></html>"
  );
}

/**
 * `/admin/leads/:leadId/page-as-shown`, for operators: the consent page stored with the lead's
 * certificate (docs/decisions/026), with the stylesheet it was shown with. Served by Express, not a
 * route module, because it is stored HTML rather than a page of the app, under a policy of its own:
 * no script at all, styles only from this response, no forms, and a sandbox (an opaque origin). The
 * page is shown in a frame of the visitor's viewport (pageInFrame).
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
      res.type("text/html; charset=utf-8").send(pageInFrame(page, nonce));
    } catch (error) {
      next(error);
    }
  };
}
