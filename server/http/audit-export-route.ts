import { pipeline } from "node:stream";
import type { RequestHandler } from "express";
import type { AdminAuth } from "../admin/admin-auth";
import { auditFilterParams, parseAuditFilter } from "../audit/audit-query";
import type { Logger } from "../logger";
import { operatorAccess } from "./admin-access";

/**
 * `/admin/audit/export.csv`, for owners: the audit log's filter (same query string as /admin/audit) as
 * a CSV download, streamed like the leads export (ADR 020); the export is itself recorded when it
 * starts and, with its row count, when it ends.
 */
export function auditExportRoute({ admin, logger, timeZone }: { admin: AdminAuth; logger: Logger; timeZone: string }): RequestHandler {
  return async (req, res, next) => {
    try {
      const access = await operatorAccess(admin, req, res, "audit.export");
      if (!access) return;
      const parsed = parseAuditFilter(new URLSearchParams(req.originalUrl.split("?")[1] ?? ""));
      if (!parsed.ok) return void res.status(400).type("text/plain; charset=utf-8").send(Object.values(parsed.errors).join(" "));
      const filter = auditFilterParams(parsed.filter).toString();
      await admin.audit.record(access.actor, { action: "export-audit-csv", detail: { filter, stage: "started" } });
      let rows = 0;
      const csv = admin.audit.csv(parsed.filter, (n) => (rows += n));
      const day = new Intl.DateTimeFormat("sv-SE", { timeZone }).format(new Date());
      res.set({ "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="audit-${day}.csv"`, "Cache-Control": "no-store" });
      pipeline(csv, res, (error) => {
        if (error && error.code !== "ERR_STREAM_PREMATURE_CLOSE") logger.error({ err: error }, "audit export failed");
        admin.audit
          .record(access.actor, { action: "export-audit-csv", detail: { filter, stage: error ? "aborted" : "finished", rows } })
          .catch((err: unknown) => logger.error({ err }, "recording the end of an audit export failed"));
      });
    } catch (error) {
      next(error);
    }
  };
}
