// The lead export without HTTP or compression (issue 10): `npx tsx scripts/bench-export.ts [options]`.
//   --db-file PATH      a seeded SQLite file (default ./data/bench-console.db); or DATABASE_URL=postgres://...
//   --readers 1,2,4     reader thread counts to try, in turn (default 1,2,3,4)
//   --cold              drop the SQLite file from the page cache before each run (GNU dd iflag=nocache)
//   --gzip              gzip as for a browser (the readers compress their batches)
// Prints rows/s of the whole CSV per reader count, the CPU it took per row and the process's RSS growth.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import type { DatabaseTarget } from "../server/config";
import { openDatabase } from "../server/db/database";
import { leadsCsv } from "../server/lead-console/lead-export";

const { values } = parseArgs({
  options: {
    "db-file": { type: "string", default: "data/bench-console.db" },
    readers: { type: "string", default: "1,2,3,4" },
    cold: { type: "boolean", default: false },
    gzip: { type: "boolean", default: false },
  },
});
const url = process.env.DATABASE_URL;
const database: DatabaseTarget = url?.startsWith("postgres") ? { engine: "postgres", url } : { engine: "sqlite", file: path.resolve(values["db-file"]!) };

// Only compiles the queries: the reader threads run them.
const db = await openDatabase(database);
for (const readers of values.readers!.split(",").map(Number)) {
  if (values.cold && database.engine === "sqlite") {
    for (const suffix of ["", "-wal"]) spawnSync("dd", [`if=${database.file}${suffix}`, "iflag=nocache", "count=0"], { stdio: "ignore" });
  }
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let rows = 0;
  let bytes = 0;
  for await (const chunk of leadsCsv(db, database, {}, { timeZone: "America/New_York", targets: ["webhook", "legal-bridge"], gzip: values.gzip, readers, onRows: (n) => (rows += n) })) {
    bytes += (chunk as Buffer).length;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  console.log(
    `${database.engine}${values.cold ? " (cold)" : ""}${values.gzip ? ", gzip" : ""}, ${readers} reader${readers > 1 ? "s" : ""}: ${rows.toLocaleString("en-US")} rows, ` +
      `${(bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds).toLocaleString("en-US")} rows/s, CPU ${((cpu.user + cpu.system) / rows).toFixed(0)} µs/row (all threads); RSS grew ${((peak - rssBefore) / 1e6).toFixed(0)} MB`,
  );
}
await db.destroy();
