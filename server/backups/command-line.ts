import { ConfigError } from "../config";

export const POSTGRES_BACKUP_HINT =
  "DATABASE_URL points at PostgreSQL: back it up with pg_dump and restore it with pg_restore (README, Backups); `npm run backup` and `npm run restore` are for SQLite.";

/** The one file argument of `npm run backup|restore -- <file>`; anything else stops with the usage. */
export function commandArgument(command: "backup" | "restore", argv = process.argv.slice(2)): string {
  const usage =
    command === "backup"
      ? "Usage: npm run backup -- <file>   (writes a checked copy of the SQLite database in DATABASE_URL to <file>, a new file)"
      : "Usage: npm run restore -- <file>  (puts the backup <file> in place of the SQLite database in DATABASE_URL; stop the server and workers first)";
  if (argv.length !== 1 || !argv[0]!.trim() || argv[0]!.startsWith("-")) throw new ConfigError(usage);
  return argv[0]!;
}
