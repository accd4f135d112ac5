import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../db/database";
import type { Logger } from "../logger";
import { checkCopy, copyDatabase } from "./sqlite-files";

/** Where scheduled backups go, how often, and how many are kept (BACKUP_DIR, BACKUP_INTERVAL_HOURS, BACKUP_KEEP). */
export interface BackupSchedule {
  dir: string;
  intervalHours: number;
  keep: number;
}

export interface BackupRecord {
  id: string;
  kind: "manual" | "scheduled";
  file: string;
  startedAt: string;
  finishedAt: string | null;
  status: "running" | "ok" | "failed";
  sizeBytes: number | null;
  leadCount: number | null;
  error: string | null;
}

export type Backups = ReturnType<typeof createBackups>;

/** Scheduled copies are named by their interval's start, so the newest sort last and rotation knows its own files. */
const SCHEDULED_NAME = /^backup-\d{8}T\d{6}Z\.db$/;
const scheduledName = (slot: Date) => `backup-${slot.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "")}.db`;

/** How often a worker looks whether its interval's backup is due; a backup itself is taken once per interval. */
export const backupCheckIntervalMs = (schedule: BackupSchedule) => Math.min(schedule.intervalHours * 3_600_000, 10 * 60_000);

/**
 * Copies of the SQLite database (docs/decisions/034), each checked with PRAGMA integrity_check and
 * recorded in `backups` with its size and lead count, whether it passed or not.
 */
export function createBackups({ db, databaseFile, logger, now = () => new Date() }: { db: Db; databaseFile: string; logger: Logger; now?: () => Date }) {
  async function take(destination: string, kind: BackupRecord["kind"], slot: string | null = null): Promise<BackupRecord | null> {
    const file = path.resolve(destination);
    const id = randomUUID();
    const startedAt = now().toISOString();
    try {
      await db.insertInto("backups").values({ id, kind, slot, file, started_at: startedAt, status: "running" }).execute();
    } catch (error) {
      // Another worker inserted this interval's row first: that one takes the backup.
      if (slot && (await db.selectFrom("backups").select("id").where("slot", "=", slot).executeTakeFirst())) return null;
      throw error;
    }
    const record = await copyAndCheck(databaseFile, file, now);
    await db
      .updateTable("backups")
      .set({ finished_at: record.finishedAt, status: record.status, size_bytes: record.sizeBytes, lead_count: record.leadCount, error: record.error })
      .where("id", "=", id)
      .execute();
    const result = { id, kind, file, startedAt, ...record };
    if (result.status === "ok") logger.info({ file, sizeBytes: result.sizeBytes, leadCount: result.leadCount, kind }, "backup taken");
    else logger.error({ file, error: result.error, kind }, "backup failed");
    return result;
  }

  /** Takes this interval's backup unless a worker already has, then keeps the newest `keep` scheduled copies. */
  async function takeScheduled(schedule: BackupSchedule): Promise<BackupRecord | null> {
    const intervalMs = schedule.intervalHours * 3_600_000;
    const slot = new Date(Math.floor(now().getTime() / intervalMs) * intervalMs);
    if (await db.selectFrom("backups").select("id").where("slot", "=", slot.toISOString()).executeTakeFirst()) return null;
    const taken = await take(path.join(schedule.dir, scheduledName(slot)), "scheduled", slot.toISOString());
    if (taken?.status === "ok") rotate(schedule);
    return taken;
  }

  /** Deletes the oldest scheduled copies beyond `keep`; only files named as this code names them. */
  function rotate({ dir, keep }: BackupSchedule) {
    const copies = fs.readdirSync(dir).filter((name) => SCHEDULED_NAME.test(name)).sort();
    for (const name of copies.slice(0, Math.max(0, copies.length - keep))) {
      fs.rmSync(path.join(dir, name), { force: true });
      logger.info({ file: path.join(dir, name) }, "old backup removed");
    }
  }

  return { take, takeScheduled };
}

/** Copies the database to `file` and checks the copy: the outcome a `backups` row records. */
export async function copyAndCheck(databaseFile: string, file: string, now: () => Date = () => new Date()): Promise<Omit<BackupRecord, "id" | "kind" | "file" | "startedAt">> {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await copyDatabase(databaseFile, file);
    const check = await checkCopy(file);
    return {
      finishedAt: now().toISOString(),
      status: check.ok ? "ok" : "failed",
      sizeBytes: check.sizeBytes,
      leadCount: check.leadCount,
      error: check.ok ? null : `integrity_check: ${check.integrity}`,
    };
  } catch (error) {
    return { finishedAt: now().toISOString(), status: "failed", sizeBytes: null, leadCount: null, error: (error as Error).message };
  }
}

/** The newest backup, finished or not (the setup page shows it). */
export async function latestBackup(db: Db): Promise<BackupRecord | null> {
  const row = await db.selectFrom("backups").selectAll().orderBy("started_at", "desc").limit(1).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    file: row.file,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    status: row.status,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    leadCount: row.lead_count === null ? null : Number(row.lead_count),
    error: row.error,
  };
}
