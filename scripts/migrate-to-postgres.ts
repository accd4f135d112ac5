// `npm run migrate-to-postgres -- --to postgres://...`: moves a site from SQLite to PostgreSQL (docs/deploy.md).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../server/config";
import { redactedUrl } from "../server/db/redacted-url";
import { copySqliteToPostgres, MigrationRefused } from "../server/db/sqlite-to-postgres";

const USAGE = `Usage: npm run migrate-to-postgres -- --to postgres://user:pass@host/db [--from PATH] [--batch-size N]

Copies every table of the site's SQLite database to an empty PostgreSQL database: runs the
migrations on the target, copies the rows in batches in one transaction, and prints the row
count of every table in both. Stop the site first; start it again with DATABASE_URL set to the
PostgreSQL URL.

  --from PATH        the SQLite file (default: DATABASE_URL when it is file:PATH, else ./data/app.db)
  --to URL           the PostgreSQL database, which must be empty
  --batch-size N     rows per INSERT (default 1000)`;

let parsed;
try {
  parsed = parseArgs({
    options: { from: { type: "string" }, to: { type: "string" }, "batch-size": { type: "string" }, help: { type: "boolean" } },
    strict: true,
  });
} catch (error) {
  fail(`${(error as Error).message}\n\n${USAGE}`);
}
const { values } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) fail(`--to must be a postgres:// URL.\n\n${USAGE}`);
const batchSize = values["batch-size"] === undefined ? 1_000 : Number(values["batch-size"]);
if (!Number.isInteger(batchSize) || batchSize < 1) fail(`--batch-size must be a positive whole number.\n\n${USAGE}`);

const from = values.from ? path.resolve(values.from.replace(/^file:/, "")) : sqliteFileFromEnvironment();
if (!fs.existsSync(from)) fail(`There is no SQLite database at ${from}.`);

console.log(`Copying SQLite ${from} to PostgreSQL ${redactedUrl(values.to)}`);
const started = performance.now();
try {
  const counts = await copySqliteToPostgres({
    from,
    to: values.to,
    batchSize,
    onTable: (table, rows) => console.log(`  copied ${table} (${rows.toLocaleString("en-US")} rows)`),
  });
  const width = Math.max(...counts.map((count) => count.table.length), "table".length);
  console.log(`\n${"table".padEnd(width)}  ${"sqlite".padStart(10)}  ${"postgres".padStart(10)}`);
  for (const { table, sqlite, postgres } of counts) {
    console.log(`${table.padEnd(width)}  ${String(sqlite).padStart(10)}  ${String(postgres).padStart(10)}${sqlite === postgres ? "" : "  MISMATCH"}`);
  }
  const mismatched = counts.filter((count) => count.sqlite !== count.postgres);
  if (mismatched.length) fail(`\nRow counts differ in ${mismatched.map((count) => count.table).join(", ")}.`);
  console.log(`\nAll ${counts.length} tables copied, row counts equal, in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  console.log("Now set DATABASE_URL to the PostgreSQL URL and start the site.");
} catch (error) {
  if (error instanceof MigrationRefused) fail(error.message);
  fail(`The copy failed, and no row was committed to PostgreSQL (the copy is one transaction): ${error instanceof Error ? error.message : String(error)}`);
}

function sqliteFileFromEnvironment(): string {
  try {
    const { database } = loadConfig(process.env);
    if (database.engine === "sqlite") return database.file;
    fail("DATABASE_URL already names a PostgreSQL database: give the SQLite file with --from.");
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
