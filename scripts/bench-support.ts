// What the benchmarks share: seeding, the operator's log-in, timed requests and percentiles.
import { spawnSync } from "node:child_process";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, type RunningServer } from "../tools/server";

/** Seeds `databaseUrl` with `npm run seed` and these arguments; the seconds it took. */
export function seed(databaseUrl: string, args: string[]): number {
  const started = performance.now();
  const run = spawnSync("npx", ["tsx", "scripts/seed.ts", ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
    stdio: "inherit",
  });
  if (run.status !== 0) throw new Error(`seed failed (${run.status})`);
  return (performance.now() - started) / 1000;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Logs the test owner in; the session cookie to send back. */
export async function login(server: RunningServer, next: string): Promise<string> {
  const response = await fetch(`${server.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams({ email: ADMIN_TEST_EMAIL, password: ADMIN_TEST_PASSWORD, next }),
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error(`login failed: HTTP ${response.status}`);
  return cookie;
}

/** GET `path` as the operator, read whole: the answer, its text and the milliseconds the request took on 127.0.0.1. */
export async function timedGet(server: RunningServer, path: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
  const html = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
  return { response, html, ms };
}
