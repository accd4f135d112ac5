import type { RequestHandler } from "express";
import type { BlogImages } from "../content/blog/blog-images";

/**
 * /media/blog/<sha256>.<ext>: a picture uploaded for blog posts (docs/decisions/057), with the type its
 * bytes were checked to be, never sniffed by the browser, and cached for a year: its address is its
 * hash, so new bytes get a new address. Only raster types are stored, so nothing served here runs script;
 * the sandbox CSP says so to anyone who opens one directly.
 */
export function blogImageRoute(images: BlogImages): RequestHandler {
  return async (req, res, next) => {
    try {
      const picture = await images.read(String(req.params.file ?? ""));
      if (!picture) return void res.status(404).type("text/plain").set("Cache-Control", "no-store").send("Not found");
      res.set({
        "Content-Type": picture.contentType,
        "Content-Length": String(picture.bytes.length),
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cross-Origin-Resource-Policy": "same-origin",
      });
      res.end(req.method === "HEAD" ? undefined : picture.bytes);
    } catch (error) {
      next(error);
    }
  };
}
