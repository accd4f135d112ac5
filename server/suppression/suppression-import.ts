import fs from "node:fs";
import readline from "node:readline";
import { parse as parseSync } from "csv-parse/sync";
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
 * The file's rows: a line without a quote is split on commas as it is (the federal files, one entry per
 * line: csv-parse's stream was most of an import's time on them); a line with quotes goes through
 * csv-parse. A quoted field spanning lines is not a phone, e-mail or hash, so rows are lines.
 */
async function* rowsOf(file: string): AsyncGenerator<string[]> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  let first = true;
  for await (const raw of lines) {
    const line = first && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    first = false;
    if (!line.trim()) continue;
    if (!line.includes('"')) {
      yield line.split(",");
      continue;
    }
    try {
      yield (parseSync(line, { relax_column_count: true, relax_quotes: true }) as string[][])[0] ?? [];
    } catch {
      yield [];
    }
  }
}

/** Keys collected while the file is read: 8 bytes each (ten million take 80 MB), in chunks that grow without copying. */
class KeyBuffer {
  private chunks: BigInt64Array[] = [];
  private current = new BigInt64Array(1 << 20);
  private used = 0;
  length = 0;

  push(key: SuppressionKey) {
    if (this.used === this.current.length) {
      this.chunks.push(this.current);
      this.current = new BigInt64Array(1 << 20);
      this.used = 0;
    }
    this.current[this.used++] = key;
    this.length += 1;
  }

  /** Every key, sorted ascending. */
  sorted(): BigInt64Array {
    const all = new BigInt64Array(this.length);
    let at = 0;
    for (const chunk of this.chunks) {
      all.set(chunk, at);
      at += chunk.length;
    }
    all.set(this.current.subarray(0, this.used), at);
    this.chunks = [];
    return all.sort();
  }
}

/**
 * Adds every key of the file to the list: the file is read as CSV (one entry per line is CSV of one
 * column) and its keys collected, then sorted and inserted in ascending order, KEYS_PER_STATEMENT to a
 * statement, STATEMENTS_PER_TRANSACTION statements to a write transaction. In order, each page of the
 * index is written once per import rather than once per transaction (random hashes inserted as they
 * come rewrote the whole tree every transaction: 100 s for a million on SQLite). A key already on the
 * list is skipped. The list's entry_count grows by what was new.
 */
export async function importFile(db: Db, listId: number, file: string, now: () => Date = () => new Date()): Promise<ImportResult> {
  const parser = rowsOf(file);
  const result: ImportResult = { rows: 0, entries: 0, added: 0, rejected: 0, rejectedLines: [] };
  const collected = new KeyBuffer();
  for await (const cells of parser) {
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
    for (const key of keys) collected.push(key);
  }
  const keys = collected.sorted();
  const perTransaction = KEYS_PER_STATEMENT * STATEMENTS_PER_TRANSACTION;
  for (let from = 0; from < keys.length; from += perTransaction) {
    const slice = keys.subarray(from, Math.min(keys.length, from + perTransaction));
    result.added += await writeTransaction(db, async (trx) => {
      let added = 0;
      for (let at = 0; at < slice.length; at += KEYS_PER_STATEMENT) added += await insertKeys(trx, listId, Array.from(slice.subarray(at, at + KEYS_PER_STATEMENT)));
      await trx
        .updateTable("suppression_lists")
        .set((eb) => ({ entry_count: eb("entry_count", "+", added), updated_at: now().toISOString() }))
        .where("id", "=", listId)
        .execute();
      return added;
    });
    // Lets requests waiting for the write lock (intake) in between.
    await new Promise((resolve) => setImmediate(resolve));
  }
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
