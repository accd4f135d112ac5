// Global setup of the PostgreSQL projects: checks the server once before any test, and at the end
// drops whatever test database of this run is still there (a file that crashed before its afterAll).
import pg from "pg";
import type { TestProject } from "vitest/node";
import { dropTestDatabasesStartingWith, testDatabasePrefix } from "./test-database";

export default async function setup(project: TestProject) {
  const { TEST_DATABASE_URL: url, TEST_DATABASE_RUN: run } = project.config.env as Record<string, string | undefined>;
  if (!url) throw new Error(`project ${project.name}: TEST_DATABASE_URL is not set`);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.end();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${url} (${(error as Error).message}). ` +
        "Run `node scripts/ensure-postgres.mjs` (npm test does) or set TEST_DATABASE_URL to a server the tests may create databases on.",
    );
  }
  return async () => {
    const left = await dropTestDatabasesStartingWith(url, testDatabasePrefix(run));
    if (left) console.warn(`${project.name}: dropped ${left} test database(s) left behind by a crashed test file`);
  };
}
