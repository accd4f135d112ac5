import pg from "pg";
import type { BulkWriter } from "./bulk-writer";
import { rebuiltAfterLoad } from "./index-policy";
import { INSERT_ORDER, SEEDED_TABLES, type RowValues, type SeedBatch, type SeededTable } from "./tables";

/** A statement may bind at most 65,535 parameters; the widest table (leads) has 43 columns. */
const MAX_PARAMETERS = 65_535;
const MAX_ROWS_PER_STATEMENT = 1_000;

/**
 * Writes seed batches on a client of its own, past Kysely: multi-row INSERTs as named prepared
 * statements, one transaction per batch, commits that do not wait for the disk.
 */
export async function openPostgresWriter(url: string): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("SET synchronous_commit = off");

  function insertText(table: SeededTable, rows: number) {
    const columns = SEEDED_TABLES[table];
    const tuples: string[] = [];
    for (let r = 0; r < rows; r++) tuples.push(`(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(",")})`);
    return `INSERT INTO ${table} (${columns.join(",")}) VALUES ${tuples.join(",")}`;
  }
  const rowsPerStatement = (table: SeededTable) => Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_PARAMETERS / SEEDED_TABLES[table].length));
  // A full chunk is a named statement, parsed once per connection; a batch's last, shorter chunk is not.
  const fullChunk = Object.fromEntries(
    INSERT_ORDER.map((table) => [table, { name: `seed_${table}`, text: insertText(table, rowsPerStatement(table)) }]),
  ) as Record<SeededTable, { name: string; text: string }>;

  async function insert(table: SeededTable, rows: readonly RowValues[]) {
    const perStatement = rowsPerStatement(table);
    for (let start = 0; start < rows.length; start += perStatement) {
      const chunk = rows.slice(start, start + perStatement);
      const statement = chunk.length === perStatement ? fullChunk[table] : { text: insertText(table, chunk.length) };
      await client.query({ ...statement, values: chunk.flat() });
    }
  }

  let droppedIndexes: Array<{ name: string; definition: string }> = [];

  return {
    engine: "postgres",
    async countLeads() {
      const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM leads");
      return Number(rows[0]!.n);
    },
    async dropIndexes() {
      // Indexes that back a primary key or unique constraint stay.
      const { rows } = await client.query<{ name: string; definition: string; first_column: string }>(
        `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition, pg_get_indexdef(i.oid, 1, true) AS first_column
           FROM pg_index x
           JOIN pg_class i ON i.oid = x.indexrelid
           JOIN pg_class t ON t.oid = x.indrelid
          WHERE t.relname = ANY($1) AND t.relnamespace = current_schema()::regnamespace
            AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`,
        [INSERT_ORDER],
      );
      droppedIndexes = rows.filter((index) => rebuiltAfterLoad(index.first_column));
      await client.query("BEGIN");
      for (const index of droppedIndexes) await client.query(`DROP INDEX "${index.name}"`);
      await client.query("COMMIT");
      return droppedIndexes.map((index) => index.name);
    },
    async write(batch: SeedBatch) {
      await client.query("BEGIN");
      try {
        for (const table of INSERT_ORDER) await insert(table, batch[table]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      }
    },
    async restoreIndexes() {
      await client.query("SET maintenance_work_mem = '512MB'");
      for (const index of droppedIndexes) await client.query(index.definition);
      droppedIndexes = [];
    },
    async analyze() {
      // VACUUM as well: it sets the visibility map, without which counting a filter reads every
      // matching row from the table rather than from the index (300 ms instead of 40 at a million).
      // Autovacuum would get there on its own, later.
      await client.query(`VACUUM (ANALYZE) ${INSERT_ORDER.join(", ")}`);
    },
    async close() {
      await client.end();
    },
  };
}
