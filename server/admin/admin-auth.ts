import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import type { Config } from "../config";
import type { Db } from "../db/database";
import type { OperatorRole } from "../db/schema";
import type { Logger } from "../logger";
import type { Settings } from "../settings/settings";
import { readCookie } from "../attribution/attribution";
import { recordAudit, type Actor } from "../audit/audit-log";
import { createAuditLog } from "../audit/audit-query";
import { allows, FORBIDDEN_MESSAGE, type Permission } from "./access-policy";
import { createOperatorAccounts, normaliseEmail } from "./operator-accounts";
import { generatePassword, hashPassword, verifyPassword } from "./passwords";
import { sessionSecret as sessionSecretOf } from "./session-secret";

/** Where a set-up from before operator accounts kept its generated password's hash: the first owner takes it over. */
const LEGACY_PASSWORD_HASH_SETTING = "admin_password_hash";
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_WINDOW = 5;
/** Failed log-ins to one e-mail address per window, from any number of IPs. */
export const MAX_ACCOUNT_FAILURES_PER_WINDOW = 10;

export const THROTTLED_MESSAGE = "Too many failed attempts. Please wait 15 minutes and try again.";
/** The same whether the account exists, is disabled, or the password is wrong. */
export const WRONG_LOGIN_MESSAGE = "That e-mail address and password do not match an operator account.";

/** The admin header's links that depend on the role (server/admin/access-policy.ts). */
export interface AdminNavigation {
  setup: boolean;
  audit: boolean;
  operators: boolean;
}

export type AdminAuth = Awaited<ReturnType<typeof createAdminAuth>>;

export type LoginResult =
  | { ok: true; setCookie: string }
  | { ok: false; reason: "wrong-password" | "throttled"; message: string };

export interface OperatorSession {
  id: string;
  operator: { id: string; email: string; name: string; role: OperatorRole };
}

export type Authorization =
  | { ok: true; session: OperatorSession; actor: Actor }
  | { ok: false; reason: "login" }
  | { ok: false; reason: "forbidden"; message: string };

/**
 * Operator login (docs/decisions/010, 028): named operators with a role, server-side sessions in a
 * signed, httpOnly, SameSite=Strict cookie with idle and absolute timeouts, a limit on failed
 * logins per IP and per account, and every log-in, failure and log-out in the audit log.
 */
