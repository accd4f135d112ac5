import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { sql, type SqlBool } from "kysely";
import type { Db } from "../db/database";
import { coalesceChunks } from "../streams/coalesce-chunks";
import { localTimeFormatter } from "../lead-console/lead-export-rows";
import { dayBounds } from "../lead-console/lead-filter";
import { decodeCursor, keysetPageLinks, type LeadKey } from "../lead-console/lead-query";
import { fieldChanges } from "./audit-changes";
import { AUDIT_ACTIONS, recordAudit, type Actor, type AuditEntry } from "./audit-log";

export const AUDIT_PAGE_SIZE = 50;
const BATCH = 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FILTER_PARAMS = ["operator", "action", "lead", "from", "to"] as const;

export interface AuditFilter {
  operator?: string;
  action?: string;
  lead?: string;
  /** Days (YYYY-MM-DD) in the operator time zone, both included. */
  from?: string;
  to?: string;
}

const isDay = (text: string) => DAY.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

/** Reads /admin/audit's filter from a query string; a value it cannot use is an error named after its parameter. */
export function parseAuditFilter(params: URLSearchParams): { ok: true; filter: AuditFilter } | { ok: false; errors: Record<string, string> } {
  const filter: AuditFilter = {};
  const errors: Record<string, string> = {};
  const value = (name: string) => params.get(name)?.trim() ?? "";
  const operator = value("operator");
  if (operator.length > 100) errors.operator = "Unknown operator.";
  else if (operator) filter.operator = operator;
  const action = value("action");
  if (action && !(AUDIT_ACTIONS as readonly string[]).includes(action)) errors.action = `Unknown action '${action.slice(0, 50)}'.`;
  else if (action) filter.action = action;
  const lead = value("lead");
  if (lead.length > 100) errors.lead = "A lead id is at most 100 characters.";
  else if (lead) filter.lead = lead;
  for (const name of ["from", "to"] as const) {
    const day = value(name);
    if (!day) continue;
    if (!isDay(day) || day < "2000-01-01" || day > "2999-12-31") errors[name] = "Enter a date as YYYY-MM-DD.";
    else filter[name] = day;
  }
  if (filter.from && filter.to && filter.from > filter.to) errors.to = "The end date is before the start date.";
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, filter };
}

export function auditFilterParams(filter: AuditFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_PARAMS) if (filter[name]) params.set(name, filter[name]);
  return params;
}

const AUDIT_COLUMNS = ["at", "at_local", "operator_email", "operator_id", "ip", "action", "target_type", "target_id", "detail"];

/**
 * Reading the audit log: a filtered, keyset-paginated list, newest first, a lead's history, and the
 * filtered log as a CSV stream. There is no way to change or remove an entry here, and the database
 * refuses UPDATE and DELETE on audit_log (migration 16).
 */
