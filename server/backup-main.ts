// `npm run backup -- <file>`: a checked, recorded copy of the SQLite database while the site keeps running
// (docs/decisions/034). The build bundles it into build/server/backup.js (vite.config.ts).
import fs from "node:fs";
import path from "node:path";
import { createBackups } from "./backups/backups";
import { commandArgument, POSTGRES_BACKUP_HINT } from "./backups/command-line";
import { ConfigError, loadConfig } from "./config";
import { migrateToLatest, openDatabase } from "./db/database";
import { createLogger } from "./logger";
import { runProcess } from "./process";

runProcess(async () => {
  const destination = path.resolve(commandArgument("backup"));
  const config = loadConfig();
  if (config.database.engine === "postgres") throw new ConfigError(POSTGRES_BACKUP_HINT);
  const { file } = config.database;
  if (!fs.existsSync(file)) throw new ConfigError(`There is no database at ${file} (DATABASE_URL) to back up.`);
  if (fs.existsSync(destination)) throw new ConfigError(`${destination} already exists; choose a new file name (a backup never overwrites one).`);

  const db = await openDatabase(config.database);
  try {
    await migrateToLatest(db);
    const backups = createBackups({ db, databaseFile: file, logger: createLogger("warn") });
    const taken = (await backups.take(destination, "manual"))!;
    if (taken.status !== "ok") {
      console.error(`Backup to ${destination} FAILED: ${taken.error}`);
      process.exitCode = 1;
      return;
    }
    console.log(`Backup written to ${destination}: ${taken.sizeBytes} bytes, ${taken.leadCount} leads, integrity_check ok.`);
  } finally {
    await db.destroy();
  }
});
