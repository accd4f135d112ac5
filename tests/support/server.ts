import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";

export const ADMIN_TEST_PASSWORD = "correct horse battery staple";

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

export interface RunningServer {
  url: string;
  dbFile: string;
  /** A read-only view of the server's real database file. */
  query<T>(sql: string, ...params: unknown[]): T[];
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the production build (`npm run build` first) on a free port with its own database file
 * (or `dbFile`, to restart on the same data).
 */
export async function startServer(env: Record<string, string> = {}, dbFile = path.join(tempDir("claims-e2e"), "app.db")): Promise<RunningServer> {
  try {
    return await startServerOnce(env, dbFile);
  } catch (error) {
    // A free port can be taken by another test's server between the probe and the listen; say why
    // the first attempt failed (so a real crash stays visible) and try once more on another port.
    console.warn(`retrying server start: ${(error as Error).message}`);
    return startServerOnce(env, dbFile);
  }
}

async function startServerOnce(env: Record<string, string>, dbFile: string): Promise<RunningServer> {
  const port = await freePort();
  // One process (not the tsx CLI, which forks), so a SIGKILL really kills the server.
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: `file:${dbFile}`,
      LOG_LEVEL: "warn",
      ADMIN_PASSWORD: ADMIN_TEST_PASSWORD,
      HSTS: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let closed = false;
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  // 'close' comes after the process's output has been read to the end.
  child.once("close", () => (closed = true));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (closed) {
      throw new Error(`server exited early (code ${child.exitCode}, signal ${child.signalCode}):\n${output}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    dbFile,
    query<T>(sql: string, ...params: unknown[]) {
      const db = new Database(dbFile, { readonly: true });
      try {
        return db.prepare(sql).all(...params) as T[];
      } finally {
        db.close();
      }
    },
    output: () => output,
    stop: (signal: NodeJS.Signals = "SIGTERM") =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      }),
  };
}

export interface RunningWorker {
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the standalone delivery worker (`npm run worker`) with `env` (give it DATABASE_URL), and
 * waits until it has migrated and started polling.
 */
export async function startWorker(env: Record<string, string>): Promise<RunningWorker> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/worker-main.ts"], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let closed = false;
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  child.once("close", () => (closed = true));
  const deadline = Date.now() + 30_000;
  while (!output.includes("delivery worker started")) {
    if (closed) throw new Error(`worker exited early (code ${child.exitCode}, signal ${child.signalCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`worker did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    output: () => output,
    stop: (signal: NodeJS.Signals = "SIGTERM") =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      }),
  };
}
