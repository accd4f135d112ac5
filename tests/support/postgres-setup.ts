// Setup file of the PostgreSQL projects: the databases a test file created are dropped after it.
import { afterAll } from "vitest";
import { dropCreatedTestDatabases } from "./test-database";

// A file that makes a database per test (operator-accounts: 23) took over 60 s to drop them one by
// one at a load of 17; four at a time, with room above that.
afterAll(dropCreatedTestDatabases, 180_000);
