import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import type { Config } from "../config";
import type { Db } from "../db/database";
import type { OperatorRole } from "../db/schema";
import type { Logger } from "../logger";
import type { Settings } from "../settings/settings";
import { readCookie } from "../attribution/attribution";
import { ANONYMOUS_EVENT_WINDOW_MS, countAnonymousEvent, recordAudit, type Actor } from "../audit/audit-log";
import { createAuditLog } from "../audit/audit-query";
import { allows, FORBIDDEN_MESSAGE, type Permission } from "./access-policy";
import { createOperatorAccounts, normaliseEmail } from "./operator-accounts";
import { generatePassword, hashPassword, passwordProblem, verifyPassword } from "./passwords";
import { createSecondFactor, secondFactorBoxes } from "./second-factor";
import { sessionSecret as sessionSecretOf } from "./session-secret";

/** Where a set-up from before operator accounts kept its generated password's hash: the first owner takes it over. */
const LEGACY_PASSWORD_HASH_SETTING = "admin_password_hash";
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000;
export const LOGIN_WINDOW_MS = ANONYMOUS_EVENT_WINDOW_MS;
/** Failed log-ins from a browser without a device cookie, per address and account, per window. */
export const MAX_FAILURES_PER_WINDOW = 5;
/** Failed log-ins to one account per window from browsers without its device cookie, from any number of addresses. */
export const MAX_ACCOUNT_FAILURES_PER_WINDOW = 10;
/** Failed log-ins from one address per window without a device cookie, to any accounts (credential stuffing). */
export const MAX_ADDRESS_FAILURES_PER_WINDOW = 50;
/** Failed log-ins per window with one known device's cookie: only that cookie is locked out. */
export const MAX_DEVICE_FAILURES_PER_WINDOW = 10;
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 3600;
/** From a right password to the second factor. */
export const LOGIN_CHALLENGE_MS = 5 * 60_000;
export const MAX_CHALLENGE_ATTEMPTS = 5;
/** The owner's switch: every operator must use a second factor. */
export const REQUIRE_SECOND_FACTOR_SETTING = "require_second_factor";
const MAX_EMAIL_LENGTH = 254;
const MAX_USER_AGENT_LENGTH = 200;

export const THROTTLED_MESSAGE = "Too many failed attempts. Please wait 15 minutes and try again.";
/** The same whether the account exists, is disabled, or the password is wrong. */
export const WRONG_LOGIN_MESSAGE = "That e-mail address and password do not match an operator account.";
export const WRONG_CODE_MESSAGE = "That code is not right. Enter the 6-digit code from your authenticator app, or one of your recovery codes.";
export const CHALLENGE_GONE_MESSAGE = "Your log-in took too long or had too many wrong codes. Please enter your e-mail address and password again.";

/** The admin header's links that depend on the role (server/admin/access-policy.ts). */
export interface AdminNavigation {
  setup: boolean;
  suppression: boolean;
  audit: boolean;
  operators: boolean;
  checks: boolean;
  spend: boolean;
  visitorMail: boolean;
  claims: boolean;
}

export type AdminAuth = Awaited<ReturnType<typeof createAdminAuth>>;

/** The browser's side of a log-in: its cookies (a device cookie, the step before the code) and user agent. */
export interface LoginClient {
  cookieHeader?: string | null;
  userAgent?: string | null;
}

export type LoginResult =
  /** `setCookie` is the session's; `setCookies` all to send (the session, the device cookie, the end of the code step). */
  | { ok: true; setCookie: string; setCookies: string[] }
  /** The password was right; the code comes next, in the step `setCookie` names. */
  | { ok: false; reason: "second-factor"; setCookie: string; message: string }
  | { ok: false; reason: "wrong-password" | "throttled"; message: string };

export type SecondFactorResult =
  | { ok: true; setCookie: string; setCookies: string[]; with: "totp" | "recovery-code" }
  | { ok: false; reason: "wrong-code"; message: string }
  | { ok: false; reason: "expired"; message: string; setCookie: string };

export interface OperatorSession {
  id: string;
  operator: { id: string; email: string; name: string; role: OperatorRole };
}

export type Authorization =
  | { ok: true; session: OperatorSession; actor: Actor }
  | { ok: false; reason: "login" }
  /** An owner requires a second factor and this operator has none yet: only /admin/account is open. */
  | { ok: false; reason: "enrol" }
  | { ok: false; reason: "forbidden"; message: string };

