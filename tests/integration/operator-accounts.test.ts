import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  MAX_ACCOUNT_FAILURES_PER_WINDOW,
  MAX_CHALLENGE_ATTEMPTS,
  MAX_FAILURES_PER_WINDOW,
  THROTTLED_MESSAGE,
  createAdminAuth,
  type AdminAuth,
  type LoginResult,
} from "../../server/admin/admin-auth";
import { URI, type TOTP } from "otpauth";
import { INVITATION_TTL_MS, RESET_LINK_TTL_MS } from "../../server/admin/operator-accounts";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { createSettings } from "../../server/settings/settings";
import { testDatabaseUrl } from "../support/test-database";
import { tokenOf } from "../support/operators";

// Issue 13: invitations (expiry on a fake clock, reuse), the account throttle, sessions ending when an
// operator is disabled or changes their password, and never losing the last owner. Issue 25: the TOTP
// second factor and recovery codes on a fake clock, the password policy, reset links, the sessions
// list, revoking invitations and the invitations of a disabled owner.

const OWNER = "owner@claims.example";
const PASSWORD = "the owner's long password";
let db: Db;
let clock: number;
let admin: AdminAuth;
let baseConfig: ReturnType<typeof loadConfig>;
const now = () => new Date(clock);
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

beforeEach(async () => {
  clock = Date.parse("2026-11-22T10:00:00Z");
  const config = loadConfig({ DATABASE_URL: await testDatabaseUrl("claims-operators"), NODE_ENV: "test", ADMIN_PASSWORD: PASSWORD, ADMIN_EMAIL: OWNER });
  baseConfig = config;
  db = await openDatabase(config.database);
  await migrateToLatest(db);
  admin = await createAdminAuth({ db, settings: createSettings(db, now), config, logger: createLogger("silent"), now });
});
afterEach(async () => {
  await db.destroy();
});

async function ownerActor() {
  const { id } = await db.selectFrom("operators").select("id").where("email", "=", OWNER).executeTakeFirstOrThrow();
  return { operatorId: id, email: OWNER, ip: "192.0.2.1" };
}

async function loggedIn(email: string, password: string, ip = "192.0.2.9") {
  const login = await admin.login(email, password, ip);
  if (!login.ok) throw new Error(login.message);
  return cookieOf(login.setCookie);
}

describe("the first owner", () => {
  it("is ADMIN_EMAIL with ADMIN_PASSWORD, in any letter case", async () => {
    const cookie = await loggedIn(" Owner@Claims.Example ", PASSWORD);
    expect(await admin.session(cookie)).toMatchObject({ operator: { email: OWNER, role: "owner" } });
  });
});

