import { sql, type Kysely } from "kysely";
import { isPostgres, writeTransaction, type Db } from "./database";
import type { Database } from "./schema";

/** A group's COMMIT (or BEGIN) failed: nothing of the group was saved. */
export class GroupCommitError extends Error {
  constructor(cause: unknown) {
    super(`The group's transaction was not committed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "GroupCommitError";
  }
}

interface Pending<T> {
  work: (trx: Kysely<Database>) => Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommit {
  /**
   * Runs `work` in a write transaction and settles once that transaction's COMMIT has returned, so a
   * result the caller confirms is durable. Rejects with `work`'s own error (its writes undone), or
   * with a GroupCommitError when the commit fails.
   */
  run<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T>;
}

/**
 * A group holds SQLite's write lock while its works run: other processes on the file (a standalone
 * worker) wait that long, and the group's first lead waits for its last. Half a millisecond a lead.
 */
const MAX_GROUP = 64;

/**
 * Group commit on SQLite (docs/decisions/033): the works that arrive while a group is being written wait
 * and become the next group, written in one BEGIN IMMEDIATE ... COMMIT. With synchronous=FULL each
 * COMMIT is an fsync that better-sqlite3 waits for on the event loop, so one per group rather than one
 * per lead is what lets intake keep up with the disk. Each work runs alone, in order, under a SAVEPOINT
 * of its own: a work that throws is rolled back to it and fails alone; the works before and after it
 * in the group still commit. Works run one after the other inside the transaction, so each sees the
 * ones before it as the next transaction would (the duplicate check, the rate limit, cap reservations).
 *
 * On PostgreSQL each work is its own writeTransaction (a failed COMMIT is a GroupCommitError there
 * too): many connections commit in parallel and the server groups their WAL flushes itself.
 */
export function createGroupCommit(db: Db): GroupCommit {
  if (isPostgres(db)) {
    return {
      async run(work) {
        let worked = false;
        try {
          return await writeTransaction(db, async (trx) => {
            const value = await work(trx);
            worked = true;
            return value;
          });
        } catch (error) {
          throw worked ? new GroupCommitError(error) : error;
        }
      },
    };
  }

  const queue: Pending<unknown>[] = [];
  let scheduled = false;

  async function writeGroup(group: Pending<unknown>[]) {
    const settled: (() => void)[] = [];
    try {
      await db.connection().execute(async (connection) => {
        await sql`begin immediate`.execute(connection);
        try {
          for (const pending of group) {
            await sql`savepoint lead_intake`.execute(connection);
            try {
              const value = await pending.work(connection);
              await sql`release lead_intake`.execute(connection);
              settled.push(() => pending.resolve(value));
            } catch (error) {
              await sql`rollback to lead_intake`.execute(connection);
              await sql`release lead_intake`.execute(connection);
              settled.push(() => pending.reject(error));
            }
          }
          await sql`commit`.execute(connection);
        } catch (error) {
          await sql`rollback`.execute(connection).catch(() => undefined);
          throw error;
        }
      });
    } catch (error) {
      const failure = new GroupCommitError(error);
      for (const pending of group) pending.reject(failure);
      return;
    }
    for (const settle of settled) settle();
  }

  async function drain() {
    while (queue.length) await writeGroup(queue.splice(0, MAX_GROUP));
    scheduled = false;
  }

  return {
    run<T>(work: (trx: Kysely<Database>) => Promise<T>) {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve, reject } as Pending<unknown>);
        if (scheduled) return;
        scheduled = true;
        // After the I/O callbacks of this turn: the requests that arrived together join the first group.
        setImmediate(() => void drain());
      });
    },
  };
}
