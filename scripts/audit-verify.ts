// `npm run audit:verify`: walks the audit log's hash chain (docs/decisions/043) on the database DATABASE_URL
// names, SQLite or PostgreSQL, and reports the first entry changed, removed or inserted. Exit code 0
// when the chain holds, 1 when it does not, 2 when it could not be read.
import { verifyAuditChain } from "../server/audit/audit-chain";
import { ConfigError, loadConfig } from "../server/config";
import { openDatabase } from "../server/db/database";
import { redactedUrl } from "../server/db/redacted-url";

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
const where = config.database.engine === "sqlite" ? `SQLite ${config.database.file}` : `PostgreSQL ${redactedUrl(config.database.url)}`;
const db = await openDatabase(config.database);
try {
  const finding = await verifyAuditChain(db);
  if (finding.ok) {
    console.log(`The audit log's chain holds: ${finding.entries.toLocaleString("en-US")} entries checked in ${where}.`);
  } else {
    console.error(`The audit log's chain is broken in ${where} after ${finding.entries.toLocaleString("en-US")} good entries: ${finding.problem}${finding.id ? ` (entry id ${finding.id})` : ""}.`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`Could not read the audit log in ${where}: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
} finally {
  await db.destroy();
}
