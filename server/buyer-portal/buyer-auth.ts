import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import { z } from "zod";
import type { Config } from "../config";
import { lockForTransaction, writeTransaction, type Db } from "../db/database";
import type { Logger } from "../logger";
import type { Settings } from "../settings/settings";
import { readCookie } from "../attribution/attribution";
import { countAnonymousEvent, recordAudit, type Actor } from "../audit/audit-log";
import { MIN_PASSWORD_LENGTH, normaliseEmail } from "../admin/operator-accounts";
import { hashPassword, verifyPassword } from "../admin/passwords";
import { sessionSecret as sessionSecretOf } from "../admin/session-secret";

export const BUYER_SESSION_IDLE_MS = 30 * 60_000;
export const BUYER_SESSION_ABSOLUTE_MS = 12 * 3_600_000;
export const BUYER_LOGIN_WINDOW_MS = 15 * 60_000;
export const BUYER_MAX_FAILURES_PER_WINDOW = 5;
export const BUYER_MAX_ACCOUNT_FAILURES_PER_WINDOW = 10;
export const BUYER_INVITATION_TTL_MS = 7 * 24 * 3_600_000;
/** The portal's pages live under it; the cookie goes nowhere else. */
export const BUYER_PATH = "/buyer";

export const BUYER_THROTTLED_MESSAGE = "Too many failed attempts. Please wait 15 minutes and try again.";
export const BUYER_WRONG_LOGIN_MESSAGE = "That e-mail address and password do not match a buyer account.";

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
const emailSchema = z.email();

type Result<T = object> = ({ ok: true } & T) | { ok: false; message: string; field?: string };

export interface BuyerUserSession {
  id: string;
  user: { id: string; email: string; name: string; buyerId: string; buyerName: string };
  /** How the audit log names the buyer user: no operator id, their e-mail. */
  actor: Actor;
  /** How the ledger and the returns name them. */
  actorTag: string;
}

export type BuyerLoginResult = { ok: true; setCookie: string } | { ok: false; reason: "wrong-password" | "throttled"; message: string };

export type BuyerAuth = Awaited<ReturnType<typeof createBuyerAuth>>;

function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Please choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > 200) return "Please choose a password of at most 200 characters.";
  return null;
}

/**
 * Buyer portal accounts (docs/decisions/040), apart from operators: a buyer's staff, invited by an
 * operator from the buyer's page with a one-time link, log in at /buyer/login. Sessions live in
 * buyer_sessions behind a signed, httpOnly, SameSite=Strict cookie of another name, sent only under
 * /buyer, with idle and absolute timeouts; failed logins are limited per IP and per account in the
 * database, as the operators' are. Every log-in, failure, log-out and invitation is in the audit log.
 */