describe("invitations", () => {
  it("make an operator with the invited role, the name and password they choose", async () => {
    const invited = await admin.accounts.invite(await ownerActor(), "New.Person@claims.example", "manager");
    if (!invited.ok) throw new Error(invited.message);
    expect(invited.link).toMatch(/\/admin\/invitation\/[\w-]{40,}$/);
    // Only the token's hash is stored.
    const stored = await db.selectFrom("operator_invitations").selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(tokenOf(invited.link));
    expect(await admin.accounts.accept(tokenOf(invited.link), "New Person", "their own password", "192.0.2.5")).toEqual({ ok: true, email: "new.person@claims.example" });
    const cookie = await loggedIn("new.person@claims.example", "their own password");
    expect(await admin.session(cookie)).toMatchObject({ operator: { name: "New Person", role: "manager" } });
  });

  it("expire after 24 hours with a clear message", async () => {
    const invited = await admin.accounts.invite(await ownerActor(), "late@claims.example", "viewer");
    if (!invited.ok) throw new Error(invited.message);
    clock += INVITATION_TTL_MS - 1000;
    expect(await admin.accounts.invitation(tokenOf(invited.link))).toMatchObject({ state: "open" });
    clock += 2000;
    expect(await admin.accounts.invitation(tokenOf(invited.link))).toMatchObject({ state: "expired", message: expect.stringContaining("expired") });
    const accepted = await admin.accounts.accept(tokenOf(invited.link), "Late", "a long enough password", null);
    expect(accepted).toEqual({ ok: false, message: expect.stringContaining("has expired") });
    expect(await db.selectFrom("operators").select("id").where("email", "=", "late@claims.example").executeTakeFirst()).toBeUndefined();
  });

  it("work once: a second use, even in parallel, is refused", async () => {
    const invited = await admin.accounts.invite(await ownerActor(), "once@claims.example", "viewer");
    if (!invited.ok) throw new Error(invited.message);
    const token = tokenOf(invited.link);
    const results = await Promise.all([
      admin.accounts.accept(token, "First", "first long password", null),
      admin.accounts.accept(token, "Second", "second long password", null),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, message: expect.stringContaining("already been used") });
    expect(await admin.accounts.accept(token, "Third", "third long password", null)).toEqual({ ok: false, message: expect.stringContaining("already been used") });
    expect(await admin.accounts.invitation("not-a-token")).toMatchObject({ state: "unknown" });
  });

  it("refuse a bad e-mail, an unknown role and a short password", async () => {
    const owner = await ownerActor();
    expect(await admin.accounts.invite(owner, "nope", "viewer")).toMatchObject({ ok: false, field: "email" });
    expect(await admin.accounts.invite(owner, "x@claims.example", "admin")).toMatchObject({ ok: false, field: "role" });
    expect(await admin.accounts.invite(owner, OWNER, "viewer")).toMatchObject({ ok: false, field: "email" });
    const invited = await admin.accounts.invite(owner, "short@claims.example", "viewer");
    if (!invited.ok) throw new Error(invited.message);
    expect(await admin.accounts.accept(tokenOf(invited.link), "Short", "short", null)).toMatchObject({ ok: false, field: "password" });
    // A refused password does not use the invitation up.
    expect(await admin.accounts.invitation(tokenOf(invited.link))).toMatchObject({ state: "open" });
  });
});

describe("the account throttle", () => {
  it("stops guesses at one account from many IPs, with the same message whether or not the account exists", async () => {
    for (const email of [OWNER, "nobody@claims.example"]) {
      for (let i = 0; i < MAX_ACCOUNT_FAILURES_PER_WINDOW; i++) {
        // A new IP every time: the per-IP limit never trips.
        expect(await admin.login(email, "wrong guess", `198.51.100.${i + 1}`)).toMatchObject({ ok: false, reason: "wrong-password" });
      }
      expect(await admin.login(email, "wrong guess", "198.51.100.200")).toEqual({ ok: false, reason: "throttled", message: THROTTLED_MESSAGE });
    }
    // Even the right password waits, from a fresh IP; other accounts are not affected.
    expect(await admin.login(OWNER, PASSWORD, "198.51.100.201")).toMatchObject({ ok: false, reason: "throttled" });
    clock += 15 * 60_000 + 1000;
    expect((await admin.login(OWNER, PASSWORD, "198.51.100.201")).ok).toBe(true);
    expect(MAX_ACCOUNT_FAILURES_PER_WINDOW).toBeGreaterThan(MAX_FAILURES_PER_WINDOW);
  });

  it("answers a wrong password, an unknown e-mail and a disabled account alike", async () => {
    const invited = await admin.accounts.invite(await ownerActor(), "gone@claims.example", "viewer");
    if (!invited.ok) throw new Error(invited.message);
    await admin.accounts.accept(tokenOf(invited.link), "Gone", "gone's long password", null);
    const gone = await db.selectFrom("operators").select("id").where("email", "=", "gone@claims.example").executeTakeFirstOrThrow();
    await admin.accounts.setDisabled(await ownerActor(), gone.id, true);
    const answers = [
      await admin.login(OWNER, "wrong password", "203.0.113.1"),
      await admin.login("nobody@claims.example", "wrong password", "203.0.113.2"),
      await admin.login("gone@claims.example", "gone's long password", "203.0.113.3"),
    ];
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
  });
});

