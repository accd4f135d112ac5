import { defineConfig } from "vitest/config";
import { articlesPlugin } from "./app/blog/vite-plugin-articles";
import { wizardScriptsPlugin } from "./app/wizard/vite-plugin-wizard-scripts";
import { claimAliases, testRegistryAliases } from "./vite.config";

// The integration tests run twice: on SQLite files ('unit') and on PostgreSQL ('integration-postgres',
// the server scripts/ensure-postgres.mjs makes sure of; TEST_DATABASE_URL names another). Databases
// they create on PostgreSQL are named after this run and dropped (tests/support/postgres-*.ts).
const run = `${process.pid.toString(36)}${Date.now().toString(36).slice(-5)}`;
/** Each project has a tag of its own, so that its end-of-run sweep cannot touch another's databases. */
const onPostgres = (project: string) => ({
  env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test", TEST_DATABASE_RUN: `${run}${project}` },
  globalSetup: ["tests/support/postgres-global-setup.ts"],
  setupFiles: ["tests/support/postgres-setup.ts"],
});

// Separate from vite.config.ts: the React Router plugin is for building the app, not for tests.
export default defineConfig({
  plugins: [articlesPlugin(), wizardScriptsPlugin()],
  define: { __BUILD_DATE__: JSON.stringify(new Date().toISOString().slice(0, 10)) },
  // Tests run on the test registry: the site's claims plus the fixture claim.
  resolve: {
    alias: { ...claimAliases, ...testRegistryAliases },
  },
  test: {
    // Two files at a time even on a 2-core machine: browser tests wait on servers and busy labels much
    // of the time, and Vitest's default (cores - 1) would run every file one after another.
    maxWorkers: 2,
    // Above every wait inside a test (waitFor's longest is 20 s): on a machine busy with other work a
    // test that waits for a condition must fail by its own wait's message, never by Vitest's 5 s default.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
          // It copies a SQLite database to PostgreSQL: it needs both, so it runs in the PostgreSQL project.
          exclude: ["tests/integration/migrate-to-postgres.test.ts"],
          env: { TEST_DATABASE_URL: "" },
        },
      },
      {
        extends: true,
        test: {
          name: "integration-postgres",
          include: ["tests/integration/**/*.test.ts"],
          // These start the built server on a SQLite file of its own: the same run on either engine.
          exclude: ["tests/integration/{fuzz,graceful-shutdown,hardening,behind-nginx,static-pages}.test.ts"],
          ...onPostgres("i"),
        },
      },
      {
        // Two web processes and two delivery workers on one PostgreSQL database (DESIGN section 10).
        extends: true,
        test: { name: "scale", include: ["tests/scale/**/*.test.ts"], testTimeout: 120_000, hookTimeout: 60_000, ...onPostgres("s") },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
