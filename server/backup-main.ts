// `npm run backup -- <file>`: a checked, recorded copy of the SQLite database while the site keeps running
// (docs/decisions/034). The build bundles it into build/server/backup.js (vite.config.ts).
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { copyAndCheck, createBackups } from "./backups/backups";
import { commandArgument, POSTGRES_BACKUP_HINT } from "./backups/command-line";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { createLogger } from "./logger";
import { runProcess } from "./process";

runProcess(async () => {
  const destination = path.resolve(commandArgument("backup"));
  const config = loadConfig();
  if (config.database.engine === "postgres") throw new ConfigError(POSTGRES_BACKUP_HINT);
  const { file } = config.database;
  if (!fs.existsSync(file)) throw new ConfigError(`There is no database at ${file} (DATABASE_URL) to back up.`);
  if (fs.existsSync(destination)) throw new ConfigError(`${destination} already exists; choose a new file name (a backup never overwrites one).`);

  // No migrations here: a backup never changes the database it copies, whichever version runs it.
  const db = await openDatabase(config.database);
  try {
    const recorded = (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name = 'backups'`.execute(db)).rows.length > 0;
    const taken = recorded
      ? (await createBackups({ db, databaseFile: file, logger: createLogger("warn") }).take(destination, "manual"))!
      : await copyAndCheck(file, destination);
    if (taken.status !== "ok") {
      console.error(`Backup to ${destination} FAILED: ${taken.error}`);
      process.exitCode = 1;
      return;
    }
    console.log(`Backup written to ${destination}: ${taken.sizeBytes} bytes, ${taken.leadCount} leads, integrity_check ok.`);
    // A database an older version migrated has no backups table yet; the server of this version adds it.
    if (!recorded) console.log("Not recorded in the database: it has no backups table until this version's server has started once.");
  } finally {
    await db.destroy();
  }
});