describe("sessions per operator", () => {
  async function viewer() {
    const invited = await admin.accounts.invite(await ownerActor(), "viewer@claims.example", "viewer");
    if (!invited.ok) throw new Error(invited.message);
    await admin.accounts.accept(tokenOf(invited.link), "Viewer", "viewer's long password", null);
    const { id } = await db.selectFrom("operators").select("id").where("email", "=", "viewer@claims.example").executeTakeFirstOrThrow();
    return { id, actor: { operatorId: id, email: "viewer@claims.example", ip: null } };
  }

  it("disabling an operator ends their sessions; enabling lets them log in again", async () => {
    const { id } = await viewer();
    const cookie = await loggedIn("viewer@claims.example", "viewer's long password");
    expect(await admin.session(cookie)).not.toBeNull();
    expect(await admin.accounts.setDisabled(await ownerActor(), id, true)).toMatchObject({ ok: true });
    expect(await admin.session(cookie)).toBeNull();
    expect((await admin.login("viewer@claims.example", "viewer's long password", "192.0.2.30")).ok).toBe(false);
    await admin.accounts.setDisabled(await ownerActor(), id, false);
    expect((await admin.login("viewer@claims.example", "viewer's long password", "192.0.2.30")).ok).toBe(true);
  });

  it("changing a password needs the current one and ends the operator's other sessions", async () => {
    const { actor } = await viewer();
    const here = await loggedIn("viewer@claims.example", "viewer's long password");
    const elsewhere = await loggedIn("viewer@claims.example", "viewer's long password");
    const ownerSession = await loggedIn(OWNER, PASSWORD);
    const sessionId = (await admin.session(here))!.id;
    expect(await admin.accounts.changePassword(actor, sessionId, "not it", "a brand new password")).toMatchObject({ ok: false, field: "current" });
    expect(await admin.accounts.changePassword(actor, sessionId, "viewer's long password", "short")).toMatchObject({ ok: false, field: "password" });
    expect(await admin.accounts.changePassword(actor, sessionId, "viewer's long password", "a brand new password")).toEqual({ ok: true });
    expect(await admin.session(here)).not.toBeNull();
    expect(await admin.session(elsewhere)).toBeNull();
    expect(await admin.session(ownerSession)).not.toBeNull();
    expect((await admin.login("viewer@claims.example", "a brand new password", "192.0.2.31")).ok).toBe(true);
  });

  it("never loses the last owner, by role change or by disabling", async () => {
    const owner = await ownerActor();
    expect(await admin.accounts.changeRole(owner, owner.operatorId, "manager")).toMatchObject({ ok: false, message: expect.stringContaining("last owner") });
    expect(await admin.accounts.setDisabled(owner, owner.operatorId, true)).toMatchObject({ ok: false, message: expect.stringContaining("last owner") });
    const { id } = await viewer();
    expect(await admin.accounts.changeRole(owner, id, "owner")).toMatchObject({ ok: true, role: "owner" });
    expect(await admin.accounts.changeRole(owner, owner.operatorId, "manager")).toMatchObject({ ok: true, role: "manager" });
    expect(await admin.accounts.changeRole(owner, id, "superuser")).toMatchObject({ ok: false });
  });
});

async function invited(email: string, role: "owner" | "manager" | "viewer", password: string, by?: { operatorId: string; email: string; ip: string | null }) {
  const made = await admin.accounts.invite(by ?? (await ownerActor()), email, role);
  if (!made.ok) throw new Error(made.message);
  const accepted = await admin.accounts.accept(tokenOf(made.link), `The ${role}`, password, null);
  if (!accepted.ok) throw new Error(accepted.message);
  const { id } = await db.selectFrom("operators").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return { operatorId: id, email, ip: "192.0.2.40" };
}

