import { spawn } from "node:child_process";
import path from "node:path";
import { TEST_BUILD } from "../../tools/server";

/** Runs a built command-line entry (`npm run backup|restore` run build/server/<name>.js) and collects what it printed. */
export function runBuiltCommand(name: "backup" | "restore", args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [path.resolve(TEST_BUILD, "server", `${name}.js`), ...args], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.once("close", (code) => resolve({ code, output })));
}
