import SQLite from "better-sqlite3";
import type { BulkWriter } from "./bulk-writer";
import { rebuiltAfterLoad } from "./index-policy";
import { INSERT_ORDER, SEEDED_TABLES, type SeedBatch, type SeededTable } from "./tables";

/**
 * Writes seed batches on a connection of its own, past Kysely: one prepared single-row INSERT per
 * table (in SQLite faster than multi-row VALUES), one transaction per batch, and no fsync (a seed
 * that is cut off is run again, it has nothing to lose).
 */
export function openSqliteWriter(file: string, { mapped = false } = {}): BulkWriter {
  const db = new SQLite(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  db.pragma("busy_timeout = 5000");
  // The indexes on random ids (every UUID primary key) are written all over: keep them in memory.
  db.pragma("cache_size = -1048576");
  db.pragma("temp_store = MEMORY");
  // Building an index reads the whole table: through a memory map (this build maps up to 2 GB) it is
  // not copied page by page, about twice as fast. The writing threads do without: their inserts were slower.
  if (mapped) db.pragma(`mmap_size = ${2 ** 31}`);
  // CREATE INDEX sorts with helper threads.
  db.pragma("threads = 2");

  const inserts = Object.fromEntries(
    INSERT_ORDER.map((table) => {
      const columns = SEEDED_TABLES[table];
      return [table, db.prepare(`INSERT INTO ${table} (${columns.join(",")}) VALUES (${columns.map(() => "?").join(",")})`)];
    }),
  ) as Record<SeededTable, SQLite.Statement>;

  const writeBatch = db.transaction((batch: SeedBatch) => {
    for (const table of INSERT_ORDER) {
      const insert = inserts[table];
      for (const values of batch[table]) insert.run(values);
    }
  });

  let droppedIndexes: Array<{ name: string; sql: string }> = [];

  return {
    engine: "sqlite",
    async countLeads() {
      return (db.prepare("SELECT count(*) AS n FROM leads").get() as { n: number }).n;
    },
    async dropIndexes() {
      const tables = INSERT_ORDER.map((table) => `'${table}'`).join(",");
      // Only indexes made by CREATE INDEX have sql; primary keys and UNIQUE columns keep theirs.
      const indexes = db
        .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${tables})`)
        .all() as Array<{ name: string; sql: string }>;
      const firstColumn = (index: string) => (db.prepare("SELECT name FROM pragma_index_info(?) WHERE seqno = 0").get(index) as { name: string }).name;
      droppedIndexes = indexes.filter((index) => rebuiltAfterLoad(firstColumn(index.name)));
      db.transaction(() => {
        for (const index of droppedIndexes) db.exec(`DROP INDEX "${index.name}"`);
      })();
      return droppedIndexes.map((index) => index.name);
    },
    async write(batch) {
      // BEGIN IMMEDIATE: take the write lock up front rather than fail to upgrade a read transaction.
      writeBatch.immediate(batch);
    },
    async restoreIndexes() {
      for (const index of droppedIndexes) db.exec(index.sql);
      droppedIndexes = [];
    },
    async analyze() {
      db.exec("ANALYZE");
    },
    async close() {
      db.pragma("wal_checkpoint(TRUNCATE)");
      db.close();
    },
  };
}
