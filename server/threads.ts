import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker, type ResourceLimits } from "node:worker_threads";

/**
 * Runs the module `name` (a sibling of the caller, `callerUrl` being its import.meta.url) in a worker
 * thread, in the caller's own flavour. Under tsx or Vitest that is the TypeScript source, and the
 * thread registers tsx itself, as it does not inherit the loader. In the server build the module is
 * an entry of its own in build/server/ (vite.config.ts) while the caller may be a chunk in
 * build/server/assets/, so the entry is looked for beside the caller and one folder up.
 */
export function startThread(callerUrl: string, name: string, workerData: unknown, limits?: ResourceLimits): Worker {
  const here = fileURLToPath(callerUrl);
  const extension = path.extname(here);
  if (extension !== ".ts") {
    const candidates = [path.join(path.dirname(here), `${name}${extension}`), path.join(path.dirname(here), "..", `${name}${extension}`)];
    const entry = candidates.find((file) => fs.existsSync(file));
    if (!entry) throw new Error(`The thread module ${name} is not in ${candidates.join(" or ")}`);
    return new Worker(entry, { workerData, resourceLimits: limits });
  }
  const entry = pathToFileURL(path.join(path.dirname(here), `${name}.ts`)).href;
  // Vitest's modules may lack import.meta.resolve; the thread then resolves from the working directory.
  const tsx = import.meta.resolve?.("tsx/esm/api") ?? "tsx/esm/api";
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(bootstrap, { eval: true, workerData, resourceLimits: limits });
}
