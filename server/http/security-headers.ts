import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * Headers on every response. Scripts run only with this response's nonce ('strict-dynamic' lets
 * them load their own chunks), and inline styles only with it; nothing may come from another origin.
 */
export function securityHeaders({ hsts, development }: { hsts: boolean; development: boolean }): RequestHandler {
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    const csp = [
      "default-src 'self'",
      `script-src 'nonce-${nonce}' 'strict-dynamic'`,
      // Vite's dev server injects styles from JavaScript; production serves stylesheet files and the
      // claims' theme colours in one <style> element carrying the nonce (app/root.tsx).
      development ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
      "img-src 'self' data:",
      "font-src 'self'",
      development ? "connect-src 'self' ws:" : "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; ");
    res.setHeader("Content-Security-Policy", csp);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "same-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
    if (hsts) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    next();
  };
}
