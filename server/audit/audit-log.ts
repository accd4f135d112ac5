import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { AuditTargetType, Database } from "../db/schema";
import { appendChained } from "./audit-chain";

/** The longest text an entry keeps of one value (an e-mail tried, a filter); longer ones are cut. */
export const AUDIT_TEXT_LIMIT = 320;
/** The longest detail (as JSON) an entry keeps; a longer one is replaced by its first characters. */
export const AUDIT_DETAIL_LIMIT = 4_000;

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
  "revoke-invitation",
  "issue-reset-link",
  "use-reset-link",
  "enable-second-factor",
  "disable-second-factor",
  "reset-second-factor",
  "regenerate-recovery-codes",
  "use-recovery-code",
  "require-second-factor",
  "end-session",
  // The buyer portal (docs/decisions/040); a buyer user's entries carry no operator id, only their e-mail.
  "invite-buyer-user",
  "accept-buyer-invitation",
  "disable-buyer-user",
  "enable-buyer-user",
  "buyer-login",
  "buyer-logout",
  "buyer-export-csv",
  // Returns and statements (docs/decisions/041).
  "save-return-terms",
  "request-return",
  "approve-return",
  "reject-return",
  "issue-statement",
  "send-test-webhook",
  "send-test-lead",
  "view-consent-page",
  // Suppression lists (docs/decisions/047).
  "upload-suppression-list",
  // Site content (docs/decisions/055).
  "save-content-draft",
  "discard-content-draft",
  "publish-content",
  "rollback-content",
  // Landing-page experiments (docs/decisions/060).
  "create-experiment",
  "stop-experiment",
  "promote-experiment",
  "set-experiment-auto-promote",
  // Blog posts (docs/decisions/057).
  "save-blog-draft",
  "discard-blog-draft",
  "publish-blog-post",
  "schedule-blog-post",
  "unpublish-blog-post",
  "rollback-blog-post",
  "upload-blog-image",
  // Lead suppliers (docs/decisions/046).
  "create-supplier",
  "update-supplier",
  "pause-supplier",
  "resume-supplier",
  "rotate-supplier-key",
  // Campaign spend and visitors' confirmation e-mails (docs/decisions/062).
  "import-campaign-spend",
  "save-campaign-spend",
  "save-visitor-mail-claims",
  // Conversions sent back to ad platforms (docs/decisions/061).
  "save-conversion-settings",
  // Claims defined as data (docs/decisions/059).
  "create-data-claim",
  "save-data-claim-draft",
  "publish-data-claim",
  "pause-data-claim",
  "resume-data-claim",
  "rollback-data-claim",
] as const;

/**
 * Appends one entry to the hash chain (server/audit/audit-chain.ts); inside the caller's transaction when
 * given one, so it is kept only if the action is. Texts are cut to bounded lengths, as some are chosen
 * by whoever sent the request.
 */
export async function recordAudit(db: Kysely<Database>, actor: Actor, entry: AuditEntry, at = new Date()): Promise<void> {
  await appendChained(db, {
    id: randomUUID(),
    at: at.toISOString(),
    operator_id: actor.operatorId,
    operator_email: cut(actor.email),
    ip: actor.ip === null ? null : cut(actor.ip, 64),
    action: cut(entry.action, 64),
    target_type: entry.target?.type ?? null,
    target_id: entry.target ? cut(entry.target.id, 128) : null,
    detail: boundedDetail(entry.detail),
  });
}

export interface AnonymousEvent {
  /** What happened, e.g. 'login-failed'. */
  action: string;
  /** The address it came from; null counts under 'unknown'. */
  ip: string | null;
  /** The counting window; 15 minutes unless given. */
  windowMs?: number;
  /** The last event's detail, kept with the count (cut to bounded lengths). */
  detail?: Record<string, unknown>;
}

export const ANONYMOUS_EVENT_WINDOW_MS = 15 * 60_000;

/**
 * Counts an event no operator is behind (a failed log-in, a throttled attempt) in one row per action,
 * address and window, not one audit entry per request, so an anonymous client cannot grow the
 * append-only log. One upsert, exact under concurrency on both engines. Returns the window's count.
 */
export async function countAnonymousEvent(db: Kysely<Database>, event: AnonymousEvent, at = new Date()): Promise<number> {
  const windowMs = event.windowMs ?? ANONYMOUS_EVENT_WINDOW_MS;
  const windowStart = new Date(Math.floor(at.getTime() / windowMs) * windowMs).toISOString();
  const now = at.toISOString();
  const detail = boundedDetail(event.detail);
  const row = await db
    .insertInto("audit_event_counts")
    .values({ action: cut(event.action, 64), ip: cut(event.ip ?? "unknown", 64), window_start: windowStart, count: 1, first_at: now, last_at: now, last_detail: detail })
    .onConflict((conflict) =>
      conflict.columns(["action", "ip", "window_start"]).doUpdateSet((eb) => ({
        count: eb("audit_event_counts.count", "+", 1),
        last_at: eb.ref("excluded.last_at"),
        last_detail: eb.ref("excluded.last_detail"),
      })),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The text cut to `limit` characters (whole code points), marked with an ellipsis when cut. */
export function cut(text: string, limit = AUDIT_TEXT_LIMIT): string {
  const points = Array.from(text);
  return points.length <= limit ? text : `${points.slice(0, limit - 1).join("")}…`;
}

function boundedDetail(detail: Record<string, unknown> | undefined): string {
  const bounded = JSON.stringify(detail ?? {}, (_key, value: unknown) => (typeof value === "string" ? cut(value) : value));
  return bounded.length <= AUDIT_DETAIL_LIMIT ? bounded : JSON.stringify({ cut: cut(bounded, AUDIT_DETAIL_LIMIT - 100) });
}
