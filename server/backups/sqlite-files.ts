import fs from "node:fs";
import SQLite from "better-sqlite3";
import { readOnlyInThread } from "./sqlite-thread";

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
 * own in a thread of its own: one read transaction in WAL mode, so it sees every commit made before it
 * began and none after, while other connections (this process's, a server's) go on reading and writing.
 */
export async function copyDatabase(sourceFile: string, destination: string): Promise<void> {
  if (fs.existsSync(destination)) throw new Error(`${destination} already exists; a backup never overwrites a file.`);
  await readOnlyInThread(sourceFile, [["vacuum into ?", [destination]]]);
}

/** Runs PRAGMA integrity_check on `file`, read-only, and counts its leads when it passes. */
export async function checkCopy(file: string): Promise<CopyCheck> {
  const sizeBytes = fs.statSync(file).size;
  try {
    const [problems] = (await readOnlyInThread(file, [["pragma integrity_check"]])) as [Array<{ integrity_check: string }>];
    const integrity = problems.map((row) => row.integrity_check).join("; ");
    if (integrity !== "ok") return { ok: false, integrity, sizeBytes, leadCount: null };
    const [[count]] = (await readOnlyInThread(file, [["select count(*) as n from leads"]])) as [[{ n: number }]];
    return { ok: true, integrity, sizeBytes, leadCount: count.n };
  } catch (error) {
    return { ok: false, integrity: (error as Error).message, sizeBytes, leadCount: null };
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