const codeAt = (uri: string, at: number) => (URI.parse(uri) as TOTP).generate({ timestamp: at });
const stepCookie = (result: LoginResult) => {
  if (result.ok || result.reason !== "second-factor") throw new Error(`expected the code step, got ${JSON.stringify(result)}`);
  return cookieOf(result.setCookie);
};
const actions = async (action: string) => db.selectFrom("audit_log").selectAll().where("action", "=", action).execute();

/** The owner with two-step log-in on: its authenticator link and recovery codes. */
async function ownerWithSecondFactor() {
  const owner = await ownerActor();
  const started = await admin.accounts.startSecondFactor(owner);
  if (!started.ok) throw new Error(started.message);
  const confirmed = await admin.accounts.confirmSecondFactor(owner, codeAt(started.uri, clock));
  if (!confirmed.ok) throw new Error(confirmed.message);
  return { owner, uri: started.uri, recoveryCodes: confirmed.recoveryCodes };
}

describe("the TOTP second factor", () => {
  it("is set up with a code from the app, sealed at rest, and asked for after the password; a code works once", async () => {
    const owner = await ownerActor();
    const started = await admin.accounts.startSecondFactor(owner);
    if (!started.ok) throw new Error(started.message);
    expect(started.uri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]{32}/);
    expect(started.qrSvg).toMatch(/^<svg /);
    const secret = new URL(started.uri).searchParams.get("secret")!;
    expect(started.secret.replace(/ /g, "")).toBe(secret);
    const stored = await db.selectFrom("operators").select("totp_secret").where("id", "=", owner.operatorId).executeTakeFirstOrThrow();
    expect(stored.totp_secret).toMatch(/^v1\./);
    expect(stored.totp_secret).not.toContain(secret);
    // Not on until confirmed: the log-in still asks for the password only.
    expect((await admin.login(OWNER, PASSWORD, "192.0.2.9")).ok).toBe(true);

    expect(await admin.accounts.confirmSecondFactor(owner, "000000")).toMatchObject({ ok: false, field: "code" });
    const confirmed = await admin.accounts.confirmSecondFactor(owner, codeAt(started.uri, clock));
    if (!confirmed.ok) throw new Error(confirmed.message);
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.recoveryCodes).size).toBe(10);
    const hashes = await db.selectFrom("operator_recovery_codes").select("code_sha256").where("operator_id", "=", owner.operatorId).execute();
    expect(JSON.stringify(hashes)).not.toContain(confirmed.recoveryCodes[0]!.replace("-", ""));
    expect(await actions("enable-second-factor")).toHaveLength(1);

    // The password alone no longer logs in: it opens the code step.
    const step = stepCookie(await admin.login(OWNER, PASSWORD, "192.0.2.9"));
    expect(await admin.pendingSecondFactor(step)).toEqual({ email: OWNER });
    // The code used to confirm, in the same 30 seconds, is not accepted again (RFC 6238 5.2).
    expect(await admin.completeSecondFactor(codeAt(started.uri, clock), "192.0.2.9", { cookieHeader: step })).toMatchObject({ ok: false, reason: "wrong-code" });
    // A code far from now is refused; the next step's code is accepted.
    expect(await admin.completeSecondFactor(codeAt(started.uri, clock + 5 * 60_000), "192.0.2.9", { cookieHeader: step })).toMatchObject({ ok: false, reason: "wrong-code" });
    clock += 30_000;
    const done = await admin.completeSecondFactor(codeAt(started.uri, clock), "192.0.2.9", { cookieHeader: step, userAgent: "Test browser" });
    if (!done.ok) throw new Error(done.message);
    expect(await admin.session(cookieOf(done.setCookie))).toMatchObject({ operator: { email: OWNER } });
    // The step is used up.
    expect(await admin.pendingSecondFactor(step)).toBeNull();
    expect(await admin.completeSecondFactor(codeAt(started.uri, clock + 30_000), "192.0.2.9", { cookieHeader: step })).toMatchObject({ ok: false, reason: "expired" });
  });

  it("takes a recovery code once, in place of a code", async () => {
    const { recoveryCodes } = await ownerWithSecondFactor();
    const step = stepCookie(await admin.login(OWNER, PASSWORD, "192.0.2.9"));
    const used = await admin.completeSecondFactor(recoveryCodes[3]!.toUpperCase(), "192.0.2.9", { cookieHeader: step });
    expect(used).toMatchObject({ ok: true, with: "recovery-code" });
    expect(await actions("use-recovery-code")).toHaveLength(1);
    const again = stepCookie(await admin.login(OWNER, PASSWORD, "192.0.2.9"));
    expect(await admin.completeSecondFactor(recoveryCodes[3]!, "192.0.2.9", { cookieHeader: again })).toMatchObject({ ok: false, reason: "wrong-code" });
    expect((await admin.secondFactor.status((await ownerActor()).operatorId)).recoveryCodesLeft).toBe(9);
    // New codes replace the old ones, with the password.
    const owner = await ownerActor();
    expect(await admin.accounts.regenerateRecoveryCodes(owner, "not my password")).toMatchObject({ ok: false });
    const fresh = await admin.accounts.regenerateRecoveryCodes(owner, PASSWORD);
    if (!fresh.ok) throw new Error(fresh.message);
    expect(await admin.completeSecondFactor(recoveryCodes[4]!, "192.0.2.9", { cookieHeader: again })).toMatchObject({ ok: false, reason: "wrong-code" });
    expect(await admin.completeSecondFactor(fresh.recoveryCodes[0]!, "192.0.2.9", { cookieHeader: again })).toMatchObject({ ok: true });
    expect(await actions("regenerate-recovery-codes")).toHaveLength(1);
  });

  it("ends the code step after five wrong codes or five minutes: the password is asked again", async () => {
    const { uri } = await ownerWithSecondFactor();
    clock += 30_000;
    const step = stepCookie(await admin.login(OWNER, PASSWORD, "192.0.2.9"));
    for (let i = 0; i < MAX_CHALLENGE_ATTEMPTS; i++) {
      expect(await admin.completeSecondFactor("123456", "192.0.2.9", { cookieHeader: step })).toMatchObject({ ok: false, reason: "wrong-code" });
    }
    expect(await admin.completeSecondFactor(codeAt(uri, clock), "192.0.2.9", { cookieHeader: step })).toMatchObject({ ok: false, reason: "expired" });
    const late = stepCookie(await admin.login(OWNER, PASSWORD, "192.0.2.9"));
    clock += 5 * 60_000 + 1000;
    expect(await admin.completeSecondFactor(codeAt(uri, clock), "192.0.2.9", { cookieHeader: late })).toMatchObject({ ok: false, reason: "expired" });
    // Wrong codes are counted per address and window, not logged one row each.
    const counted = await db.selectFrom("audit_event_counts").selectAll().where("action", "=", "login-wrong-code").execute();
    expect(counted.reduce((n, r) => n + Number(r.count), 0)).toBe(MAX_CHALLENGE_ATTEMPTS);
  });

  it("an owner can require it for everyone once they have it; an operator without it must enrol first", async () => {
    const manager = await invited("manager@claims.example", "manager", "the manager's own password");
    expect(await admin.setSecondFactorRequired(await ownerActor(), true)).toMatchObject({ ok: false, message: expect.stringContaining("for yourself first") });
    const { owner } = await ownerWithSecondFactor();
    expect(await admin.setSecondFactorRequired(owner, true)).toEqual({ ok: true });
    expect(await actions("require-second-factor")).toMatchObject([{ target_id: "require_second_factor", detail: JSON.stringify({ required: true }) }]);
    const cookie = await loggedIn(manager.email, "the manager's own password");
    expect(await admin.authorize(cookie, "leads.view", null)).toEqual({ ok: false, reason: "enrol" });
    expect(await admin.authorize(cookie, "account.change", null)).toMatchObject({ ok: true });
    // It cannot be turned off while required.
    const started = await admin.accounts.startSecondFactor(manager);
    if (!started.ok) throw new Error(started.message);
    expect(await admin.accounts.confirmSecondFactor(manager, codeAt(started.uri, clock))).toMatchObject({ ok: true });
    expect(await admin.authorize(cookie, "leads.view", null)).toMatchObject({ ok: true });
    expect(await admin.accounts.disableSecondFactor(manager, "the manager's own password")).toMatchObject({ ok: false, message: expect.stringContaining("requires") });
    // An owner resets a lost one; the operator's sessions end.
    expect(await admin.accounts.resetSecondFactor(owner, manager.operatorId)).toMatchObject({ ok: true });
    expect(await admin.session(cookie)).toBeNull();
    expect(await actions("reset-second-factor")).toHaveLength(1);
  });

  it("is turned off with the password when not required", async () => {
    const { owner } = await ownerWithSecondFactor();
    expect(await admin.accounts.disableSecondFactor(owner, "wrong password")).toMatchObject({ ok: false, field: "off-password" });
    expect(await admin.accounts.disableSecondFactor(owner, PASSWORD)).toEqual({ ok: true });
    expect((await admin.login(OWNER, PASSWORD, "192.0.2.9")).ok).toBe(true);
    expect(await db.selectFrom("operator_recovery_codes").selectAll().execute()).toEqual([]);
    expect(await actions("disable-second-factor")).toHaveLength(1);
  });
});

