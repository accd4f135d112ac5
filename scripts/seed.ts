// `npm run seed -- --leads N`: synthetic leads for the lead console (issue 10). See --help.
import { randomInt } from "node:crypto";
import { ConfigError, loadConfig } from "../server/config";
import { redactedUrl } from "../server/db/redacted-url";
import { parseSeedArguments, SEED_USAGE } from "../server/seed/seed-arguments";
import { recountDashboardRollups, seedEvents } from "../server/seed/seed-events";
import { seedLeads, type SeedProgress } from "../server/seed/seed-leads";

const parsed = parseSeedArguments(process.argv.slice(2), () => randomInt(2 ** 32 - 1));
if (!parsed.ok) fail(`${parsed.message}\n\n${SEED_USAGE}`);
if (parsed.help) {
  console.log(SEED_USAGE);
  process.exit(0);
}
const { args } = parsed;

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

const number = (n: number) => Math.round(n).toLocaleString("en-US");
const where = config.database.engine === "sqlite" ? `SQLite ${config.database.file}` : `PostgreSQL ${redactedUrl(config.database.url)}`;
console.log(`Seeding ${number(args.leads)} leads and ${number(args.events)} events into ${where}, over ${args.days} days, seed ${args.seed}`);

// Ctrl-C finishes the batch being written and rebuilds any dropped indexes before exiting.
let stopping = false;
process.once("SIGINT", () => {
  stopping = true;
  console.log("\nStopping after this batch...");
});

let lastReport = 0;
let phaseStarted = 0;
function report(event: SeedProgress) {
  if (event.phase === "start") {
    if (event.existingLeads) console.log(`The database already has ${number(event.existingLeads)} leads; adding to them.`);
    if (event.droppedIndexes.length) console.log(`Dropped ${event.droppedIndexes.length} secondary indexes for the load; they are rebuilt at the end.`);
  } else if (event.phase === "batch") {
    const now = performance.now();
    if (event.written < event.total && now - lastReport < 2_000) return;
    lastReport = now;
    const percent = ((100 * event.written) / event.total).toFixed(0).padStart(3);
    console.log(`  ${number(event.written).padStart(13)} / ${number(event.total)} leads ${percent}%  ${number(event.written / (event.elapsedMs / 1000))} leads/s`);
  } else if (event.phase === "indexes") {
    phaseStarted = performance.now();
    console.log("Rebuilding indexes...");
  } else {
    if (phaseStarted) console.log(`  rebuilt in ${((performance.now() - phaseStarted) / 1000).toFixed(1)} s`);
    phaseStarted = performance.now();
    console.log("Analyzing...");
  }
}

if (args.leads > 0) {
  try {
    const result = await seedLeads({
      database: config.database,
      leads: args.leads,
      days: args.days,
      seed: args.seed,
      batchSize: args.batchSize,
      threads: args.threads,
      rebuildIndexes: args.rebuildIndexes,
      siteUrl: config.siteUrl,
      site: config.site,
      retryScheduleMs: config.delivery.retryScheduleMs,
      timeoutMs: config.delivery.timeoutMs,
      onProgress: report,
      shouldStop: () => stopping,
    });
    const seconds = result.elapsedMs / 1000;
    console.log(
      `Seeded ${number(result.leads)} leads in ${seconds.toFixed(1)} s (${number(result.leads / seconds)} leads/s), ` +
        `with ${number(result.certificates)} certificates, ${number(result.deliveries)} deliveries, ${number(result.attempts)} attempts and ${number(result.sales)} sales.`,
    );
    // The dashboard's lead and delivery counts are recounted for the back-dated leads.
    await recountDashboardRollups(config.database, config.operatorTimeZone);
  } catch (error) {
    fail(`The seed failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

if (args.events > 0) {
  try {
    let last = 0;
    const result = await seedEvents({
      database: config.database,
      events: args.events,
      days: args.days,
      seed: args.seed,
      onProgress: (written, total, elapsedMs) => {
        if (written < total && performance.now() - last < 2_000) return;
        last = performance.now();
        console.log(`  ${number(written).padStart(13)} / ${number(total)} events  ${number(written / (elapsedMs / 1000))} events/s`);
      },
    });
    console.log(`Seeded ${number(result.events)} events in ${(result.elapsedMs / 1000).toFixed(1)} s.`);
  } catch (error) {
    fail(`The event seed failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
