import { sql } from "kysely";
import { isPostgres, type Db } from "../../server/db/database";
import Database from "better-sqlite3";

/**
 * Makes every lead insert in the server's database fail (as a full disk or a lost database would)
 * until the returned function is called.
 */
export function failLeadSaves(dbFile: string): () => void {
  const exec = (sql: string) => {
    const db = new Database(dbFile);
    try {
      db.exec(sql);
    } finally {
      db.close();
    }
  };
  exec("CREATE TRIGGER test_fail_lead_saves BEFORE INSERT ON leads BEGIN SELECT RAISE(ABORT, 'disk I/O error (test)'); END;");
  return () => exec("DROP TRIGGER IF EXISTS test_fail_lead_saves");
}

/**
 * Makes every transaction that saves a lead fail at COMMIT (as a disk that refuses the write would):
 * each lead's row adds a row whose deferred foreign key points nowhere, which only COMMIT checks.
 * The returned `restore` undoes it.
 */
export async function failLeadCommits(db: Db) {
  await sql`create table test_commit_parent (id text primary key)`.execute(db);
  if (isPostgres(db)) {
    await sql`create table test_commit_child (id text references test_commit_parent (id) deferrable initially deferred)`.execute(db);
    await sql`create function test_commit_guard() returns trigger language plpgsql as $$ begin insert into test_commit_child values (new.id); return new; end $$`.execute(db);
    await sql`create trigger test_commit_guard after insert on leads for each row execute function test_commit_guard()`.execute(db);
  } else {
    await sql`create table test_commit_child (id text references test_commit_parent (id) deferrable initially deferred)`.execute(db);
    await sql`create trigger test_commit_guard after insert on leads begin insert into test_commit_child values (new.id); end`.execute(db);
  }
  return {
    async restore() {
      await sql`drop trigger test_commit_guard${isPostgres(db) ? sql` on leads` : sql``}`.execute(db);
      if (isPostgres(db)) await sql`drop function test_commit_guard()`.execute(db);
      await sql`drop table test_commit_child`.execute(db);
      await sql`drop table test_commit_parent`.execute(db);
    },
  };
}
