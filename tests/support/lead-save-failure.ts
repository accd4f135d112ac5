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