export async function createBuyerAuth(deps: { db: Db; settings: Settings; config: Config; logger: Logger; now?: () => Date }) {
  const { db, settings, config, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const secure = config.siteUrl.startsWith("https:");
  // __Host- would need Path=/; this cookie is only for the portal's pages.
  const cookieName = secure ? "__Secure-buyer_session" : "buyer_session";
  const secret = `buyer-portal:${await sessionSecretOf(config, settings)}`;
  const decoyHash = await hashPassword(randomBytes(16).toString("hex"));

  const sign = (id: string) => createHmac("sha256", secret).update(id).digest("base64url");

  function cookie(value: string, maxAge?: number) {
    return [
      `${cookieName}=${value}`,
      `Path=${BUYER_PATH}`,
      "HttpOnly",
      "SameSite=Strict",
      ...(secure ? ["Secure"] : []),
      ...(maxAge !== undefined ? [`Max-Age=${maxAge}`] : []),
    ].join("; ");
  }

  function sessionIdFrom(cookieHeader: string | null): string | null {
    const value = readCookie(cookieHeader, cookieName);
    const [id, signature] = value?.split(".") ?? [];
    if (!id || !signature) return null;
    const expected = Buffer.from(sign(id));
    const actual = Buffer.from(signature);
    return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
  }

  /** One guess of the IP's and the account's for this window, taken atomically before scrypt (as server/admin/admin-auth.ts). */
  async function reserveGuess(ip: string, account: string): Promise<string | null> {
    const id = randomUUID();
    const since = new Date(now().getTime() - BUYER_LOGIN_WINDOW_MS).toISOString();
    const insert = (q: Db) =>
      sql`insert into buyer_login_failures (id, ip, account, created_at)
          select ${id}, ${ip}, ${account}, ${now().toISOString()}
          where (select count(*) from buyer_login_failures where ip = ${ip} and created_at > ${since}) < ${BUYER_MAX_FAILURES_PER_WINDOW}
            and (select count(*) from buyer_login_failures where account = ${account} and created_at > ${since}) < ${BUYER_MAX_ACCOUNT_FAILURES_PER_WINDOW}`.execute(q);
    const result =
      config.database.engine === "postgres"
        ? await db.transaction().execute(async (trx) => {
            await sql`select pg_advisory_xact_lock(hashtext(${`buyer-login:${ip}`}))`.execute(trx);
            await sql`select pg_advisory_xact_lock(hashtext(${`buyer-account:${account}`}))`.execute(trx);
            return insert(trx);
          })
        : await insert(db);
    return Number(result.numAffectedRows ?? 0) === 1 ? id : null;
  }

  async function session(cookieHeader: string | null, ip: string | null = null): Promise<BuyerUserSession | null> {
    const id = sessionIdFrom(cookieHeader);
    if (!id) return null;
    const row = await db
      .selectFrom("buyer_sessions")
      .leftJoin("buyer_users", "buyer_users.id", "buyer_sessions.buyer_user_id")
      .leftJoin("buyers", "buyers.id", "buyer_users.buyer_id")
      .select([
        "buyer_sessions.created_at",
        "buyer_sessions.last_seen_at",
        "buyer_users.id as userId",
        "buyer_users.email",
        "buyer_users.name",
        "buyer_users.disabled_at",
        "buyers.id as buyerId",
        "buyers.name as buyerName",
      ])
      .where("buyer_sessions.id", "=", id)
      .executeTakeFirst();
    if (!row) return null;
    const t = now().getTime();
    const expired = t - Date.parse(row.created_at) > BUYER_SESSION_ABSOLUTE_MS || t - Date.parse(row.last_seen_at) > BUYER_SESSION_IDLE_MS;
    if (expired || !row.userId || row.disabled_at || !row.buyerId) {
      await db.deleteFrom("buyer_sessions").where("id", "=", id).execute();
      return null;
    }
    await db.updateTable("buyer_sessions").set({ last_seen_at: now().toISOString() }).where("id", "=", id).execute();
    return {
      id,
      user: { id: row.userId, email: row.email!, name: row.name!, buyerId: row.buyerId, buyerName: row.buyerName! },
      actor: { operatorId: null, email: row.email!, ip },
      actorTag: `buyer-user:${row.userId}`,
    };
  }

  async function endSessions(userId: string) {
    await db.deleteFrom("buyer_sessions").where("buyer_user_id", "=", userId).execute();
  }

  async function invitation(token: string, q: Db = db) {
    const row = await q
      .selectFrom("buyer_invitations")
      .innerJoin("buyers", "buyers.id", "buyer_invitations.buyer_id")
      .select(["buyer_invitations.id", "buyer_invitations.email", "buyer_invitations.accepted_at", "buyer_invitations.expires_at", "buyer_invitations.buyer_id", "buyer_invitations.invited_by", "buyers.name as buyerName"])
      .where("token_sha256", "=", tokenHash(token))
      .executeTakeFirst();
    if (!row) return { state: "unknown" as const, message: "This invitation link is not valid. Ask the operator for a new one." };
    if (row.accepted_at) return { state: "used" as const, message: "This invitation has already been used. Log in with your e-mail address and password." };
    if (Date.parse(row.expires_at) <= now().getTime()) return { state: "expired" as const, message: "This invitation has expired. Ask the operator for a new one." };
    return { state: "open" as const, id: row.id, email: row.email, buyerId: row.buyer_id, buyerName: row.buyerName, invitedBy: row.invited_by };
  }

  return {
    cookieName,
    session,

    async login(rawEmail: string, password: string, ip: string): Promise<BuyerLoginResult> {
      const email = normaliseEmail(rawEmail);
      // Counted per address and window, not one audit entry each: anonymous guesses must not grow the log.
      const failed = (reason: string, buyerId: string | null = null) =>
        countAnonymousEvent(db, { action: "buyer-login-failed", ip, detail: { reason, email, buyer: buyerId } }, now());
      const guess = await reserveGuess(ip, email);
      if (!guess) {
        await failed("throttled");
        return { ok: false, reason: "throttled", message: BUYER_THROTTLED_MESSAGE };
      }
      const user = await db.selectFrom("buyer_users").selectAll().where("email", "=", email).executeTakeFirst();
      const matches = await verifyPassword(password, user?.password_hash ?? decoyHash);
      if (!user || !matches || user.disabled_at) {
        logger.warn({ ip }, "buyer portal login failed");
        await failed(user?.disabled_at && matches ? "disabled" : "wrong e-mail or password", user?.buyer_id ?? null);
        return { ok: false, reason: "wrong-password", message: BUYER_WRONG_LOGIN_MESSAGE };
      }
      await db.deleteFrom("buyer_login_failures").where("id", "=", guess).execute();
      const id = randomBytes(32).toString("base64url");
      const at = now().toISOString();
      await db.insertInto("buyer_sessions").values({ id, created_at: at, last_seen_at: at, buyer_user_id: user.id }).execute();
      await recordAudit(db, { operatorId: null, email: user.email, ip }, { action: "buyer-login", target: { type: "buyer", id: user.buyer_id }, detail: { buyerUser: user.id } }, now());
      return { ok: true, setCookie: cookie(`${id}.${sign(id)}`) };
    },

    async logout(cookieHeader: string | null, ip: string | null = null): Promise<string> {
      const current = await session(cookieHeader, ip);
      if (current) {
        await db.deleteFrom("buyer_sessions").where("id", "=", current.id).execute();
        await recordAudit(db, current.actor, { action: "buyer-logout", target: { type: "buyer", id: current.user.buyerId }, detail: { buyerUser: current.user.id } }, now());
      }
      return cookie("", 0);
    },

    /** The buyer's users and open invitations, for its admin page. */
    async users(buyerId: string) {
      const users = await db
        .selectFrom("buyer_users")
        .select(["id", "email", "name", "disabled_at", "created_at"])
        .where("buyer_id", "=", buyerId)
        .orderBy("created_at")
        .execute();
      const invitations = await db
        .selectFrom("buyer_invitations")
        .select(["id", "email", "created_at", "expires_at"])
        .where("buyer_id", "=", buyerId)
        .where("accepted_at", "is", null)
        .where("expires_at", ">", now().toISOString())
        .orderBy("created_at", "desc")
        .execute();
      return {
        users: users.map((u) => ({ id: u.id, email: u.email, name: u.name, disabled: u.disabled_at !== null, createdAt: u.created_at })),
        invitations: invitations.map((i) => ({ id: i.id, email: i.email, createdAt: i.created_at, expiresAt: i.expires_at })),
      };
    },

    /** An invitation to the buyer's portal; the link (the token's only copy) goes to the operator to pass on. */
    async invite(actor: Actor, buyerId: string, rawEmail: string): Promise<Result<{ link: string; email: string; expiresAt: string }>> {
      const email = normaliseEmail(rawEmail);
      if (!emailSchema.safeParse(email).success) return { ok: false, field: "email", message: "Please enter a valid e-mail address." };
      const buyer = await db.selectFrom("buyers").select(["id", "system"]).where("id", "=", buyerId).executeTakeFirst();
      if (!buyer) return { ok: false, message: "There is no such buyer." };
      if (buyer.system) return { ok: false, message: "The operator's own destinations have no portal." };
      const taken = await db.selectFrom("buyer_users").select("id").where("email", "=", email).executeTakeFirst();
      if (taken) return { ok: false, field: "email", message: `${email} already has a buyer account.` };
      const token = randomBytes(32).toString("base64url");
      const at = now();
      const expiresAt = new Date(at.getTime() + BUYER_INVITATION_TTL_MS).toISOString();
      const id = randomUUID();
      await writeTransaction(db, async (trx) => {
        await trx
          .insertInto("buyer_invitations")
          .values({ id, token_sha256: tokenHash(token), buyer_id: buyerId, email, invited_by: actor.operatorId ?? "", created_at: at.toISOString(), expires_at: expiresAt, accepted_at: null, buyer_user_id: null })
          .execute();
        await recordAudit(trx, actor, { action: "invite-buyer-user", target: { type: "buyer", id: buyerId }, detail: { email, expiresAt, invitation: id } }, at);
      });
      return { ok: true, link: `${config.siteUrl}${BUYER_PATH}/invitation/${token}`, email, expiresAt };
    },

    invitation: (token: string) => invitation(token),

    /** Turns an open invitation into a buyer user with the name and password the invitee chose. */
    async accept(token: string, name: string, password: string, ip: string | null): Promise<Result<{ email: string }>> {
      const trimmed = name.trim();
      if (!trimmed || trimmed.length > 100) return { ok: false, field: "name", message: "Please enter your name (at most 100 characters)." };
      const problem = passwordProblem(password);
      if (problem) return { ok: false, field: "password", message: problem };
      const hash = await hashPassword(password);
      return writeTransaction(db, async (trx) => {
        await lockForTransaction(trx, "buyer-users");
        const open = await invitation(token, trx);
        if (open.state !== "open") return { ok: false as const, message: open.message };
        const claimed = await trx.updateTable("buyer_invitations").set({ accepted_at: now().toISOString() }).where("id", "=", open.id).where("accepted_at", "is", null).executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return { ok: false as const, message: "This invitation has already been used. Log in with your e-mail address and password." };
        const taken = await trx.selectFrom("buyer_users").select("id").where("email", "=", open.email).executeTakeFirst();
        if (taken) return { ok: false as const, message: `${open.email} already has a buyer account.` };
        const id = randomUUID();
        await trx
          .insertInto("buyer_users")
          .values({ id, buyer_id: open.buyerId, email: open.email, name: trimmed, password_hash: hash, disabled_at: null, created_at: now().toISOString(), invited_by: open.invitedBy || null })
          .execute();
        await trx.updateTable("buyer_invitations").set({ buyer_user_id: id }).where("id", "=", open.id).execute();
        await recordAudit(trx, { operatorId: null, email: open.email, ip }, { action: "accept-buyer-invitation", target: { type: "buyer", id: open.buyerId }, detail: { buyerUser: id, invitation: open.id } }, now());
        return { ok: true as const, email: open.email };
      });
    },

    /** Disables (ending their sessions) or enables one of the buyer's users; false when the user is not the buyer's. */
    async setDisabled(actor: Actor, buyerId: string, userId: string, disabled: boolean): Promise<boolean> {
      const result = await writeTransaction(db, async (trx) => {
        const changed = await trx
          .updateTable("buyer_users")
          .set({ disabled_at: disabled ? now().toISOString() : null })
          .where("id", "=", userId)
          .where("buyer_id", "=", buyerId)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) return false;
        await recordAudit(trx, actor, { action: disabled ? "disable-buyer-user" : "enable-buyer-user", target: { type: "buyer", id: buyerId }, detail: { buyerUser: userId } }, now());
        return true;
      });
      if (result && disabled) await endSessions(userId);
      return result;
    },
  };
}
