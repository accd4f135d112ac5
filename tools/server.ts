import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";

export const ADMIN_TEST_PASSWORD = "correct horse battery staple";
export const ADMIN_TEST_EMAIL = "owner@claims.example";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
}

/** The test build (`CLAIM_FIXTURES=1 react-router build`, which `npm test` runs): the site plus the fixture claim. */
export const TEST_BUILD = "build-test";

export interface StartOptions {
  /** Which build to run: the test build by default; the budgets measure the production one ("build"). */
  buildDir?: string;
  /** Extra node flags for the process (the bench's `--cpu-prof`). */
  nodeArgs?: string[];
}

export interface RunningProcess {
  pid: number;
  dbFile: string;
  /** A read-only view of the process's real SQLite file (not available when env sets a postgres DATABASE_URL). */
  query<T>(sql: string, ...params: unknown[]): T[];
  output(): string;
  /** Resolves when the process has exited, with its exit code (null if a signal ended it) and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (SIGTERM by default) and resolves once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface RunningServer extends RunningProcess {
  url: string;
}

/**
 * Starts the built web server (the test build unless `options.buildDir` says otherwise) with plain node
 * on a free port with its own database file (or `dbFile`, to restart on the same data; or a
 * DATABASE_URL in `env`).
 */
export async function startServer(
  env: Record<string, string> = {},
  dbFile = path.join(tempDir("claims-e2e"), "app.db"),
  options: StartOptions = {},
): Promise<RunningServer> {
  try {
    return await startServerOnce(env, dbFile, options);
  } catch (error) {
    // A free port can be taken by another test's server between the probe and the listen: then, and
    // only then, once more on another port. A server that crashed or did not start in time would do the
    // same again, on a database it may have left half migrated.
    if (!(error as Error).message.includes("EADDRINUSE")) throw error;
    console.warn(`retrying server start on another port: ${(error as Error).message.split("\n")[0]}`);
    return startServerOnce(env, dbFile, options);
  }
}

/** Starts the built standalone delivery worker (`npm run worker`) on `dbFile` (or a DATABASE_URL in `env`). */
export async function startWorker(
  env: Record<string, string> = {},
  dbFile = path.join(tempDir("claims-worker"), "app.db"),
  options: StartOptions = {},
): Promise<RunningProcess> {
  const running = spawnBuilt("worker.js", env, dbFile, options);
  await running.until(() => running.process.output().includes("Delivery worker running"), "worker");
  return running.process;
}

async function startServerOnce(env: Record<string, string>, dbFile: string, options: StartOptions): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const running = spawnBuilt("index.js", { PORT: String(port), ...env }, dbFile, options);
  await running.until(async () => {
    try {
      return (await fetch(`${url}/healthz`)).ok;
    } catch {
      return false; // not listening yet
    }
  }, "server");
  return { ...running.process, url };
}

function spawnBuilt(entry: "index.js" | "worker.js", env: Record<string, string>, dbFile: string, { buildDir = TEST_BUILD, nodeArgs = [] }: StartOptions) {
  const file = path.resolve(buildDir, "server", entry);
  if (!fs.existsSync(file)) {
    const build = buildDir === TEST_BUILD ? "CLAIM_FIXTURES=1 npx react-router build" : "npx react-router build";
    throw new Error(`${file} is missing: run \`${build}\` first`);
  }
  // Plain node on the built JavaScript, as in production; one process, so a SIGKILL really kills it.
  const child = spawn(process.execPath, [...nodeArgs, file], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${dbFile}`,
      LOG_LEVEL: "warn",
      ADMIN_PASSWORD: ADMIN_TEST_PASSWORD,
      ADMIN_EMAIL: ADMIN_TEST_EMAIL,
      HSTS: "false",
      // Browser tests fill forms faster than people: the timed honeypot would mark their claims as spam.
      MIN_FORM_FILL_MS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  // 'close' comes after the process's output has been read to the end.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("close", (code, signal) => resolve({ code, signal })),
  );
  let closed = false;
  void exited.then(() => (closed = true));
  const sqlite = !env.DATABASE_URL || env.DATABASE_URL === `file:${dbFile}`;

  const handle: RunningProcess = {
    pid: child.pid!,
    dbFile,
    query<T>(sql: string, ...params: unknown[]) {
      if (!sqlite) throw new Error("query() reads the SQLite file; this process runs on the DATABASE_URL given in env");
      const db = new Database(dbFile, { readonly: true });
      try {
        return db.prepare(sql).all(...params) as T[];
      } finally {
        db.close();
      }
    },
    output: () => output,
    exited,
    stop: async (signal: NodeJS.Signals = "SIGTERM") => {
      if (!closed) child.kill(signal);
      await exited;
    },
  };

  return {
    process: handle,
    /**
     * Waits until `ready` holds; fails with the process's output if it exits first or takes over 60 s
     * (a start took over 30 s while both cores were busy with other work).
     */
    async until(ready: () => boolean | Promise<boolean>, what: string) {
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (closed) {
          const { code, signal } = await exited;
          throw new Error(`${what} exited early (code ${code}, signal ${signal}):\n${output}`);
        }
        if (await ready()) return;
        if (Date.now() > deadline) {
          child.kill("SIGKILL");
          throw new Error(`${what} did not start:\n${output}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}