describe("the password policy", () => {
  it("refuses short, common and breached passwords with a clear message, wherever a password is chosen", async () => {
    const made = await admin.accounts.invite(await ownerActor(), "weak@claims.example", "viewer");
    if (!made.ok) throw new Error(made.message);
    for (const weak of ["password1234", "qwertyuiop123", "iloveyou1234"]) {
      expect(await admin.accounts.accept(tokenOf(made.link), "Weak", weak, null)).toMatchObject({ ok: false, field: "password", message: expect.stringMatching(/common|easy to guess/) });
    }
    expect(await admin.accounts.accept(tokenOf(made.link), "Weak", "password1234", null)).toMatchObject({ message: expect.stringContaining("list of common or breached passwords") });
    expect(await admin.accounts.accept(tokenOf(made.link), "Weak", "short", null)).toMatchObject({ message: expect.stringContaining("at least 12 characters") });
    const owner = await ownerActor();
    const session = (await admin.session(await loggedIn(OWNER, PASSWORD)))!;
    expect(await admin.accounts.changePassword(owner, session.id, PASSWORD, "password1234")).toMatchObject({ ok: false, field: "password" });
  });

  it("refuses to start with a first owner's ADMIN_PASSWORD that fails it", async () => {
    const config = loadConfig({ DATABASE_URL: await testDatabaseUrl("claims-weak-owner"), NODE_ENV: "test", ADMIN_PASSWORD: "password1234", ADMIN_EMAIL: OWNER });
    const fresh = await openDatabase(config.database);
    try {
      await migrateToLatest(fresh);
      await expect(createAdminAuth({ db: fresh, settings: createSettings(fresh, now), config, logger: createLogger("silent"), now })).rejects.toThrow(
        /ADMIN_PASSWORD cannot be the first owner's password: This password is on a list of common or breached passwords/,
      );
      expect(await fresh.selectFrom("operators").selectAll().execute()).toEqual([]);
    } finally {
      await fresh.destroy();
    }
  });
});

