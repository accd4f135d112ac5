import type { OperatorRole } from "../db/schema";

/** Roles from least to most: each may do what the ones before it may. */
export const ROLES = ["viewer", "manager", "owner"] as const satisfies readonly OperatorRole[];

/**
 * Who may do what in the admin, in one place: every admin route's loader and action and every
 * Express admin handler asks for one of these permissions, and gets a 403 below its role.
 */
export const ACCESS = {
  /** /admin: the dashboard (figures, no personal data). */
  "dashboard.view": "viewer",
  /** /admin/setup: the webhook, its signing secret, partners. */
  "setup.view": "owner",
  "setup.change": "owner",
  /** /admin/leads and /admin/leads/:id (a viewer sees contact details masked). */
  "leads.view": "viewer",
  /** A viewer's "Reveal" of one lead's contact details (recorded). */
  "leads.reveal": "viewer",
  "leads.resend": "manager",
  "leads.spam": "manager",
  "leads.export": "manager",
  /** /admin/leads/:id/page-as-shown: the stored consent page. */
  "leads.page-as-shown": "manager",
  /** /admin/buyers, /admin/buyers/report, /admin/buyers/:id. */
  "buyers.view": "viewer",
  "buyers.change": "owner",
  /** /admin/checks (docs/decisions/048): checks before a sale, with the operator's provider keys. */
  "checks.change": "manager",
  /** /admin/suppliers (docs/decisions/046): lead sources, their keys, caps and payouts. */
  "suppliers.view": "viewer",
  "suppliers.change": "manager",
  "revocations.view": "viewer",
  /** /admin/suppression (docs/decisions/047): the lists, and uploading to them. */
  "suppression.view": "manager",
  "suppression.change": "manager",
  /** /admin/returns (docs/decisions/041): returns waiting over a buyer's cap, and the latest decided. */
  "returns.view": "viewer",
  /** Approving or rejecting a return, and returning a lead for a buyer from the lead page. */
  "returns.decide": "manager",
  /** Issuing a buyer's monthly statement by hand, saving its return terms, inviting its portal users. */
  "statements.issue": "owner",
  "operators.view": "owner",
  "operators.change": "owner",
  "audit.view": "manager",
  "audit.export": "owner",
  /** /admin/content (docs/decisions/055): the site's words; a viewer reads them and previews drafts. */
  "content.view": "viewer",
  "content.change": "manager",
  /** /admin/claims (docs/decisions/063): new claims and their drafts, publish, pause and rollback; managers and owners only. */
  "claims.view": "manager",
  "claims.change": "manager",
  /** /admin/experiments (docs/decisions/060): landing-page experiments; a viewer sees their results. */
  "experiments.view": "viewer",
  "experiments.change": "manager",
  /** /admin/spend (docs/decisions/062): campaign spend, imported or entered; the dashboard shows the margin. */
  "spend.view": "manager",
  "spend.change": "manager",
  /** /admin/visitor-mail (docs/decisions/062): which claims send the visitor a confirmation e-mail. */
  "visitor-mail.view": "manager",
  "visitor-mail.change": "manager",
  /** /admin/conversions (docs/decisions/061): each claim's conversions for Google Ads and Meta; credentials are never shown. */
  "conversions.view": "viewer",
  "conversions.change": "owner",
  /** /admin/account: one's own password. */
  "account.change": "viewer",
} as const satisfies Record<string, OperatorRole>;

export type Permission = keyof typeof ACCESS;

export function allows(role: OperatorRole, permission: Permission): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(ACCESS[permission]);
}

export function isRole(value: unknown): value is OperatorRole {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export const FORBIDDEN_MESSAGE = (permission: Permission) =>
  `You do not have access: this needs the ${ACCESS[permission]} role or higher.`;
