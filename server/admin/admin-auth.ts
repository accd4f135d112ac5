import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import type { Config } from "../config";
import type { Db } from "../db/database";
import type { Logger } from "../logger";
import type { Settings } from "../settings/settings";
import { readCookie } from "../attribution/attribution";
import { generatePassword, hashPassword, verifyPassword } from "./passwords";
import { sessionSecret as sessionSecretOf } from "./session-secret";

const PASSWORD_HASH_SETTING = "admin_password_hash";
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_WINDOW = 5;

export type AdminAuth = Awaited<ReturnType<typeof createAdminAuth>>;

export type LoginResult =
  | { ok: true; setCookie: string }
  | { ok: false; reason: "wrong-password" | "throttled"; message: string };

/**
 * Operator login: one password (ADMIN_PASSWORD, or one generated at first start and shown once in the
 * log), server-side sessions in a signed, httpOnly, SameSite=Strict cookie with idle and absolute
 * timeouts, and a limit on failed logins per IP.
 */
export async function createAdminAuth(deps: { db: Db; settings: Settings; config: Config; logger: Logger; now?: () => Date }) {
  const { db, settings, config, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const secure = config.siteUrl.startsWith("https:");
  const cookieName = secure ? "__Host-admin_session" : "admin_session";
  const sessionSecret = await sessionSecretOf(config, settings);
  const passwordHash = config.adminPassword ? await hashPassword(config.adminPassword) : await storedOrGeneratedHash();

  async function storedOrGeneratedHash(): Promise<string> {
    const stored = await settings.get(PASSWORD_HASH_SETTING);
    if (stored) return stored;
    const password = generatePassword();
    const candidate = await hashPassword(password);
    const winner = await settings.getOrCreate(PASSWORD_HASH_SETTING, () => candidate);
    if (winner === candidate) {
      logger.warn("generated an operator password; it is printed once below and only its hash is stored");
      console.log(`\n  Operator login: /admin/login  password: ${password}\n  (shown only now; set ADMIN_PASSWORD to choose your own)\n`);
    }
    return winner;
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
   * Takes one of the IP's guesses for this window before the password is checked, in one atomic
   * step: a row in login_failures, inserted only while the window holds fewer than the limit. A
   * correct password gives its row back. Checking first and recording the failure after scrypt let
   * parallel guesses all pass the check. SQLite runs the one statement atomically; PostgreSQL takes
   * a per-IP advisory lock for the transaction first (two counts could otherwise both see four).
   */
  async function reserveGuess(ip: string): Promise<string | null> {
    const id = randomUUID();
    const since = new Date(now().getTime() - LOGIN_WINDOW_MS).toISOString();
    const insert = (q: Db) =>
      sql`insert into login_failures (id, ip, created_at)
          select ${id}, ${ip}, ${now().toISOString()}
          where (select count(*) from login_failures where ip = ${ip} and created_at > ${since}) < ${MAX_FAILURES_PER_WINDOW}`.execute(q);
    const result =
      config.database.engine === "postgres"
        ? await db.transaction().execute(async (trx) => {
            await sql`select pg_advisory_xact_lock(hashtext(${`admin-login:${ip}`}))`.execute(trx);
            return insert(trx);
          })
        : await insert(db);
    return Number(result.numAffectedRows ?? 0) === 1 ? id : null;
  }

  return {
    cookieName,

    async login(password: string, ip: string): Promise<LoginResult> {
      const guess = await reserveGuess(ip);
      if (!guess) {
        return { ok: false, reason: "throttled", message: "Too many failed attempts. Please wait 15 minutes and try again." };
      }
      if (!(await verifyPassword(password, passwordHash))) {
        logger.warn({ ip }, "operator login failed");
        return { ok: false, reason: "wrong-password", message: "That password is not correct." };
      }
      await db.deleteFrom("login_failures").where("id", "=", guess).execute();
      // A new session id at every login (no fixation).
      const id = randomBytes(32).toString("base64url");
      const at = now().toISOString();
      await db.insertInto("admin_sessions").values({ id, created_at: at, last_seen_at: at }).execute();
      logger.info({ ip }, "operator logged in");
      return { ok: true, setCookie: cookie(`${id}.${sign(id)}`) };
    },

    /** The session if the cookie is genuine and the session neither idle too long nor too old. */
    async session(cookieHeader: string | null): Promise<{ id: string } | null> {
      const id = sessionIdFrom(cookieHeader);
      if (!id) return null;
      const row = await db.selectFrom("admin_sessions").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return null;
      const t = now().getTime();
      if (t - Date.parse(row.created_at) > SESSION_ABSOLUTE_MS || t - Date.parse(row.last_seen_at) > SESSION_IDLE_MS) {
        await db.deleteFrom("admin_sessions").where("id", "=", id).execute();
        return null;
      }
      await db.updateTable("admin_sessions").set({ last_seen_at: now().toISOString() }).where("id", "=", id).execute();
      return { id };
    },

    async logout(cookieHeader: string | null): Promise<string> {
      const id = sessionIdFrom(cookieHeader);
      if (id) await db.deleteFrom("admin_sessions").where("id", "=", id).execute();
      return cookie("", 0);
    },
  };
}
