import { sql, type Kysely } from "kysely";
import { sha256Hex } from "../certificates/canonical-json";
import { isPostgres } from "../db/database";
import type { AuditLogTable, Database } from "../db/schema";

/** The hash before the first entry. */
export const GENESIS_HASH = "0".repeat(64);

export type ChainedContent = Omit<AuditLogTable, "hash">;

/**
 * SHA-256 over the previous entry's hash and this entry's content: every column but the hash, as a JSON
 * array in a fixed order (an array has no key order to vary). Migration 24 chained the older entries
 * with the same function; it must never change.
 */
export function entryHash(previousHash: string, row: ChainedContent): string {
  const content = JSON.stringify([
    Number(row.seq),
    row.id,
    row.at,
    row.operator_id ?? null,
    row.operator_email ?? null,
    row.ip ?? null,
    row.action,
    row.target_type ?? null,
    row.target_id ?? null,
    row.detail,
  ]);
  return sha256Hex(`${previousHash}\n${content}`);
}

/**
 * Appends one entry to the chain: advances the head row first (on PostgreSQL that UPDATE holds the row
 * until the transaction ends, and on SQLite it takes the write lock), so that of several instances
 * appending at once each sees the entry before its own. Runs inside the caller's transaction when given
 * one, or a transaction of its own.
 */
export async function appendChained(db: Kysely<Database>, entry: Omit<ChainedContent, "seq">): Promise<void> {
  await inAppendTransaction(db, async (trx) => {
    const previous = await advanceHead(trx);
    const seq = previous.seq + 1;
    const hash = entryHash(previous.hash, { ...entry, seq });
    await trx.insertInto("audit_log").values({ ...entry, seq, hash }).execute();
    await trx.updateTable("audit_chain_head").set({ hash }).where("id", "=", 1).execute();
  });
}

/** Takes the next seq; returns the previous entry's seq and hash. */
async function advanceHead(trx: Kysely<Database>): Promise<{ seq: number; hash: string }> {
  for (let attempt = 0; attempt < 2; attempt++) {
    // The hash returned is the one before this statement (it sets seq only).
    const advanced = await trx
      .updateTable("audit_chain_head")
      .set({ seq: sql`seq + 1` })
      .where("id", "=", 1)
      .returning(["seq", "hash"])
      .executeTakeFirst();
    if (advanced) return { seq: Number(advanced.seq) - 1, hash: advanced.hash };
    // The very first entry: the head is created at the genesis (by one of several racing instances).
    await trx
      .insertInto("audit_chain_head")
      .values({ id: 1, seq: 0, hash: GENESIS_HASH })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .execute();
  }
  throw new Error("The audit chain's head could not be read.");
}

async function inAppendTransaction(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
  if (isPostgres(db)) return db.isTransaction ? work(db) : db.transaction().execute(work);
  // SQLite: a savepoint nests inside the caller's transaction, or is a transaction of its own; held on
  // one connection so nothing else runs between its statements.
  const inSavepoint = async (connection: Kysely<Database>) => {
    await sql`savepoint audit_append`.execute(connection);
    try {
      await work(connection);
    } catch (error) {
      await sql`rollback to audit_append`.execute(connection).catch(() => undefined);
      await sql`release audit_append`.execute(connection).catch(() => undefined);
      throw error;
    }
    await sql`release audit_append`.execute(connection);
  };
  return db.isTransaction ? inSavepoint(db) : db.connection().execute(inSavepoint);
}

export type ChainFinding =
  | { ok: true; entries: number }
  | { ok: false; entries: number; seq: number | null; id: string | null; problem: string };

/**
 * Walks the chain in seq order and reports the first entry that was changed (its hash no longer
 * matches), removed (a seq is missing, or the next entry names another predecessor) or inserted (a seq
 * out of place or twice, or an entry without one), and a head that does not name the last entry (the
 * last entries removed). Reads in pages, so a long log needs little memory.
 */
export async function verifyAuditChain(db: Kysely<Database>, pageSize = 1_000): Promise<ChainFinding> {
  const unchained = await db.selectFrom("audit_log").select(["id"]).where("seq", "is", null).executeTakeFirst();
  if (unchained) return { ok: false, entries: 0, seq: null, id: unchained.id, problem: "an entry without a place in the chain (inserted by hand)" };
  let previousHash = GENESIS_HASH;
  let expected = 1;
  for (;;) {
    const rows = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("seq", ">=", expected)
      .orderBy("seq")
      .limit(pageSize)
      .execute();
    if (!rows.length) break;
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq !== expected) {
        return { ok: false, entries: expected - 1, seq: expected, id: null, problem: `entry ${expected} is missing (removed); the next is ${seq}` };
      }
      if (entryHash(previousHash, row) !== row.hash) {
        return { ok: false, entries: expected - 1, seq, id: row.id, problem: `entry ${seq} does not match its hash (changed, or inserted in its place)` };
      }
      previousHash = row.hash!;
      expected += 1;
    }
  }
  const entries = expected - 1;
  const head = await db.selectFrom("audit_chain_head").select(["seq", "hash"]).where("id", "=", 1).executeTakeFirst();
  const headSeq = head ? Number(head.seq) : 0;
  if (headSeq !== entries || (head && head.hash !== previousHash)) {
    return { ok: false, entries, seq: entries + 1, id: null, problem: `the chain's head names entry ${headSeq}, but the log ends at entry ${entries} (entries at the end removed)` };
  }
  return { ok: true, entries };
}
