// Setup file of the PostgreSQL projects: the databases a test file created are dropped after it.
import { afterAll } from "vitest";
import { dropCreatedTestDatabases } from "./test-database";

afterAll(dropCreatedTestDatabases, 60_000);
