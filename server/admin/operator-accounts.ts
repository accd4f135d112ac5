import { createHash, randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import { lockForTransaction, writeTransaction, type Db } from "../db/database";
import type { OperatorRole } from "../db/schema";
import { recordAudit, type Actor } from "../audit/audit-log";
import { isRole } from "./access-policy";
import type { Settings } from "../settings/settings";
import { hashPassword, MAX_PASSWORD_LENGTH, passwordProblem, verifyPassword } from "./passwords";
import type { SecondFactor } from "./second-factor";

export { MIN_PASSWORD_LENGTH } from "./passwords";
export const INVITATION_TTL_MS = 24 * 3_600_000;
export const RESET_LINK_TTL_MS = 30 * 60_000;
const OPERATORS_LOCK = "operators";
const INVITATION_GONE = "This invitation link is no longer valid. Ask an owner for a new one.";

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
const emailSchema = z.email();

type Result<T = object> = ({ ok: true } & T) | { ok: false; message: string; field?: string };

/**
 * Operators and their invitations: owners invite by a one-time link that expires in 24 hours (only
 * the token's hash is stored), revoke open invitations, change roles, disable or enable operators
 * (never the last enabled owner; a disabled operator's invitations die with the account) and make
 * password reset links; everyone changes their own password and second factor. Each change is in
 * the audit log.
 */
export function createOperatorAccounts(deps: {
  db: Db;
  siteUrl: string;
  now: () => Date;
  endSessions: (operatorId: string, keep?: string) => Promise<void>;
  secondFactor: SecondFactor;
  settings: Settings;
}) {
  const { db, siteUrl, now, endSessions, secondFactor, settings } = deps;

  /** Whether the change leaves at least one enabled owner; call inside the operators lock. */
  async function keepsAnOwner(trx: Db, operatorId: string): Promise<boolean> {
    const owners = await trx.selectFrom("operators").select("id").where("role", "=", "owner").where("disabled_at", "is", null).execute();
    return owners.some((o) => o.id !== operatorId);
  }

  async function invitation(token: string, q: Db = db) {
    const row = await q
      .selectFrom("operator_invitations")
      .leftJoin("operators as inviter", "inviter.id", "operator_invitations.invited_by")
      .selectAll("operator_invitations")
      .select(["inviter.disabled_at as inviterDisabledAt", "inviter.role as inviterRole"])
      .where("token_sha256", "=", tokenHash(token))
      .executeTakeFirst();
    if (!row) return { state: "unknown" as const, message: "This invitation link is not valid. Ask an owner for a new one." };
    // Revoked, or its owner disabled or no longer an owner: the invitation died with their authority.
    if (row.revoked_at || row.inviterDisabledAt || row.inviterRole !== "owner") return { state: "revoked" as const, message: INVITATION_GONE };
    if (row.accepted_at) return { state: "used" as const, message: "This invitation has already been used. Log in with your e-mail address and password." };
    if (Date.parse(row.expires_at) <= now().getTime()) {
      return { state: "expired" as const, message: "This invitation has expired (links last 24 hours). Ask an owner for a new one." };
    }
    return { state: "open" as const, email: row.email, role: row.role, id: row.id };
  }

  /** Whether a reset link can be used, and for whom. */
  async function resetLink(token: string) {
    const row = await db
      .selectFrom("operator_reset_links")
      .innerJoin("operators", "operators.id", "operator_reset_links.operator_id")
      .select(["operator_reset_links.id", "operator_reset_links.used_at", "operator_reset_links.expires_at", "operators.email", "operators.name", "operators.disabled_at"])
      .where("token_sha256", "=", tokenHash(token))
      .executeTakeFirst();
    if (!row || row.disabled_at) return { state: "unknown" as const, message: "This reset link is not valid. Ask an owner for a new one." };
    if (row.used_at) return { state: "used" as const, message: "This reset link has already been used or replaced. Ask an owner for a new one." };
    if (Date.parse(row.expires_at) <= now().getTime()) return { state: "expired" as const, message: "This reset link has expired (links last 30 minutes). Ask an owner for a new one." };
    return { state: "open" as const, id: row.id, email: row.email, name: row.name };
  }

  return {
    async list() {
      const rows = await db
        .selectFrom("operators")
        .select(["id", "email", "name", "role", "disabled_at", "created_at", "totp_enabled_at"])
        .orderBy("created_at")
        .execute();
      const invitations = await db
        .selectFrom("operator_invitations")
        .innerJoin("operators as inviter", "inviter.id", "operator_invitations.invited_by")
        .select(["operator_invitations.id", "operator_invitations.email", "operator_invitations.role", "operator_invitations.created_at", "operator_invitations.expires_at", "inviter.email as invitedBy"])
        .where("operator_invitations.accepted_at", "is", null)
        .where("operator_invitations.revoked_at", "is", null)
        .where("inviter.disabled_at", "is", null)
        .where("operator_invitations.expires_at", ">", now().toISOString())
        .orderBy("operator_invitations.created_at", "desc")
        .execute();
      return {
        operators: rows.map((r) => ({ id: r.id, email: r.email, name: r.name, role: r.role, disabled: r.disabled_at !== null, createdAt: r.created_at, secondFactor: r.totp_enabled_at !== null })),
        invitations: invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, createdAt: i.created_at, expiresAt: i.expires_at, invitedBy: i.invitedBy })),
      };
    },

    /** A new invitation; the link (with the only copy of its token) goes to the owner to pass on. */
    async invite(actor: Actor, rawEmail: string, role: unknown): Promise<Result<{ link: string; email: string; expiresAt: string }>> {
      const email = normaliseEmail(rawEmail);
      if (!emailSchema.safeParse(email).success) return { ok: false, field: "email", message: "Please enter a valid e-mail address." };
      if (!isRole(role)) return { ok: false, field: "role", message: "Please choose a role: owner, manager or viewer." };
      const taken = await db.selectFrom("operators").select("id").where("email", "=", email).executeTakeFirst();
      if (taken) return { ok: false, field: "email", message: `${email} already has an operator account.` };
      const token = randomBytes(32).toString("base64url");
      const at = now();
      const expiresAt = new Date(at.getTime() + INVITATION_TTL_MS).toISOString();
      const id = randomUUID();
      await writeTransaction(db, async (trx) => {
        await trx
          .insertInto("operator_invitations")
          .values({ id, token_sha256: tokenHash(token), email, role, invited_by: actor.operatorId ?? "", created_at: at.toISOString(), expires_at: expiresAt, accepted_at: null, operator_id: null, revoked_at: null })
          .execute();
        await recordAudit(trx, actor, { action: "invite-operator", target: { type: "operator", id }, detail: { email, role, expiresAt } }, at);
      });
      return { ok: true, link: `${siteUrl}/admin/invitation/${token}`, email, expiresAt };
    },

    invitation: (token: string) => invitation(token),

    /** Turns an open invitation into an operator with the name and password the invitee chose. */
    async accept(token: string, name: string, password: string, ip: string | null): Promise<Result<{ email: string }>> {
      const trimmed = name.trim();
      if (!trimmed || trimmed.length > 100) return { ok: false, field: "name", message: "Please enter your name (at most 100 characters)." };
      const open = await invitation(token);
      const problem = passwordProblem(password, open.state === "open" ? [open.email, trimmed] : [trimmed]);
      if (problem) return { ok: false, field: "password", message: problem };
      const hash = await hashPassword(password);
      return writeTransaction(db, async (trx) => {
        await lockForTransaction(trx, OPERATORS_LOCK);
        const open = await invitation(token, trx);
        if (open.state !== "open") return { ok: false as const, message: open.message };
        // Marked used first, only while unused: a second use in parallel changes nothing and is refused.
        const claimed = await trx
          .updateTable("operator_invitations")
          .set({ accepted_at: now().toISOString() })
          .where("id", "=", open.id)
          .where("accepted_at", "is", null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return { ok: false as const, message: "This invitation has already been used. Log in with your e-mail address and password." };
        const taken = await trx.selectFrom("operators").select("id").where("email", "=", open.email).executeTakeFirst();
        if (taken) return { ok: false as const, message: `${open.email} already has an operator account.` };
        const invitedBy = await trx.selectFrom("operator_invitations").select("invited_by").where("id", "=", open.id).executeTakeFirstOrThrow();
        const id = randomUUID();
        await trx
          .insertInto("operators")
          .values({
            id,
            email: open.email,
            name: trimmed,
            role: open.role,
            password_hash: hash,
            disabled_at: null,
            created_at: now().toISOString(),
            invited_by: invitedBy.invited_by,
            totp_secret: null,
            totp_enabled_at: null,
            totp_last_step: null,
          })
          .execute();
        await trx.updateTable("operator_invitations").set({ operator_id: id }).where("id", "=", open.id).execute();
        await recordAudit(trx, { operatorId: id, email: open.email, ip }, { action: "accept-invitation", target: { type: "operator", id }, detail: { role: open.role, invitation: open.id } }, now());
        return { ok: true as const, email: open.email };
      });
    },

    async changeRole(actor: Actor, operatorId: string, role: unknown): Promise<Result<{ email: string; role: OperatorRole }>> {
      if (!isRole(role)) return { ok: false, message: "Please choose a role: owner, manager or viewer." };
      return writeTransaction(db, async (trx) => {
        await lockForTransaction(trx, OPERATORS_LOCK);
        const operator = await trx.selectFrom("operators").selectAll().where("id", "=", operatorId).executeTakeFirst();
        if (!operator) return { ok: false as const, message: "There is no such operator." };
        if (operator.role === role) return { ok: true as const, email: operator.email, role };
        if (operator.role === "owner" && !operator.disabled_at && !(await keepsAnOwner(trx, operatorId))) {
          return { ok: false as const, message: "This is the last owner: make someone else an owner first." };
        }
        await trx.updateTable("operators").set({ role }).where("id", "=", operatorId).execute();
        await recordAudit(trx, actor, { action: "change-operator-role", target: { type: "operator", id: operatorId }, detail: { email: operator.email, from: operator.role, to: role } }, now());
        return { ok: true as const, email: operator.email, role };
      });
    },

    /** Disables (ending every session of theirs) or enables an operator. */
    async setDisabled(actor: Actor, operatorId: string, disabled: boolean): Promise<Result<{ email: string }>> {
      const result = await writeTransaction(db, async (trx) => {
        await lockForTransaction(trx, OPERATORS_LOCK);
        const operator = await trx.selectFrom("operators").selectAll().where("id", "=", operatorId).executeTakeFirst();
        if (!operator) return { ok: false as const, message: "There is no such operator." };
        if (disabled && operator.role === "owner" && !operator.disabled_at && !(await keepsAnOwner(trx, operatorId))) {
          return { ok: false as const, message: "This is the last owner: it cannot be disabled." };
        }
        await trx.updateTable("operators").set({ disabled_at: disabled ? now().toISOString() : null }).where("id", "=", operatorId).execute();
        // Their open invitations and reset links die with the account, and stay dead if it is enabled again.
        const revoked = disabled
          ? await trx.updateTable("operator_invitations").set({ revoked_at: now().toISOString() }).where("invited_by", "=", operatorId).where("accepted_at", "is", null).where("revoked_at", "is", null).executeTakeFirst()
          : null;
        if (disabled) await trx.updateTable("operator_reset_links").set({ used_at: now().toISOString() }).where("operator_id", "=", operatorId).where("used_at", "is", null).execute();
        const detail = { email: operator.email, ...(revoked ? { invitationsRevoked: Number(revoked.numUpdatedRows) } : {}) };
        await recordAudit(trx, actor, { action: disabled ? "disable-operator" : "enable-operator", target: { type: "operator", id: operatorId }, detail }, now());
        return { ok: true as const, email: operator.email };
      });
      if (result.ok && disabled) await endSessions(operatorId);
      return result;
    },

    /** One's own password, with the current one; every other session of theirs ends. */
    async changePassword(actor: Actor, sessionId: string, current: string, next: string): Promise<Result> {
      if (!actor.operatorId) return { ok: false, message: "There is no such operator." };
      const operator = await db.selectFrom("operators").selectAll().where("id", "=", actor.operatorId).executeTakeFirst();
      if (!operator) return { ok: false, message: "There is no such operator." };
      if (!(await verifyPassword(current, operator.password_hash))) return { ok: false, field: "current", message: "Your current password is not correct." };
      const problem = passwordProblem(next, [operator.email, operator.name]);
      if (problem) return { ok: false, field: "password", message: problem };
      const hash = await hashPassword(next);
      await writeTransaction(db, async (trx) => {
        await trx.updateTable("operators").set({ password_hash: hash }).where("id", "=", operator.id).execute();
        await recordAudit(trx, actor, { action: "change-password", target: { type: "operator", id: operator.id } }, now());
      });
      await endSessions(operator.id, sessionId);
      return { ok: true };
    },
    /** Revokes an open invitation: its link stops working. */
    async revokeInvitation(actor: Actor, invitationId: string): Promise<Result<{ email: string }>> {
      const row = await db.selectFrom("operator_invitations").select(["email", "accepted_at", "revoked_at"]).where("id", "=", invitationId).executeTakeFirst();
      if (!row || row.accepted_at || row.revoked_at) return { ok: false, message: "There is no such open invitation." };
      return writeTransaction(db, async (trx) => {
        const revoked = await trx.updateTable("operator_invitations").set({ revoked_at: now().toISOString() }).where("id", "=", invitationId).where("accepted_at", "is", null).where("revoked_at", "is", null).executeTakeFirst();
        if (Number(revoked.numUpdatedRows) !== 1) return { ok: false as const, message: "There is no such open invitation." };
        await recordAudit(trx, actor, { action: "revoke-invitation", target: { type: "operator", id: invitationId }, detail: { email: row.email } }, now());
        return { ok: true as const, email: row.email };
      });
    },

    /**
     * A one-time link, valid 30 minutes, that lets another operator set a new password (only the
     * token's hash is kept; an earlier open link for them stops working). There is no mail server:
     * the owner passes it on.
     */
    async issueResetLink(actor: Actor, operatorId: string): Promise<Result<{ link: string; email: string; expiresAt: string }>> {
      if (operatorId === actor.operatorId) return { ok: false, message: "Change your own password on Your account." };
      const operator = await db.selectFrom("operators").select(["id", "email", "disabled_at"]).where("id", "=", operatorId).executeTakeFirst();
      if (!operator) return { ok: false, message: "There is no such operator." };
      if (operator.disabled_at) return { ok: false, message: `${operator.email} is disabled: enable the account first.` };
      const token = randomBytes(32).toString("base64url");
      const at = now();
      const expiresAt = new Date(at.getTime() + RESET_LINK_TTL_MS).toISOString();
      const id = randomUUID();
      await writeTransaction(db, async (trx) => {
        await trx.updateTable("operator_reset_links").set({ used_at: at.toISOString() }).where("operator_id", "=", operatorId).where("used_at", "is", null).execute();
        await trx
          .insertInto("operator_reset_links")
          .values({ id, token_sha256: tokenHash(token), operator_id: operatorId, created_by: actor.operatorId ?? "", created_at: at.toISOString(), expires_at: expiresAt, used_at: null })
          .execute();
        await recordAudit(trx, actor, { action: "issue-reset-link", target: { type: "operator", id: operatorId }, detail: { email: operator.email, expiresAt } }, at);
      });
      return { ok: true, link: `${siteUrl}/admin/reset/${token}`, email: operator.email, expiresAt };
    },

    /** Whether a reset link can be used, and for whom. */
    resetLink: (token: string) => resetLink(token),

    /** Sets the new password through a reset link, once; every session of that operator ends. */
    async useResetLink(token: string, password: string, ip: string | null): Promise<Result<{ email: string }>> {
      const open = await resetLink(token);
      if (open.state !== "open") return { ok: false, message: open.message };
      const problem = passwordProblem(password, [open.email, open.name]);
      if (problem) return { ok: false, field: "password", message: problem };
      const hash = await hashPassword(password);
      const result = await writeTransaction(db, async (trx) => {
        const claimed = await trx
          .updateTable("operator_reset_links")
          .set({ used_at: now().toISOString() })
          .where("id", "=", open.id)
          .where("used_at", "is", null)
          .where("expires_at", ">", now().toISOString())
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return { ok: false as const, message: "This reset link has already been used or replaced. Ask an owner for a new one." };
        const link = await trx.selectFrom("operator_reset_links").select("operator_id").where("id", "=", open.id).executeTakeFirstOrThrow();
        await trx.updateTable("operators").set({ password_hash: hash }).where("id", "=", link.operator_id).execute();
        await recordAudit(trx, { operatorId: link.operator_id, email: open.email, ip }, { action: "use-reset-link", target: { type: "operator", id: link.operator_id }, detail: { link: open.id } }, now());
        return { ok: true as const, email: open.email, operatorId: link.operator_id };
      });
      if (!result.ok) return result;
      await endSessions(result.operatorId);
      return { ok: true, email: result.email };
    },

    /** Starts setting up one's own second factor (the secret is sealed; nothing is on until a code confirms it). */
    startSecondFactor: (actor: Actor) => secondFactor.start(actor.operatorId ?? ""),

    async confirmSecondFactor(actor: Actor, code: string): Promise<Result<{ recoveryCodes: string[] }>> {
      const confirmed = await secondFactor.confirm(actor.operatorId ?? "", code.slice(0, 64));
      if (!confirmed.ok) return { ok: false, field: "code", message: confirmed.message };
      await recordAudit(db, actor, { action: "enable-second-factor", target: { type: "operator", id: actor.operatorId ?? "" } }, now());
      return { ok: true, recoveryCodes: confirmed.recoveryCodes };
    },

    /** New recovery codes (the old ones stop working), with the current password. */
    async regenerateRecoveryCodes(actor: Actor, password: string): Promise<Result<{ recoveryCodes: string[] }>> {
      const operator = await db.selectFrom("operators").select(["password_hash", "totp_enabled_at"]).where("id", "=", actor.operatorId ?? "").executeTakeFirst();
      if (!operator?.totp_enabled_at) return { ok: false, message: "Two-step log-in is not on." };
      if (!(await verifyPassword(password.slice(0, MAX_PASSWORD_LENGTH), operator.password_hash))) return { ok: false, field: "codes-password", message: "Your current password is not correct." };
      const recoveryCodes = await secondFactor.regenerate(actor.operatorId!);
      await recordAudit(db, actor, { action: "regenerate-recovery-codes", target: { type: "operator", id: actor.operatorId! } }, now());
      return { ok: true, recoveryCodes };
    },

    /** Turns one's own second factor off, with the current password; refused while an owner requires it. */
    async disableSecondFactor(actor: Actor, password: string): Promise<Result> {
      if ((await settings.get("require_second_factor")) === "true") return { ok: false, field: "off-password", message: "An owner requires two-step log-in for everyone: it cannot be turned off." };
      const operator = await db.selectFrom("operators").select(["password_hash", "totp_secret"]).where("id", "=", actor.operatorId ?? "").executeTakeFirst();
      if (!operator?.totp_secret) return { ok: false, message: "Two-step log-in is not on." };
      if (!(await verifyPassword(password.slice(0, MAX_PASSWORD_LENGTH), operator.password_hash))) return { ok: false, field: "off-password", message: "Your current password is not correct." };
      await writeTransaction(db, async (trx) => {
        await secondFactor.disable(trx, actor.operatorId!);
        await recordAudit(trx, actor, { action: "disable-second-factor", target: { type: "operator", id: actor.operatorId! } }, now());
      });
      return { ok: true };
    },

    /** An owner turns another operator's second factor off (a lost phone and codes); they set it up again at their next log-in if it is required. */
    async resetSecondFactor(actor: Actor, operatorId: string): Promise<Result<{ email: string }>> {
      if (operatorId === actor.operatorId) return { ok: false, message: "Turn your own two-step log-in off on Your account." };
      const operator = await db.selectFrom("operators").select(["email", "totp_secret"]).where("id", "=", operatorId).executeTakeFirst();
      if (!operator) return { ok: false, message: "There is no such operator." };
      if (!operator.totp_secret) return { ok: false, message: `${operator.email} has no two-step log-in.` };
      await writeTransaction(db, async (trx) => {
        await secondFactor.disable(trx, operatorId);
        await recordAudit(trx, actor, { action: "reset-second-factor", target: { type: "operator", id: operatorId }, detail: { email: operator.email } }, now());
      });
      await endSessions(operatorId);
      return { ok: true, email: operator.email };
    },
  };
}

export type OperatorAccounts = ReturnType<typeof createOperatorAccounts>;
