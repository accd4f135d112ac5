import fs from "node:fs";
import SQLite from "better-sqlite3";

/** What PRAGMA integrity_check found in a copy, and what it holds. */
export interface CopyCheck {
  ok: boolean;
  /** "ok", or SQLite's first problems, or why the file could not be read as a database. */
  integrity: string;
  sizeBytes: number;
  leadCount: number | null;
}

/**
 * Writes a consistent copy of the live database to `destination` with VACUUM INTO, on a connection of its
 * own: one read transaction in WAL mode, so it sees every commit made before it began and none after,
 * and other connections (this process's or a server's) go on reading and writing meanwhile.
 */
export function copyDatabase(sourceFile: string, destination: string): void {
  if (fs.existsSync(destination)) throw new Error(`${destination} already exists; a backup never overwrites a file.`);
  const source = new SQLite(sourceFile, { readonly: true, fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    source.prepare("vacuum into ?").run(destination);
  } finally {
    source.close();
  }
}

/** Opens `file` read-only and runs PRAGMA integrity_check; counts its leads when it passes. */
export function checkCopy(file: string): CopyCheck {
  const sizeBytes = fs.statSync(file).size;
  let copy: SQLite.Database | undefined;
  try {
    copy = new SQLite(file, { readonly: true, fileMustExist: true });
    const problems = copy.pragma("integrity_check", { simple: false }) as Array<{ integrity_check: string }>;
    const integrity = problems.map((row) => row.integrity_check).join("; ");
    if (integrity !== "ok") return { ok: false, integrity, sizeBytes, leadCount: null };
    const leadCount = (copy.prepare("select count(*) as n from leads").get() as { n: number }).n;
    return { ok: true, integrity, sizeBytes, leadCount };
  } catch (error) {
    return { ok: false, integrity: (error as Error).message, sizeBytes, leadCount: null };
  } finally {
    copy?.close();
  }
}

/**
 * Whether another process has the database open. Every connection to a WAL database holds a shared lock
 * on the file while it is open, so an exclusive lock is refused while a server or worker runs, however
 * idle. The operating system drops a process's locks when it ends, so a crashed server leaves nothing
 * behind that could be mistaken for a running one (unlike a pid file).
 */
export function databaseInUse(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const probe = new SQLite(file, { timeout: 0 });
  try {
    probe.pragma("locking_mode = EXCLUSIVE");
    probe.exec("begin exclusive");
    probe.exec("rollback");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY")) return true;
    throw error;
  } finally {
    probe.close();
  }
}

/** The live database's side files: a copy put in place must not meet the old database's log. */
export const sideFiles = (file: string) => [`${file}-wal`, `${file}-shm`, `${file}-journal`];
