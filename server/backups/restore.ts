import fs from "node:fs";
import path from "node:path";
import { checkCopy, copyDatabase, databaseInUse, sideFiles, type CopyCheck } from "./sqlite-files";

export type RestoreResult =
  | { ok: true; check: CopyCheck; replacedAs: string | null }
  | { ok: false; reason: "missing" | "corrupt" | "in-use"; message: string };

/**
 * Puts a backup in place of the live SQLite database (docs/decisions/034): refused while any process has
 * the database open, and for a copy that fails PRAGMA integrity_check. The copy is rewritten next to the
 * database first (VACUUM INTO folds in a log it may have) and checked again, then renamed over it in
 * one step; the replaced database and its -wal/-shm files are kept beside it, renamed, never deleted.
 */
export async function restoreDatabase(copy: string, target: string, now = new Date()): Promise<RestoreResult> {
  if (!fs.existsSync(copy)) return { ok: false, reason: "missing", message: `There is no file ${copy}.` };
  const check = await checkCopy(copy);
  if (!check.ok) return { ok: false, reason: "corrupt", message: `${copy} failed its integrity check (${check.integrity}); nothing was changed.` };
  if (databaseInUse(target)) {
    return {
      ok: false,
      reason: "in-use",
      message: `${target} is in use by a running server or worker (it holds a lock on the file). Stop them all, then run the restore again; nothing was changed.`,
    };
  }
  const staged = `${target}.restoring-${process.pid}`;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.rmSync(staged, { force: true });
  await copyDatabase(copy, staged);
  const staging = await checkCopy(staged);
  if (!staging.ok) {
    fs.rmSync(staged, { force: true });
    return { ok: false, reason: "corrupt", message: `The copy written next to ${target} failed its integrity check (${staging.integrity}); nothing was changed.` };
  }
  let replacedAs: string | null = null;
  if (fs.existsSync(target)) {
    replacedAs = `${target}.before-restore-${now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`;
    fs.renameSync(target, replacedAs);
  }
  // A log left beside the old file belongs to it: the restored database must start without one.
  sideFiles(target).forEach((file, i) => {
    if (fs.existsSync(file)) fs.renameSync(file, sideFiles(replacedAs ?? `${target}.orphaned`)[i]!);
  });
  fs.renameSync(staged, target);
  return { ok: true, check: staging, replacedAs };
}
