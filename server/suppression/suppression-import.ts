import fs from "node:fs";
import { parse } from "csv-parse";
import { sql, type Kysely } from "kysely";
import { isPostgres, writeTransaction, type Db } from "../db/database";
import type { Database } from "../db/schema";
import { entryOf, type SuppressionKey } from "./suppression-keys";

/** Keys per INSERT: one parameter each time (a JSON array on SQLite, a bigint[] on PostgreSQL). */
const KEYS_PER_STATEMENT = 10_000;
/** Statements per write transaction: big enough to be fast, short enough that intake waits at most a moment. */
const STATEMENTS_PER_TRANSACTION = 10;
/** Line numbers of rejected rows quoted back to the operator. */
const QUOTED_REJECTIONS = 5;

export interface ImportResult {
  /** Rows read (a header row included). */
  rows: number;
  /** Rows with at least one entry. */
  entries: number;
  /** Keys new to the list. */
  added: number;
  /** Rows with no phone, e-mail or hash in them (a first-row header is not counted). */
  rejected: number;
  /** The first rejected rows' line numbers. */
  rejectedLines: number[];
}

/** The federal registry's files: area code and number in two fields ("201,5550123"), or ten digits on a line. */
const AREA_CODE = /^\d{3}$/;
const SEVEN_DIGITS = /^\d{7}$/;

/** The keys of one row: every cell that is a phone, an e-mail or a hash; a federal "areacode,number" row as one phone. */
export function keysOfRow(cells: readonly string[]): SuppressionKey[] {
  const [first = "", second = ""] = cells;
  if (cells.length === 2 && AREA_CODE.test(first.trim()) && SEVEN_DIGITS.test(second.trim())) {
    const entry = entryOf(first.trim() + second.trim());
    return entry ? [entry.key] : [];
  }
  const keys: SuppressionKey[] = [];
  for (const cell of cells) {
    const entry = entryOf(cell);
    if (entry) keys.push(entry.key);
  }
  return keys;
}

/**
 * Adds every key of the file to the list: read as CSV (one entry per line is CSV of one column),
 * keys inserted sorted, KEYS_PER_STATEMENT to a statement, in write transactions of
 * STATEMENTS_PER_TRANSACTION statements; a key already on the list is skipped. The list's entry_count
 * grows by what was new.
 */
export async function importFile(db: Db, listId: number, file: string, now: () => Date = () => new Date()): Promise<ImportResult> {
  const parser = fs.createReadStream(file).pipe(
    parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, skip_records_with_error: true, info: false }),
  );
  const result: ImportResult = { rows: 0, entries: 0, added: 0, rejected: 0, rejectedLines: [] };
  let pending: SuppressionKey[] = [];
  let batches: SuppressionKey[][] = [];
  const flush = async () => {
    if (pending.length) batches.push(pending);
    pending = [];
    if (!batches.length) return;
    const work = batches;
    batches = [];
    result.added += await writeTransaction(db, async (trx) => {
      let added = 0;
      for (const keys of work) added += await insertKeys(trx, listId, keys);
      await trx
        .updateTable("suppression_lists")
        .set((eb) => ({ entry_count: eb("entry_count", "+", added), updated_at: now().toISOString() }))
        .where("id", "=", listId)
        .execute();
      return added;
    });
  };
  for await (const cells of parser as AsyncIterable<string[]>) {
    result.rows += 1;
    const keys = keysOfRow(cells);
    if (!keys.length) {
      // A header ("phone", "email", "areacode,number") is the first row and no entry.
      if (result.rows > 1) {
        result.rejected += 1;
        if (result.rejectedLines.length < QUOTED_REJECTIONS) result.rejectedLines.push(result.rows);
      }
      continue;
    }
    result.entries += 1;
    for (const key of keys) pending.push(key);
    if (pending.length >= KEYS_PER_STATEMENT) {
      batches.push(pending);
      pending = [];
      if (batches.length >= STATEMENTS_PER_TRANSACTION) await flush();
    }
  }
  await flush();
  return result;
}

/** Inserts keys the list does not hold yet; returns how many were new. Sorted, so the B-tree is written in order. */
export async function insertKeys(trx: Kysely<Database>, listId: number, keys: SuppressionKey[]): Promise<number> {
  const sorted = [...new Set(keys)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const text = `[${sorted.join(",")}]`;
  const inserted = isPostgres(trx)
    ? await sql`insert into suppression_entries (value, list_id) select v, ${listId} from unnest(${`{${sorted.join(",")}}`}::bigint[]) as v on conflict do nothing`.execute(trx)
    : await sql`insert or ignore into suppression_entries (value, list_id) select value, ${listId} from json_each(${text})`.execute(trx);
  return Number(inserted.numAffectedRows ?? 0);
}
