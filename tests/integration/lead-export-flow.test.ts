import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, type Config } from "../../server/config";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { leadsCsv } from "../../server/lead-console/lead-export";
import { BATCH } from "../../server/lead-console/lead-export-rows";
import { seedLeads } from "../../server/seed/seed-leads";
import { waitFor } from "../support/fake-receiver";
import { testDatabaseUrl } from "../support/test-database";
import { TEST_SITE_URL } from "../support/load-context";

// The lead export's flow control (ADR 030) on enough leads for many batches: rows are written only as
// the reader of the stream asks, in the newest-first order, and a stream destroyed midway writes no more.
const LEADS = 6 * BATCH;
let config: Config;
let db: Db;

beforeAll(async () => {
  config = loadConfig({ DATABASE_URL: await testDatabaseUrl("export-flow"), LOG_LEVEL: "silent", NODE_ENV: "test", SITE_URL: TEST_SITE_URL });
  db = await openDatabase(config.database);
  await migrateToLatest(db);
  await seedLeads({
    database: config.database,
    leads: LEADS,
    days: 30,
    seed: 20261126,
    batchSize: 500,
    siteUrl: config.siteUrl,
    site: config.site,
    retryScheduleMs: config.delivery.retryScheduleMs,
    timeoutMs: config.delivery.timeoutMs,
    threads: 0,
  });
}, 60_000);
afterAll(() => db?.destroy());

const exportOf = (onRows: (n: number) => void) => leadsCsv(db, config.database, {}, { timeZone: "America/New_York", targets: ["webhook"], onRows });

describe("the lead export's flow", () => {
  it("writes every lead once, newest first, across its readers' batches", async () => {
    let text = "";
    for await (const chunk of exportOf(() => {})) text += String(chunk);
    const rows = text.trim().split("\n").slice(1);
    expect(rows).toHaveLength(LEADS);
    const keys = rows.map((row) => row.split(",").slice(0, 2).join(","));
    expect(new Set(keys).size).toBe(LEADS);
    const times = rows.map((row) => row.split(",")[1]!);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("writes rows only as they are read, and none after the stream is destroyed", async () => {
    let written = 0;
    const csv = exportOf((n) => (written += n));
    const reader = csv[Symbol.asyncIterator]();
    await reader.next();
    // Once its buffer is full the export must stop writing, however far its readers read ahead: at
    // most the batch that filled the buffer has been written. (Waits for that state, not for a time.)
    await waitFor(() => written > 0 && csv.readableLength >= csv.readableHighWaterMark, "the export's buffer to fill");
    expect(written).toBeLessThanOrEqual(BATCH);
    const before = written;
    csv.destroy();
    await once(csv, "close");
    expect(written).toBe(before);
    expect(csv.destroyed).toBe(true);
  });
});