export async function createAdminAuth(deps: { db: Db; settings: Settings; config: Config; logger: Logger; now?: () => Date }) {
  const { db, settings, config, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const secure = config.siteUrl.startsWith("https:");
  const cookieName = secure ? "__Host-admin_session" : "admin_session";
  const sessionSecret = await sessionSecretOf(config, settings);
  const accounts = createOperatorAccounts({ db, siteUrl: config.siteUrl, now, endSessions });
  const audit = createAuditLog({ db, timeZone: config.operatorTimeZone });
  // Scrypt of something no one types: an unknown e-mail costs the same time as a wrong password.
  const decoyHash = await hashPassword(randomBytes(16).toString("hex"));
  await ensureFirstOwner();

  /**
   * With no operator yet, the first owner: ADMIN_EMAIL with ADMIN_PASSWORD, else the password a set-up
   * before operator accounts generated, else one generated now and printed once. After that, the
   * operators table is the truth: owners manage operators on /admin/operators.
   */
  async function ensureFirstOwner() {
    const email = normaliseEmail(config.adminEmail);
    const existing = await db.selectFrom("operators").select(["email", "role"]).where("role", "=", "owner").where("disabled_at", "is", null).executeTakeFirst();
    if (existing) {
      logger.info({ owner: existing.email }, "operator login: /admin/login with an operator's e-mail address and password");
      return;
    }
    let printed: string | null = null;
    let hash = config.adminPassword ? await hashPassword(config.adminPassword) : await settings.get(LEGACY_PASSWORD_HASH_SETTING);
    if (!hash) {
      printed = generatePassword();
      hash = await hashPassword(printed);
    }
    const inserted = await db
      .insertInto("operators")
      .values({ id: randomUUID(), email, name: "Owner", role: "owner", password_hash: hash, disabled_at: null, created_at: now().toISOString(), invited_by: null })
      .onConflict((oc) => oc.column("email").doNothing())
      .executeTakeFirst();
    // Another instance starting at the same time made it first: its log shows the password.
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return;
    if (printed) {
      logger.warn("generated the first owner's password; it is printed once below and only its hash is stored");
      console.log(`\n  Operator login: /admin/login  e-mail: ${email}  password: ${printed}\n  (shown only now; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)\n`);
    } else {
      logger.info({ owner: email }, `operator login: /admin/login as ${email} with ${config.adminPassword ? "ADMIN_PASSWORD" : "the password generated at first start"}`);
    }
  }

  const sign = (id: string) => createHmac("sha256", sessionSecret).update(id).digest("base64url");

  function cookie(value: string, maxAge?: number) {
    return [
      `${cookieName}=${value}`,
      "Path=/",
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

  /**
   * Takes one of the IP's and one of the account's guesses for this window before the password is
   * checked, in one atomic step: a row in login_failures, inserted only while the window holds fewer
   * than each limit. A correct password gives its row back. Checking first and recording the failure
   * after scrypt let parallel guesses all pass the check. SQLite runs the one statement atomically;
   * PostgreSQL takes per-IP and per-account advisory locks for the transaction first, always in that
   * order, so two logins cannot wait on each other.
   */
  async function reserveGuess(ip: string, account: string): Promise<string | null> {
    const id = randomUUID();
    const since = new Date(now().getTime() - LOGIN_WINDOW_MS).toISOString();
    const insert = (q: Db) =>
      sql`insert into login_failures (id, ip, account, created_at)
          select ${id}, ${ip}, ${account}, ${now().toISOString()}
          where (select count(*) from login_failures where ip = ${ip} and created_at > ${since}) < ${MAX_FAILURES_PER_WINDOW}
            and (select count(*) from login_failures where account = ${account} and created_at > ${since}) < ${MAX_ACCOUNT_FAILURES_PER_WINDOW}`.execute(q);
    const result =
      config.database.engine === "postgres"
        ? await db.transaction().execute(async (trx) => {
            await sql`select pg_advisory_xact_lock(hashtext(${`admin-login:${ip}`}))`.execute(trx);
            await sql`select pg_advisory_xact_lock(hashtext(${`admin-account:${account}`}))`.execute(trx);
            return insert(trx);
          })
        : await insert(db);
    return Number(result.numAffectedRows ?? 0) === 1 ? id : null;
  }

  /** Ends an operator's sessions, all but `keep` when given (a password change keeps the one that made it). */
  async function endSessions(operatorId: string, keep?: string) {
    await db
      .deleteFrom("admin_sessions")
      .where("operator_id", "=", operatorId)
      .$if(keep !== undefined, (qb) => qb.where("id", "!=", keep!))
      .execute();
  }

  async function session(cookieHeader: string | null): Promise<OperatorSession | null> {
    const id = sessionIdFrom(cookieHeader);
    if (!id) return null;
    const row = await db
      .selectFrom("admin_sessions")
      .leftJoin("operators", "operators.id", "admin_sessions.operator_id")
      .select(["admin_sessions.created_at", "admin_sessions.last_seen_at", "operators.id as operatorId", "operators.email", "operators.name", "operators.role", "operators.disabled_at"])
      .where("admin_sessions.id", "=", id)
      .executeTakeFirst();
    if (!row) return null;
    const t = now().getTime();
    const expired = t - Date.parse(row.created_at) > SESSION_ABSOLUTE_MS || t - Date.parse(row.last_seen_at) > SESSION_IDLE_MS;
    if (expired || !row.operatorId || row.disabled_at) {
      await db.deleteFrom("admin_sessions").where("id", "=", id).execute();
      return null;
    }
    await db.updateTable("admin_sessions").set({ last_seen_at: now().toISOString() }).where("id", "=", id).execute();
    return { id, operator: { id: row.operatorId, email: row.email!, name: row.name!, role: row.role! } };
  }

  return {
    cookieName,
    accounts,
    audit,

    async login(rawEmail: string, password: string, ip: string): Promise<LoginResult> {
      const email = normaliseEmail(rawEmail);
      const failed = (reason: string) => recordAudit(db, { operatorId: null, email, ip }, { action: "login-failed", detail: { reason } }, now());
      const guess = await reserveGuess(ip, email);
      if (!guess) {
        await failed("throttled");
        return { ok: false, reason: "throttled", message: THROTTLED_MESSAGE };
      }
      const operator = await db.selectFrom("operators").selectAll().where("email", "=", email).executeTakeFirst();
      const matches = await verifyPassword(password, operator?.password_hash ?? decoyHash);
      if (!operator || !matches || operator.disabled_at) {
        logger.warn({ ip }, "operator login failed");
        await failed(operator?.disabled_at && matches ? "disabled" : "wrong e-mail or password");
        return { ok: false, reason: "wrong-password", message: WRONG_LOGIN_MESSAGE };
      }
      await db.deleteFrom("login_failures").where("id", "=", guess).execute();
      // A new session id at every login (no fixation).
      const id = randomBytes(32).toString("base64url");
      const at = now().toISOString();
      await db.insertInto("admin_sessions").values({ id, created_at: at, last_seen_at: at, operator_id: operator.id }).execute();
      await recordAudit(db, { operatorId: operator.id, email: operator.email, ip }, { action: "login", target: { type: "operator", id: operator.id } }, now());
      logger.info({ ip, operator: operator.id }, "operator logged in");
      return { ok: true, setCookie: cookie(`${id}.${sign(id)}`) };
    },

    /** The session and its operator if the cookie is genuine, the session neither idle too long nor too old, and the operator enabled. */
    session,

    /** The session if its operator's role allows `permission`; else whether to log in or that it is forbidden. */
    async authorize(cookieHeader: string | null, permission: Permission, ip: string | null): Promise<Authorization> {
      const current = await session(cookieHeader);
      if (!current) return { ok: false, reason: "login" };
      if (!allows(current.operator.role, permission)) return { ok: false, reason: "forbidden", message: FORBIDDEN_MESSAGE(permission) };
      return { ok: true, session: current, actor: { operatorId: current.operator.id, email: current.operator.email, ip } };
    },

    allows,

    /**
     * Which of the admin header's role-bound links the cookie's operator may follow, for showing only
     * those; null without a genuine session. A read only: the page's own loader checks and renews the session.
     */
    async navigation(cookieHeader: string | null): Promise<AdminNavigation | null> {
      const id = sessionIdFrom(cookieHeader);
      if (!id) return null;
      const row = await db
        .selectFrom("admin_sessions")
        .innerJoin("operators", "operators.id", "admin_sessions.operator_id")
        .select("operators.role")
        .where("admin_sessions.id", "=", id)
        .executeTakeFirst();
      if (!row) return null;
      return { setup: allows(row.role, "setup.view"), audit: allows(row.role, "audit.view"), operators: allows(row.role, "operators.view") };
    },

    async logout(cookieHeader: string | null, ip: string | null = null): Promise<string> {
      const current = await session(cookieHeader);
      if (current) {
        await db.deleteFrom("admin_sessions").where("id", "=", current.id).execute();
        const { id, email } = current.operator;
        await recordAudit(db, { operatorId: id, email, ip }, { action: "logout", target: { type: "operator", id } }, now());
      }
      return cookie("", 0);
    },
  };
}
