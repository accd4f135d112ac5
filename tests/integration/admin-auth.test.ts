import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, createAdminAuth } from "../../server/admin/admin-auth";
import { hashPassword, verifyPassword } from "../../server/admin/passwords";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { createSettings } from "../../server/settings/settings";
import { testDatabaseUrl } from "../support/test-database";

// The first owner is ADMIN_EMAIL, else SITE_EMAIL (its default here).
const EMAIL = "help@example.com";
let db: Db;
let clock: number;
const now = () => new Date(clock);
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

async function auth(env: Record<string, string> = { ADMIN_PASSWORD: "a very good password" }) {
  const config = loadConfig({ DATABASE_URL: await testDatabaseUrl("claims-admin"), NODE_ENV: "test", ...env });
  db = await openDatabase(config.database);
  await migrateToLatest(db);
  return createAdminAuth({ db, settings: createSettings(db, now), config, logger: createLogger("silent"), now });
}

beforeEach(() => {
  clock = Date.parse("2026-11-22T10:00:00Z");
});
afterEach(async () => {
  await db.destroy();
});

describe("operator sessions", () => {
  it("expire after the idle timeout", async () => {
    const admin = await auth();
    const login = await admin.login(EMAIL, "a very good password", "127.0.0.1");
    if (!login.ok) throw new Error("login failed");
    expect(login.setCookie).toMatch(/HttpOnly; SameSite=Strict/);
    const cookie = cookieOf(login.setCookie);
    clock += SESSION_IDLE_MS - 1000;
    expect(await admin.session(cookie)).not.toBeNull();
    clock += SESSION_IDLE_MS + 1000;
    expect(await admin.session(cookie)).toBeNull();
  });

  it("expire after the absolute timeout even when used all along", async () => {
    const admin = await auth();
    const login = await admin.login(EMAIL, "a very good password", "127.0.0.1");
    if (!login.ok) throw new Error("login failed");
    const cookie = cookieOf(login.setCookie);
    for (let t = 0; t < SESSION_ABSOLUTE_MS; t += SESSION_IDLE_MS / 2) {
      expect(await admin.session(cookie)).not.toBeNull();
      clock += SESSION_IDLE_MS / 2;
    }
    clock += 1000;
    expect(await admin.session(cookie)).toBeNull();
  });

  it("get a new id at every login, and refuse tampered cookies", async () => {
    const admin = await auth();
    const first = await admin.login(EMAIL, "a very good password", "127.0.0.1");
    const second = await admin.login(EMAIL, "a very good password", "127.0.0.1");
    if (!first.ok || !second.ok) throw new Error("login failed");
    expect(cookieOf(first.setCookie)).not.toBe(cookieOf(second.setCookie));
    const [name, value] = cookieOf(first.setCookie).split("=");
    const [id] = value!.split(".");
    expect(await admin.session(`${name}=${id}.AAAA`)).toBeNull();
    expect(await admin.session(`${name}=${id}`)).toBeNull();
  });

  it("throttles after five failures in fifteen minutes, and lets the IP in again later", async () => {
    const admin = await auth();
    for (let i = 0; i < 5; i++) expect(await admin.login(EMAIL, "nope", "198.51.100.1")).toMatchObject({ ok: false, reason: "wrong-password" });
    expect(await admin.login(EMAIL, "a very good password", "198.51.100.1")).toMatchObject({ ok: false, reason: "throttled" });
    expect((await admin.login(EMAIL, "a very good password", "198.51.100.2")).ok).toBe(true);
    clock += 15 * 60_000 + 1000;
    expect((await admin.login(EMAIL, "a very good password", "198.51.100.1")).ok).toBe(true);
  });

  it("without ADMIN_PASSWORD, generates one at first start and keeps only its hash", async () => {
    const lines: string[] = [];
    const original = console.log;
    console.log = (line: string) => void lines.push(line);
    try {
      await auth({});
    } finally {
      console.log = original;
    }
    const output = lines.join("\n");
    const password = /password: (\S+)/.exec(output)?.[1];
    expect(password).toBeDefined();
    expect(output).toContain(`e-mail: ${EMAIL}`);
    const stored = await db.selectFrom("operators").select(["password_hash", "role"]).where("email", "=", EMAIL).executeTakeFirstOrThrow();
    expect(stored.role).toBe("owner");
    expect(stored.password_hash).not.toContain(password!);
    expect(await verifyPassword(password!, stored.password_hash)).toBe(true);
  });

  it("hashes with a salt", async () => {
    const [a, b] = [await hashPassword("same"), await hashPassword("same")];
    expect(a).not.toBe(b);
    expect(await verifyPassword("same", a)).toBe(true);
    expect(await verifyPassword("other", a)).toBe(false);
  });
});
