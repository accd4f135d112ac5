import { createHash, randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import { lockForTransaction, writeTransaction, type Db } from "../db/database";
import type { OperatorRole } from "../db/schema";
import { recordAudit, type Actor } from "../audit/audit-log";
import { isRole } from "./access-policy";
import { hashPassword, verifyPassword } from "./passwords";

export const INVITATION_TTL_MS = 24 * 3_600_000;
export const MIN_PASSWORD_LENGTH = 12;
const OPERATORS_LOCK = "operators";

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
const emailSchema = z.email();

type Result<T = object> = ({ ok: true } & T) | { ok: false; message: string; field?: string };

function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Please choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > 200) return "Please choose a password of at most 200 characters.";
  return null;
}

/**
 * Operators and their invitations: owners invite by a one-time link that expires in 24 hours (only
 * the token's hash is stored), change roles and disable or enable operators (never the last enabled
 * owner); everyone changes their own password. Each change is in the audit log.
 */
export function createOperatorAccounts(deps: {
  db: Db;
  siteUrl: string;
  now: () => Date;
  endSessions: (operatorId: string, keep?: string) => Promise<void>;
}) {
  const { db, siteUrl, now, endSessions } = deps;

  /** Whether the change leaves at least one enabled owner; call inside the operators lock. */
  async function keepsAnOwner(trx: Db, operatorId: string): Promise<boolean> {
    const owners = await trx.selectFrom("operators").select("id").where("role", "=", "owner").where("disabled_at", "is", null).execute();
    return owners.some((o) => o.id !== operatorId);
  }

  async function invitation(token: string, q: Db = db) {
    const row = await q.selectFrom("operator_invitations").selectAll().where("token_sha256", "=", tokenHash(token)).executeTakeFirst();
    if (!row) return { state: "unknown" as const, message: "This invitation link is not valid. Ask an owner for a new one." };
    if (row.accepted_at) return { state: "used" as const, message: "This invitation has already been used. Log in with your e-mail address and password." };
    if (Date.parse(row.expires_at) <= now().getTime()) {
      return { state: "expired" as const, message: "This invitation has expired (links last 24 hours). Ask an owner for a new one." };
    }
    return { state: "open" as const, email: row.email, role: row.role, id: row.id };
  }

  return {
    async list() {
      const rows = await db
        .selectFrom("operators")
        .select(["id", "email", "name", "role", "disabled_at", "created_at"])
        .orderBy("created_at")
        .execute();
      const invitations = await db
        .selectFrom("operator_invitations")
        .select(["id", "email", "role", "created_at", "expires_at"])
        .where("accepted_at", "is", null)
        .where("expires_at", ">", now().toISOString())
        .orderBy("created_at", "desc")
        .execute();
      return {
        operators: rows.map((r) => ({ id: r.id, email: r.email, name: r.name, role: r.role, disabled: r.disabled_at !== null, createdAt: r.created_at })),
        invitations: invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, createdAt: i.created_at, expiresAt: i.expires_at })),
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
          .values({ id, token_sha256: tokenHash(token), email, role, invited_by: actor.operatorId ?? "", created_at: at.toISOString(), expires_at: expiresAt, accepted_at: null, operator_id: null })
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
      const problem = passwordProblem(password);
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
          .values({ id, email: open.email, name: trimmed, role: open.role, password_hash: hash, disabled_at: null, created_at: now().toISOString(), invited_by: invitedBy.invited_by })
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
        await recordAudit(trx, actor, { action: disabled ? "disable-operator" : "enable-operator", target: { type: "operator", id: operatorId }, detail: { email: operator.email } }, now());
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
      const problem = passwordProblem(next);
      if (problem) return { ok: false, field: "password", message: problem };
      const hash = await hashPassword(next);
      await writeTransaction(db, async (trx) => {
        await trx.updateTable("operators").set({ password_hash: hash }).where("id", "=", operator.id).execute();
        await recordAudit(trx, actor, { action: "change-password", target: { type: "operator", id: operator.id } }, now());
      });
      await endSessions(operator.id, sessionId);
      return { ok: true };
    },
  };
}

export type OperatorAccounts = ReturnType<typeof createOperatorAccounts>;
