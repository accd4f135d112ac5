// `npm run restore -- <file>`: puts a backup in place of the SQLite database, only while nothing uses it
// (docs/decisions/034). The build bundles it into build/server/restore.js (vite.config.ts).
import path from "node:path";
import { commandArgument, POSTGRES_BACKUP_HINT } from "./backups/command-line";
import { restoreDatabase } from "./backups/restore";
import { ConfigError, loadConfig } from "./config";
import { runProcess } from "./process";

runProcess(async () => {
  const copy = path.resolve(commandArgument("restore"));
  const config = loadConfig();
  if (config.database.engine === "postgres") throw new ConfigError(POSTGRES_BACKUP_HINT);
  const restored = await restoreDatabase(copy, config.database.file);
  if (!restored.ok) throw new ConfigError(`Restore refused: ${restored.message}`);
  console.log(
    `Restored ${copy} (${restored.check.leadCount} leads, integrity_check ok) to ${config.database.file}.` +
      (restored.replacedAs ? `\nThe database it replaced is kept as ${restored.replacedAs}.` : ""),
  );
});
