import { defineConfig } from "vitest/config";
import { wizardScriptsPlugin } from "./app/wizard/vite-plugin-wizard-scripts";
import { claimAliases, testRegistryAliases } from "./vite.config";
import ProjectsInOrderSequencer from "./tests/support/projects-in-order-sequencer";

// The integration tests run on SQLite files ('integration'), and those whose subject is the database run
// again on PostgreSQL ('integration-postgres', the server scripts/ensure-postgres.mjs makes sure of;
// TEST_DATABASE_URL names another). Databases they create on PostgreSQL are named after this run and
// dropped (tests/support/postgres-*.ts). Which files run once, and why: SQLITE_ONLY below, ADR 045.
const run = `${process.pid.toString(36)}${Date.now().toString(36).slice(-5)}`;
/** Each project has a tag of its own, so that its end-of-run sweep cannot touch another's databases. */
const onPostgres = (project: string) => ({
  env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test", TEST_DATABASE_RUN: `${run}${project}` },
  globalSetup: ["tests/support/postgres-global-setup.ts"],
  setupFiles: ["tests/support/postgres-setup.ts"],
});

/**
 * Integration files that run on SQLite only. Conservative: a file stays on both engines when anything
 * it asserts comes from a query, a transaction, concurrency, a cap or rate limit, routing, delivery,
 * money, a rollup, a migration or a trigger. A new file runs on both unless it is added here with its reason.
 */
const SQLITE_ONLY = {
  // They start the built server on a SQLite file of their own: the same run on either engine.
  "built server on a SQLite file of its own": [
    "fuzz",
    "graceful-shutdown",
    "hardening",
    "behind-nginx",
    "static-pages",
    "claim-landing-pages",
    "claim-forms-without-js",
    "blog-and-seo",
  ],
  // No database at all: Express middleware and the partner sender against a fake receiver.
  "no database": ["page-post-guard", "legal-bridge"],
  // Route actions and loaders called with plain Requests: validation, messages, statuses, redirects,
  // roles and page data. The services under them (lead intake, operator accounts and sessions, log-in
  // throttle, buyer store, API keys, revocations, lead queries, suppliers) are tested on both engines by
  // claims-api, lead-api, group-commit, operator-accounts, admin-auth, login-throttle, buyer-store,
  // certificate-api, revocation, lead-console, site-content, suppliers and supplier-figures.
  "HTTP and page logic over services tested on both engines": [
    "claim-form-action",
    "account-pages",
    "admin-routes",
    "operator-roles",
    "buyer-pages",
    "certificate-pages",
    "revocation-api",
    "suppliers-admin",
    "lead-console-pages",
    "site-content-pages",
    // The lead API's two request paths held to the same answers: HTTP, over the lead service.
    "early-lead-intake",
    // The catch route of claims defined as data, over the data-claim store and lead API tested on both by data-claims.
    "data-claim-pages",
  ],
};
const sqliteOnlyFiles = Object.values(SQLITE_ONLY).flatMap((names) => names.map((name) => `tests/integration/${name}.test.ts`));

// Separate from vite.config.ts: the React Router plugin is for building the app, not for tests.
export default defineConfig({
  plugins: [wizardScriptsPlugin()],
  define: { __BUILD_DATE__: JSON.stringify(new Date().toISOString().slice(0, 10)) },
  // Tests run on the test registry: the site's claims plus the fixture claim.
  resolve: {
    alias: { ...claimAliases, ...testRegistryAliases },
  },
  test: {
    // Two files at a time even on a 2-core machine: browser tests wait on servers and busy labels much
    // of the time, and Vitest's default (cores - 1) would run every file one after another.
    maxWorkers: 2,
    // Test files share their worker's modules (isolate: false, ADR 045): loading the server's modules
    // again for every file was most of a small file's time (tests/unit: 49 s -> 11 s under load). Each
    // file still makes its own databases, servers and browser contexts, and restores any fake clock it
    // sets; none sets process.env or globals. The e2e files too: each loads Playwright and the claims
    // again otherwise (six small files: 62.7 -> 55.2 CPU seconds). The scale project keeps isolation: one file.
    // Above every wait inside a test (waitFor's longest is 20 s): on a machine busy with other work a
    // test that waits for a condition must fail by its own wait's message, never by Vitest's 5 s default.
    testTimeout: 30_000,
    // Above a server's start (tools/server.ts: 60 s at most) and the browser's connection (60 s).
    hookTimeout: 90_000,
    // The slowest files first, then the default reporter, whose summary stays the last lines.
    reporters: ["./tests/support/slowest-files-reporter.ts", "default"],
    // The longest projects first, the unit tests last: no worker waits alone at the end of a run.
    sequence: { sequencer: ProjectsInOrderSequencer },
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], isolate: false, env: { TEST_DATABASE_URL: "" } },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // It copies a SQLite database to PostgreSQL: it needs both, so it runs in the PostgreSQL project.
          exclude: ["tests/integration/migrate-to-postgres.test.ts"],
          isolate: false,
          env: { TEST_DATABASE_URL: "" },
        },
      },
      {
        extends: true,
        test: {
          name: "integration-postgres",
          include: ["tests/integration/**/*.test.ts"],
          exclude: sqliteOnlyFiles,
          isolate: false,
          ...onPostgres("i"),
        },
      },
      {
        // Two web processes and two delivery workers on one PostgreSQL database (DESIGN section 10).
        extends: true,
        test: { name: "scale", include: ["tests/scale/**/*.test.ts"], testTimeout: 300_000, ...onPostgres("s") },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          // One Chromium for the run; each file connects to it and opens contexts of its own (ADR 045).
          globalSetup: ["tests/support/chromium-global-setup.ts"],
          isolate: false,
          // A journey is many steps, each bounded by its own wait (Playwright's 30 s at most): on a machine
          // busy with other work a whole journey took 58 s of the 60 s it once had, and up to 160 s under
          // npm run test:under-load. A step that hangs still fails by its own wait's message.
          testTimeout: 180_000,
        },
      },
    ],
  },
});
