import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_ACCOUNT_FAILURES_PER_WINDOW, MAX_FAILURES_PER_WINDOW, THROTTLED_MESSAGE, createAdminAuth, type AdminAuth } from "../../server/admin/admin-auth";
import { INVITATION_TTL_MS } from "../../server/admin/operator-accounts";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { createSettings } from "../../server/settings/settings";
import { testDatabaseUrl } from "../support/test-database";
import { tokenOf } from "../support/operators";

// Issue 13: invitations (expiry on a fake clock, reuse), the account throttle, sessions ending when an
// operator is disabled or changes their password, and never losing the last owner.

const OWNER = "owner@claims.example";
const PASSWORD = "the owner's long password";
let db: Db;
let clock: number;
let admin: AdminAuth;
const now = () => new Date(clock);
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

beforeEach(async () => {
  clock = Date.parse("2026-11-22T10:00:00Z");
  const config = loadConfig({ DATABASE_URL: await testDatabaseUrl("claims-operators"), NODE_ENV: "test", ADMIN_PASSWORD: PASSWORD, ADMIN_EMAIL: OWNER });
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