describe("password reset links", () => {
  it("work once, for 30 minutes, set a new password and end the operator's sessions", async () => {
    const owner = await ownerActor();
    const manager = await invited("manager@claims.example", "manager", "the manager's own password");
    const before = await loggedIn(manager.email, "the manager's own password");
    expect(await admin.accounts.issueResetLink(owner, owner.operatorId)).toMatchObject({ ok: false });
    const made = await admin.accounts.issueResetLink(owner, manager.operatorId);
    if (!made.ok) throw new Error(made.message);
    expect(made.link).toMatch(/\/admin\/reset\/[\w-]{40,}$/);
    expect(JSON.stringify(await db.selectFrom("operator_reset_links").selectAll().execute())).not.toContain(tokenOf(made.link));
    expect(await admin.accounts.useResetLink(tokenOf(made.link), "password1234", null)).toMatchObject({ ok: false, field: "password" });
    expect(await admin.accounts.useResetLink(tokenOf(made.link), "a fresh start for the manager", "192.0.2.50")).toEqual({ ok: true, email: manager.email });
    expect(await admin.session(before)).toBeNull();
    expect((await admin.login(manager.email, "the manager's own password", "192.0.2.51")).ok).toBe(false);
    expect((await admin.login(manager.email, "a fresh start for the manager", "192.0.2.51")).ok).toBe(true);
    expect(await admin.accounts.useResetLink(tokenOf(made.link), "yet another manager password", null)).toMatchObject({ ok: false, message: expect.stringContaining("already been used") });
    expect(await actions("issue-reset-link")).toHaveLength(1);
    expect(await actions("use-reset-link")).toMatchObject([{ operator_id: manager.operatorId, ip: "192.0.2.50" }]);

    const late = await admin.accounts.issueResetLink(owner, manager.operatorId);
    if (!late.ok) throw new Error(late.message);
    clock += RESET_LINK_TTL_MS + 1000;
    expect(await admin.accounts.resetLink(tokenOf(late.link))).toMatchObject({ state: "expired" });
    expect(await admin.accounts.useResetLink(tokenOf(late.link), "yet another manager password", null)).toMatchObject({ ok: false, message: expect.stringContaining("expired") });
  });
});