/**
 * Operator login (docs/decisions/010, 028, 044): named operators with a role, server-side sessions in a
 * signed, httpOnly, SameSite=Strict cookie with idle and absolute timeouts, an optional TOTP second
 * factor, device cookies that keep a known browser out of the throttles others can trip, and every
 * log-in and log-out in the audit log (failures are counted per address and window).
 */
export async function createAdminAuth(deps: { db: Db; settings: Settings; config: Config; logger: Logger; now?: () => Date }) {
  const { db, settings, config, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const secure = config.siteUrl.startsWith("https:");
  const cookieName = secure ? "__Host-admin_session" : "admin_session";
  const deviceCookieName = secure ? "__Host-admin_device" : "admin_device";
  const challengeCookieName = secure ? "__Host-admin_login_step" : "admin_login_step";
  const sessionSecret = await sessionSecretOf(config, settings);
  const secondFactor = createSecondFactor({ db, boxes: secondFactorBoxes(config.secretsKey, sessionSecret), issuer: config.site.name, now });
  const accounts = createOperatorAccounts({ db, siteUrl: config.siteUrl, now, endSessions, secondFactor, settings });
  const audit = createAuditLog({ db, timeZone: config.operatorTimeZone });
  // Scrypt of something no one types: an unknown e-mail costs the same time as a wrong password.
  const decoyHash = await hashPassword(randomBytes(16).toString("hex"));
  await ensureFirstOwner();

  /**
   * With no operator yet, the first owner: ADMIN_EMAIL with ADMIN_PASSWORD, else the password a set-up
   * before operator accounts generated, else one generated now and printed once. After that, the
   * operators table is the truth: owners manage operators on /admin/operators. An ADMIN_PASSWORD that
   * fails the password policy stops the start with the reason (docs/decisions/044).
   */
  async function ensureFirstOwner() {
    const email = normaliseEmail(config.adminEmail);
    const existing = await db.selectFrom("operators").select(["email", "role"]).where("role", "=", "owner").where("disabled_at", "is", null).executeTakeFirst();
    if (existing) {
      logger.info({ owner: existing.email }, "operator login: /admin/login with an operator's e-mail address and password");
      return;
    }
    if (config.adminPassword) {
      const problem = passwordProblem(config.adminPassword, [email]);
      if (problem) throw new Error(`ADMIN_PASSWORD cannot be the first owner's password: ${problem}`);
    }
    let printed: string | null = null;
    let hash = config.adminPassword ? await hashPassword(config.adminPassword) : await settings.get(LEGACY_PASSWORD_HASH_SETTING);
    if (!hash) {
      printed = generatePassword();
      hash = await hashPassword(printed);
    }
    const inserted = await db
      .insertInto("operators")
      .values({ id: randomUUID(), email, name: "Owner", role: "owner", password_hash: hash, disabled_at: null, created_at: now().toISOString(), invited_by: null, totp_secret: null, totp_enabled_at: null, totp_last_step: null })
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
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

  function cookieOf(name: string, value: string, maxAge?: number) {
    return [
      `${name}=${value}`,
      "Path=/",
      "HttpOnly",
      "SameSite=Strict",
      ...(secure ? ["Secure"] : []),
      ...(maxAge !== undefined ? [`Max-Age=${maxAge}`] : []),
    ].join("; ");
  }
  const cookie = (value: string, maxAge?: number) => cookieOf(cookieName, value, maxAge);

  function genuine(value: string | undefined, purpose: string): string[] | null {
    if (!value) return null;
    const parts = value.split(".");
    const signature = parts.pop();
    if (!signature || parts.length === 0 || parts.some((p) => !p)) return null;
    const expected = Buffer.from(sign(`${purpose}:${parts.join(".")}`));
    const actual = Buffer.from(signature);
    return actual.length === expected.length && timingSafeEqual(actual, expected) ? parts : null;
  }
  const signed = (purpose: string, ...parts: string[]) => `${parts.join(".")}.${sign(`${purpose}:${parts.join(".")}`)}`;

  function sessionIdFrom(cookieHeader: string | null): string | null {
    const value = readCookie(cookieHeader, cookieName);
    const [id, signature] = value?.split(".") ?? [];
    if (!id || !signature) return null;
    const expected = Buffer.from(sign(id));
    const actual = Buffer.from(signature);
    return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
  }

  /**
   * The known device's nonce when the browser's device cookie (OWASP, "Blocking Brute Force Attacks")
   * is genuine and names this account: set at each full log-in, it lets that browser past the throttles
   * that guesses from elsewhere can fill.
   */
  function knownDevice(cookieHeader: string | null | undefined, email: string): string | null {
    const parts = genuine(readCookie(cookieHeader ?? null, deviceCookieName), "device");
    if (!parts || parts.length !== 2) return null;
    const [account, nonce] = parts as [string, string];
    return Buffer.from(account, "base64url").toString("utf8") === email ? nonce : null;
  }
  const deviceCookie = (email: string) =>
    cookieOf(deviceCookieName, signed("device", Buffer.from(email, "utf8").toString("base64url"), randomBytes(16).toString("base64url")), DEVICE_COOKIE_MAX_AGE_S);

  /**
   * Takes one guess for this window before the password is checked, in one atomic step: a row in
   * login_failures, inserted only while the window holds fewer than each limit; a correct password
   * gives its row back. From a known device, only that device's own failures count; from anywhere
   * else, the failures for this account from this address, for this account from all addresses,
   * and from this address for all accounts (each without a device). Guesses from elsewhere thus
   * never lock out a browser that logged in before, and one colleague's typos never lock out another.
   * SQLite runs the one statement atomically; PostgreSQL takes advisory locks for the address, the
   * account and the device first, always in that order, so two logins cannot wait on each other.
   */
  async function reserveGuess(ip: string, account: string, device: string | null): Promise<string | null> {
    const id = randomUUID();
    const at = now();
    const since = new Date(at.getTime() - LOGIN_WINDOW_MS).toISOString();
    const limits = device
      ? sql`(select count(*) from login_failures where device = ${device} and created_at > ${since}) < ${MAX_DEVICE_FAILURES_PER_WINDOW}`
      : sql`(select count(*) from login_failures where ip = ${ip} and account = ${account} and device is null and created_at > ${since}) < ${MAX_FAILURES_PER_WINDOW}
            and (select count(*) from login_failures where account = ${account} and device is null and created_at > ${since}) < ${MAX_ACCOUNT_FAILURES_PER_WINDOW}
            and (select count(*) from login_failures where ip = ${ip} and device is null and created_at > ${since}) < ${MAX_ADDRESS_FAILURES_PER_WINDOW}`;
    const insert = (q: Db) =>
      sql`insert into login_failures (id, ip, account, device, created_at)
          select ${id}, ${ip}, ${account}, ${device}, ${at.toISOString()}
          where ${limits}`.execute(q);
    const result =
      config.database.engine === "postgres"
        ? await db.transaction().execute(async (trx) => {
            if (device) {
              await sql`select pg_advisory_xact_lock(hashtext(${`admin-device:${device}`}))`.execute(trx);
            } else {
              await sql`select pg_advisory_xact_lock(hashtext(${`admin-login:${ip}`}))`.execute(trx);
              await sql`select pg_advisory_xact_lock(hashtext(${`admin-account:${account}`}))`.execute(trx);
            }
            return insert(trx);
          })
        : await insert(db);
    // Rows of past windows count for nothing: they go, so guesses cannot grow the table for good.
    await db.deleteFrom("login_failures").where("created_at", "<=", since).execute();
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

  async function session(cookieHeader: string | null): Promise<(OperatorSession & { secondFactor: boolean }) | null> {
    const id = sessionIdFrom(cookieHeader);
    if (!id) return null;
    const row = await db
      .selectFrom("admin_sessions")
      .leftJoin("operators", "operators.id", "admin_sessions.operator_id")
      .select([
        "admin_sessions.created_at",
        "admin_sessions.last_seen_at",
        "operators.id as operatorId",
        "operators.email",
        "operators.name",
        "operators.role",
        "operators.disabled_at",
        "operators.totp_enabled_at",
      ])
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
    return { id, operator: { id: row.operatorId, email: row.email!, name: row.name!, role: row.role! }, secondFactor: row.totp_enabled_at != null };
  }

  async function secondFactorRequired(): Promise<boolean> {
    return (await settings.get(REQUIRE_SECOND_FACTOR_SETTING)) === "true";
  }

  /** A session for an operator whose password (and second factor, when they have one) was right. */
  async function startSession(operator: { id: string; email: string }, ip: string, client: LoginClient, detail: Record<string, unknown> = {}) {
    // A new session id at every login (no fixation).
    const id = randomBytes(32).toString("base64url");
    const at = now().toISOString();
    const userAgent = client.userAgent ? client.userAgent.slice(0, MAX_USER_AGENT_LENGTH) : null;
    await db.insertInto("admin_sessions").values({ id, created_at: at, last_seen_at: at, operator_id: operator.id, ip, user_agent: userAgent }).execute();
    await recordAudit(db, { operatorId: operator.id, email: operator.email, ip }, { action: "login", target: { type: "operator", id: operator.id }, detail }, now());
    logger.info({ ip, operator: operator.id }, "operator logged in");
    const setCookie = cookie(`${id}.${sign(id)}`);
    return { setCookie, setCookies: [setCookie, deviceCookie(operator.email), cookieOf(challengeCookieName, "", 0)] };
  }

  function challengeIdFrom(cookieHeader: string | null | undefined): string | null {
    const parts = genuine(readCookie(cookieHeader ?? null, challengeCookieName), "login-step");
    return parts?.length === 1 ? sha256(parts[0]!) : null;
  }

  async function openChallenge(cookieHeader: string | null | undefined) {
    const id = challengeIdFrom(cookieHeader);
    if (!id) return null;
    const row = await db
      .selectFrom("login_challenges")
      .innerJoin("operators", "operators.id", "login_challenges.operator_id")
      .select(["login_challenges.id", "login_challenges.expires_at", "login_challenges.attempts", "operators.id as operatorId", "operators.email", "operators.disabled_at"])
      .where("login_challenges.id", "=", id)
      .executeTakeFirst();
    if (!row || row.disabled_at || Date.parse(row.expires_at) <= now().getTime() || row.attempts >= MAX_CHALLENGE_ATTEMPTS) return null;
    return row;
  }

  return {
    cookieName,
    accounts,
    audit,
    secondFactor,

    async login(rawEmail: string, password: string, ip: string, client: LoginClient = {}): Promise<LoginResult> {
      // What an attacker types is cut before it is kept anywhere (the throttle's rows).
      const email = normaliseEmail(rawEmail.slice(0, MAX_EMAIL_LENGTH));
      const device = knownDevice(client.cookieHeader, email);
      const guess = await reserveGuess(ip, email, device);
      if (!guess) {
        await countAnonymousEvent(db, { action: "login-throttled", ip }, now());
        return { ok: false, reason: "throttled", message: THROTTLED_MESSAGE };
      }
      const operator = await db.selectFrom("operators").selectAll().where("email", "=", email).executeTakeFirst();
      const matches = await verifyPassword(password, operator?.password_hash ?? decoyHash);
      if (!operator || !matches || operator.disabled_at) {
        logger.warn({ ip }, "operator login failed");
        await countAnonymousEvent(db, { action: "login-failed", ip }, now());
        return { ok: false, reason: "wrong-password", message: WRONG_LOGIN_MESSAGE };
      }
      await db.deleteFrom("login_failures").where("id", "=", guess).execute();
      if (operator.totp_enabled_at) {
        const token = randomBytes(32).toString("base64url");
        const at = now();
        await db.deleteFrom("login_challenges").where("expires_at", "<=", at.toISOString()).execute();
        await db
          .insertInto("login_challenges")
          .values({ id: sha256(token), operator_id: operator.id, created_at: at.toISOString(), expires_at: new Date(at.getTime() + LOGIN_CHALLENGE_MS).toISOString(), attempts: 0 })
          .execute();
        return {
          ok: false,
          reason: "second-factor",
          message: "Enter the code from your authenticator app.",
          setCookie: cookieOf(challengeCookieName, signed("login-step", token), LOGIN_CHALLENGE_MS / 1000),
        };
      }
      return { ok: true, ...(await startSession(operator, ip, client)) };
    },

    /** The e-mail of the log-in waiting for its second factor in this browser, if any. */
    async pendingSecondFactor(cookieHeader: string | null): Promise<{ email: string } | null> {
      const open = await openChallenge(cookieHeader);
      return open ? { email: open.email } : null;
    },

    /**
     * The second step: a TOTP code or a recovery code for the log-in whose password was right. Five
     * wrong codes end the step (the password is asked again, and passwords are throttled).
     */
    async completeSecondFactor(code: string, ip: string, client: LoginClient = {}): Promise<SecondFactorResult> {
      const open = await openChallenge(client.cookieHeader);
      const gone = { ok: false as const, reason: "expired" as const, message: CHALLENGE_GONE_MESSAGE, setCookie: cookieOf(challengeCookieName, "", 0) };
      if (!open) return gone;
      // Counted before the check, only while under the limit: parallel guesses cannot all pass.
      const counted = await db
        .updateTable("login_challenges")
        .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
        .where("id", "=", open.id)
        .where("attempts", "<", MAX_CHALLENGE_ATTEMPTS)
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) !== 1) return gone;
      const verified = await secondFactor.verify(open.operatorId, code);
      if (!verified.ok) {
        await countAnonymousEvent(db, { action: "login-wrong-code", ip }, now());
        return { ok: false, reason: "wrong-code", message: WRONG_CODE_MESSAGE };
      }
      const used = await db.deleteFrom("login_challenges").where("id", "=", open.id).executeTakeFirst();
      if (Number(used.numDeletedRows) !== 1) return gone;
      if (verified.with === "recovery-code") {
        await recordAudit(db, { operatorId: open.operatorId, email: open.email, ip }, { action: "use-recovery-code", target: { type: "operator", id: open.operatorId } }, now());
      }
      return { ok: true, with: verified.with, ...(await startSession({ id: open.operatorId, email: open.email }, ip, client, { secondFactor: verified.with })) };
    },

    /** The session and its operator if the cookie is genuine, the session neither idle too long nor too old, and the operator enabled. */
    session,

    /**
     * The session if its operator's role allows `permission`; else whether to log in, that it is
     * forbidden, or (when an owner requires a second factor and this operator has none) to enrol
     * first: then only `account.change`, the account page where one enrols, is open.
     */
    async authorize(cookieHeader: string | null, permission: Permission, ip: string | null): Promise<Authorization> {
      const current = await session(cookieHeader);
      if (!current) return { ok: false, reason: "login" };
      if (!current.secondFactor && permission !== "account.change" && (await secondFactorRequired())) return { ok: false, reason: "enrol" };
      if (!allows(current.operator.role, permission)) return { ok: false, reason: "forbidden", message: FORBIDDEN_MESSAGE(permission) };
      return { ok: true, session: { id: current.id, operator: current.operator }, actor: { operatorId: current.operator.id, email: current.operator.email, ip } };
    },

    allows,

    secondFactorRequired,

    /** The owner's switch; turning it on needs the owner's own second factor first, so no one is locked out by it. */
    async setSecondFactorRequired(actor: Actor, required: boolean): Promise<{ ok: true } | { ok: false; message: string }> {
      if (required) {
        const me = await db.selectFrom("operators").select("totp_enabled_at").where("id", "=", actor.operatorId ?? "").executeTakeFirst();
        if (!me?.totp_enabled_at) return { ok: false, message: "Set up two-step log-in for yourself first (on Your account), then require it for everyone." };
      }
      if ((await secondFactorRequired()) === required) return { ok: true };
      await settings.set(REQUIRE_SECOND_FACTOR_SETTING, required ? "true" : "false");
      await recordAudit(db, actor, { action: "require-second-factor", target: { type: "setting", id: REQUIRE_SECOND_FACTOR_SETTING }, detail: { required } }, now());
      return { ok: true };
    },

    /** The operator's sessions, newest first; `handle` names one without giving its id (the cookie's secret) to the page. */
    async sessionsOf(operatorId: string, currentSessionId: string) {
      const rows = await db
        .selectFrom("admin_sessions")
        .select(["id", "created_at", "last_seen_at", "ip", "user_agent"])
        .where("operator_id", "=", operatorId)
        .orderBy("created_at", "desc")
        .execute();
      const t = now().getTime();
      return rows
        .filter((r) => t - Date.parse(r.created_at) <= SESSION_ABSOLUTE_MS && t - Date.parse(r.last_seen_at) <= SESSION_IDLE_MS)
        .map((r) => ({ handle: sha256(`session:${r.id}`).slice(0, 32), createdAt: r.created_at, lastSeenAt: r.last_seen_at, ip: r.ip, userAgent: r.user_agent, current: r.id === currentSessionId }));
    },

    /** Ends one of the operator's own sessions by its handle; false when there is no such session of theirs. */
    async endSession(actor: Actor, handle: string): Promise<boolean> {
      if (!actor.operatorId) return false;
      const rows = await db.selectFrom("admin_sessions").select(["id", "ip"]).where("operator_id", "=", actor.operatorId).execute();
      const target = rows.find((r) => sha256(`session:${r.id}`).slice(0, 32) === handle);
      if (!target) return false;
      await db.deleteFrom("admin_sessions").where("id", "=", target.id).where("operator_id", "=", actor.operatorId).execute();
      await recordAudit(db, actor, { action: "end-session", target: { type: "operator", id: actor.operatorId }, detail: { sessionIp: target.ip } }, now());
      return true;
    },

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
      return {
        setup: allows(row.role, "setup.view"),
        suppression: allows(row.role, "suppression.view"),
        audit: allows(row.role, "audit.view"),
        operators: allows(row.role, "operators.view"),
        checks: allows(row.role, "checks.change"),
        spend: allows(row.role, "spend.view"),
        visitorMail: allows(row.role, "visitor-mail.view"),
        claims: allows(row.role, "claims.view"),
      };
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