export function createAuditLog({ db, timeZone }: { db: Db; timeZone: string }) {
  function filtered(filter: AuditFilter) {
    return db
      .selectFrom("audit_log")
      .selectAll()
      .$if(Boolean(filter.operator), (qb) => qb.where("operator_id", "=", filter.operator!))
      .$if(Boolean(filter.action), (qb) => qb.where("action", "=", filter.action!))
      .$if(Boolean(filter.lead), (qb) => qb.where("target_type", "=", "lead").where("target_id", "=", filter.lead!))
      .$if(Boolean(filter.from), (qb) => qb.where("at", ">=", dayBounds(filter.from!, timeZone).start))
      .$if(Boolean(filter.to), (qb) => qb.where("at", "<", dayBounds(filter.to!, timeZone).end));
  }
  const beyond = (key: LeadKey, direction: "<" | ">") => sql<SqlBool>`(at, id) ${sql.raw(direction)} (${key.createdAt}, ${key.id})`;

  const view = (row: { id: string; at: string; operator_id: string | null; operator_email: string | null; ip: string | null; action: string; target_type: string | null; target_id: string | null; detail: string }) => ({
    id: row.id,
    at: row.at,
    operatorId: row.operator_id,
    operatorEmail: row.operator_email,
    ip: row.ip,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
  });

  return {
    timeZone,
    record: (actor: Actor, entry: AuditEntry) => recordAudit(db, actor, entry),
    /** Records a change with each changed field's value before and after it (detail.changes); `before` is null for something new. */
    recordChange: (actor: Actor, entry: AuditEntry, before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
      recordAudit(db, actor, { ...entry, detail: { ...entry.detail, changes: fieldChanges(before, after) } }),

    async list(params: URLSearchParams) {
      const parsed = parseAuditFilter(params);
      const operators = await db.selectFrom("operators").select(["id", "email"]).orderBy("email").execute();
      const choices = { operators, actions: AUDIT_ACTIONS };
      if (!parsed.ok) return { ok: false as const, errors: parsed.errors, choices, timeZone };
      const before = decodeCursor(params.get("before"));
      const after = before ? null : decodeCursor(params.get("after"));
      if ((params.get("before") && !before) || (params.get("after") && !after)) {
        return { ok: false as const, errors: { page: "This page link is not valid: start again from the newest entries." }, choices, timeZone };
      }
      const direction = after ? "asc" : "desc";
      const key = after ?? before;
      const rows = await filtered(parsed.filter)
        .$if(key !== null, (qb) => qb.where(beyond(key!, after ? ">" : "<")))
        .orderBy("at", direction)
        .orderBy("id", direction)
        .limit(AUDIT_PAGE_SIZE + 1)
        .execute();
      const hasMore = rows.length > AUDIT_PAGE_SIZE;
      const page = rows.slice(0, AUDIT_PAGE_SIZE);
      if (after) page.reverse();
      const filterQuery = auditFilterParams(parsed.filter);
      const links = keysetPageLinks(
        page.map((row) => ({ createdAt: row.at, id: row.id })),
        { after, before, hasMore, filterQuery },
      );
      return {
        ok: true as const,
        filter: parsed.filter,
        filterQuery: filterQuery.toString(),
        choices,
        timeZone,
        entries: page.map(view),
        ...links,
      };
    },

    /** A lead's history, newest first: what the lead page shows. */
    async ofLead(leadId: string, limit = 100) {
      const rows = await db
        .selectFrom("audit_log")
        .selectAll()
        .where("target_type", "=", "lead")
        .where("target_id", "=", leadId)
        .orderBy("at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map(view);
    },

    /**
     * The filtered log as CSV, newest first, read in keyset batches as the client reads; quoted, with
     * formula-like text neutralised, as the leads export (lead-export.ts). `onRows` counts what was read.
     */
    csv(filter: AuditFilter, onRows: (n: number) => void = () => undefined): Readable {
      const localTime = localTimeFormatter(timeZone);
      let after: LeadKey | null = null;
      let finished = false;
      const records = new Readable({
        objectMode: true,
        highWaterMark: BATCH,
        read() {
          if (finished) return void this.push(null);
          filtered(filter)
            .$if(after !== null, (qb) => qb.where(beyond(after!, "<")))
            .orderBy("at", "desc")
            .orderBy("id", "desc")
            .limit(BATCH)
            .execute()
            .then(
              (batch) => {
                if (!batch.length) return void this.push(null);
                const last = batch[batch.length - 1]!;
                after = { createdAt: last.at, id: last.id };
                finished = batch.length < BATCH;
                onRows(batch.length);
                for (const row of batch) {
                  this.push([row.at, localTime(row.at), row.operator_email, row.operator_id, row.ip, row.action, row.target_type, row.target_id, row.detail]);
                }
              },
              (error: Error) => this.destroy(error),
            );
        },
      });
      return pipeline(
        records,
        stringify({ header: true, columns: AUDIT_COLUMNS, bom: true, quoted_string: true, escape_formulas: true }),
        coalesceChunks(),
        () => undefined,
      );
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