describe("the sessions list", () => {
  it("shows each of one's sessions with its address and browser, and ends one of them", async () => {
    const owner = await ownerActor();
    const first = await admin.login(OWNER, PASSWORD, "192.0.2.61", { userAgent: "Browser One" });
    const second = await admin.login(OWNER, PASSWORD, "192.0.2.62", { userAgent: "x".repeat(5000) });
    if (!first.ok || !second.ok) throw new Error("log-in failed");
    const current = (await admin.session(cookieOf(second.setCookie)))!;
    const sessions = await admin.sessionsOf(owner.operatorId, current.id);
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.current)).toMatchObject({ ip: "192.0.2.62" });
    expect(sessions.find((s) => !s.current)).toMatchObject({ ip: "192.0.2.61", userAgent: "Browser One" });
    expect(sessions.find((s) => s.current)!.userAgent).toHaveLength(200);
    // The page gets a handle, never the session id (the cookie's secret).
    expect(JSON.stringify(sessions)).not.toContain(current.id);

    const manager = await invited("manager@claims.example", "manager", "the manager's own password");
    const other = sessions.find((s) => !s.current)!.handle;
    expect(await admin.endSession(manager, other)).toBe(false);
    expect(await admin.session(cookieOf(first.setCookie))).not.toBeNull();
    expect(await admin.endSession(owner, other)).toBe(true);
    expect(await admin.session(cookieOf(first.setCookie))).toBeNull();
    expect(await admin.session(cookieOf(second.setCookie))).not.toBeNull();
    expect(await actions("end-session")).toMatchObject([{ operator_id: owner.operatorId, target_id: owner.operatorId }]);
  });
});

