import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";

/**
 * Headers on every response. Scripts run only with this response's nonce ('strict-dynamic' lets
 * them load their own chunks), and inline styles only with it; nothing may come from another origin.
 */
/** Sets the security headers of an API answer or of a page (./request-pipeline.ts binds HSTS). */
export interface SecureResponse {
  secureApi(res: ServerResponse): void;
  securePage(res: ServerResponse, csp: string): void;
}

export function securityHeaders(pipeline: SecureResponse, { development }: { development: boolean }): RequestHandler {
  return (req, res, next) => {
    if (req.path.startsWith("/api/")) {
      pipeline.secureApi(res);
      return next();
    }
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    const csp = contentSecurityPolicy({
      scripts: `'nonce-${nonce}' 'strict-dynamic'`,
      // Vite's dev server injects styles from JavaScript; production serves stylesheet files and the
      // claims' theme colours in one <style> element carrying the nonce (app/root.tsx).
      styles: development ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}'`,
      development,
    });
    pipeline.securePage(res, csp);
    next();
  };
}

/**
 * The policy of a page rendered once for every visitor (./static-pages.ts): it has no script, so
 * none may run, and its inline styles are admitted by their hashes instead of a per-response nonce.
 */
export function staticPagePolicy(styleHashes: string[]): string {
  return contentSecurityPolicy({ scripts: "'none'", styles: ["'self'", ...styleHashes.map((hash) => `'sha256-${hash}'`)].join(" "), development: false });
}

function contentSecurityPolicy({ scripts, styles, development }: { scripts: string; styles: string; development: boolean }): string {
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    `style-src ${styles}`,
    "img-src 'self' data:",
    "font-src 'self'",
    development ? "connect-src 'self' ws:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The JSON API's policy: it renders no page, so nothing may load or run, and it needs no nonce (drawn
 * for every request otherwise, a measurable share of a lead's time at intake's rate). object-src is
 * spelled out, though default-src covers it: scanners (and issue 25) look for it by name.
 */
export const API_CSP = "default-src 'none'; object-src 'none'; frame-ancestors 'none'";

export function setSecurityHeaders(res: ServerResponse, { csp, hsts }: { csp: string; hsts: boolean }): void {
  res.setHeader("Content-Security-Policy", csp);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "same-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
  if (hsts) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
}
