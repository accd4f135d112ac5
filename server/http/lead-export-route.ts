import { pipeline } from "node:stream";
import type { RequestHandler } from "express";
import type { AdminAuth } from "../admin/admin-auth";
import type { LeadConsole } from "../lead-console/lead-console";
import type { Logger } from "../logger";
import { operatorAccess } from "./admin-access";

/**
 * `/admin/leads/export.csv`: the lead list's filter (same query string) as a CSV download, recorded
 * before it starts and, with its row count, when it ends. Served by Express rather than a React Router loader because the adapter that writes
 * a loader's web stream to the socket keeps every chunk it wrote until the response ends (ADR 020):
 * a million leads would hold a gigabyte. Piping the Node stream keeps memory flat with backpressure.
 */
export function leadExportRoute({ admin, leadConsole, logger }: { admin: AdminAuth; leadConsole: LeadConsole; logger: Logger }): RequestHandler {
  return async (req, res, next) => {
    try {
      const access = await operatorAccess(admin, req, res, "leads.export");
      if (!access) return;
      const query = new URLSearchParams(req.originalUrl.split("?")[1] ?? "");
      // Gzipped at zlib's fastest level by the export's reader threads, batch by batch (ADR 030), not by
      // the compression middleware (its level 6 took more CPU than reading the leads); the
      // middleware leaves a response that has a Content-Encoding alone.
      const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
      const exported = await leadConsole.exportCsv(query, access.actor, { gzip });
      if (!exported.ok) return void res.status(400).type("text/plain; charset=utf-8").send(exported.message);
      res.set({
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exported.filename}"`,
        "Cache-Control": "no-store",
        Vary: "Accept-Encoding",
        ...(gzip ? { "Content-Encoding": "gzip" } : {}),
      });
      // pipeline destroys the database reader if the client goes away, and cuts the response short
      // (no final chunk, so the client sees an incomplete download) if reading fails.
      pipeline(exported.csv, res, (error) => {
        if (error && error.code !== "ERR_STREAM_PREMATURE_CLOSE") logger.error({ err: error }, "lead export failed");
        exported.finish(!error).catch((err: unknown) => logger.error({ err }, "recording the end of a lead export failed"));
      });
    } catch (error) {
      next(error);
    }
  };
}