describe("open invitations", () => {
  it("are listed and can be revoked; a revoked link says so", async () => {
    const owner = await ownerActor();
    const made = await admin.accounts.invite(owner, "maybe@claims.example", "viewer");
    if (!made.ok) throw new Error(made.message);
    const { invitations } = await admin.accounts.list();
    expect(invitations).toMatchObject([{ email: "maybe@claims.example", role: "viewer", invitedBy: OWNER }]);
    expect(await admin.accounts.revokeInvitation(owner, invitations[0]!.id)).toEqual({ ok: true, email: "maybe@claims.example" });
    expect(await admin.accounts.revokeInvitation(owner, invitations[0]!.id)).toMatchObject({ ok: false });
    expect((await admin.accounts.list()).invitations).toEqual([]);
    expect(await admin.accounts.invitation(tokenOf(made.link))).toMatchObject({ state: "revoked", message: expect.stringContaining("no longer valid") });
    expect(await admin.accounts.accept(tokenOf(made.link), "Maybe", "a long enough password", null)).toMatchObject({ ok: false });
    expect(await db.selectFrom("operators").select("id").where("email", "=", "maybe@claims.example").executeTakeFirst()).toBeUndefined();
    expect(await actions("revoke-invitation")).toHaveLength(1);
  });

  it("of a disabled owner die with the account: accepting one makes no operator", async () => {
    const second = await invited("second.owner@claims.example", "owner", "the second owner's password");
    const made = await admin.accounts.invite(second, "heir@claims.example", "owner");
    if (!made.ok) throw new Error(made.message);
    const demoted = await admin.accounts.invite(second, "later@claims.example", "manager");
    if (!demoted.ok) throw new Error(demoted.message);
    expect(await admin.accounts.setDisabled(await ownerActor(), second.operatorId, true)).toMatchObject({ ok: true });
    expect((await admin.accounts.list()).invitations).toEqual([]);
    expect(await admin.accounts.accept(tokenOf(made.link), "Heir", "a long enough password", null)).toMatchObject({ ok: false, message: expect.stringContaining("no longer valid") });
    expect(await db.selectFrom("operators").select("id").where("email", "=", "heir@claims.example").executeTakeFirst()).toBeUndefined();
    // Enabling the account again does not bring its invitations back.
    await admin.accounts.setDisabled(await ownerActor(), second.operatorId, false);
    expect(await admin.accounts.invitation(tokenOf(made.link))).toMatchObject({ state: "revoked" });
    expect((await actions("disable-operator")).map((r) => JSON.parse(r.detail))).toEqual([{ email: "second.owner@claims.example", invitationsRevoked: 2 }]);
  });

  it("of an owner who is no longer an owner are refused", async () => {
    const second = await invited("second.owner@claims.example", "owner", "the second owner's password");
    const made = await admin.accounts.invite(second, "heir@claims.example", "owner");
    if (!made.ok) throw new Error(made.message);
    await admin.accounts.changeRole(await ownerActor(), second.operatorId, "viewer");
    expect(await admin.accounts.accept(tokenOf(made.link), "Heir", "a long enough password", null)).toMatchObject({ ok: false });
  });
});

describe("a second factor sealed under a key that has changed", () => {
  it("refuses codes without an error, and a recovery code still logs in", async () => {
    const { uri, recoveryCodes } = await ownerWithSecondFactor();
    // Another SESSION_SECRET (and no SECRETS_KEY): the sealed secret no longer opens.
    const config = { ...baseConfig, sessionSecret: "another session secret of at least 32 characters" };
    const other = await createAdminAuth({ db, settings: createSettings(db, now), config, logger: createLogger("silent"), now });
    clock += 30_000;
    const step = stepCookie(await other.login(OWNER, PASSWORD, "192.0.2.9"));
    expect(await other.completeSecondFactor(codeAt(uri, clock), "192.0.2.9", { cookieHeader: step })).toMatchObject({ ok: false, reason: "wrong-code" });
    expect(await other.completeSecondFactor(recoveryCodes[0]!, "192.0.2.9", { cookieHeader: step })).toMatchObject({ ok: true, with: "recovery-code" });
  });
});
