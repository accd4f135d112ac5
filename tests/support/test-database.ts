import { randomUUID } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { tempDir } from "./server";

/**
 * A fresh, empty database for one test: a SQLite file by default, or a new PostgreSQL database on
 * the server TEST_DATABASE_URL points at (DESIGN section 9).
 */
export async function testDatabaseUrl(prefix: string): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return `file:${path.join(tempDir(prefix), "app.db")}`;
  const name = `${prefix.replace(/\W/g, "_")}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
