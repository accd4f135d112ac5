import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { AuditTargetType, Database } from "../db/schema";

/** Who did something: the operator (null for a failed log-in), their e-mail at the time, and the IP. */
export interface Actor {
  operatorId: string | null;
  email: string;
  ip: string | null;
}

export interface AuditEntry {
  action: string;
  target?: { type: AuditTargetType; id: string } | null;
  detail?: Record<string, unknown>;
}

/** The actions the log records, by name: what /admin/audit's filter offers. */
export const AUDIT_ACTIONS = [
  "login",
  "login-failed",
  "logout",
  "view-lead-contact",
  "reveal-lead-contact",
  "export-csv",
  "export-audit-csv",
  "resend-delivery",
  "resend-filtered",
  "mark-spam",
  "mark-not-spam",
  "reroute-lead",
  "save-webhook",
  "rotate-webhook-secret",
  "create-buyer",
  "update-buyer",
  "pause-buyer",
  "resume-buyer",
  "issue-buyer-api-key",
  "revoke-buyer-api-key",
  "save-routing-mode",
  "invite-operator",
  "accept-invitation",
  "change-operator-role",
  "disable-operator",
  "enable-operator",
  "change-password",
] as const;

/** Appends one entry; inside the caller's transaction when given one, so it is kept only if the action is. */
export async function recordAudit(db: Kysely<Database>, actor: Actor, entry: AuditEntry, at = new Date()): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: randomUUID(),
      at: at.toISOString(),
      operator_id: actor.operatorId,
      operator_email: actor.email,
      ip: actor.ip,
      action: entry.action,
      target_type: entry.target?.type ?? null,
      target_id: entry.target?.id ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
    })
    .execute();
}
