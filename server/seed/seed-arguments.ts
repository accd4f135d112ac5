import { parseArgs } from "node:util";

export const SEED_USAGE = `Usage: npm run seed -- [--leads N] [--events E] [--days D] [--seed S] [--batch B] [--threads T] [--rebuild-indexes auto|always|never]

Adds N realistic synthetic leads to the database DATABASE_URL names (SQLite by default, or
PostgreSQL), after running its migrations: every claim, people with names beyond ASCII, UTM
attribution, consent certificates, about 2% spam, and deliveries with their attempts in every state
(delivered, pending, failed, dead, cancelled).

Leads already in the database are kept: running it again adds more.

  --leads N      how many leads to add (default 10000; 0 for none)
  --events E     how many funnel analytics events to add (default 0): visitors of every claim going
                 down its funnel with realistic drop-off and UTM sources, and their daily counts
  --days D       spread their times over the last D days; the newest is now (default 90)
  --seed S       a number that makes the people, answers and history repeatable (default: random,
                 printed); ids are new on every run
  --batch B      leads per transaction (default 10000)
  --threads T    worker threads that make and write the leads (default: one per core; 0 for none)
  --rebuild-indexes
                 drop the secondary indexes and build them once at the end: 'auto' (default) does
                 when the seed at least doubles the leads table
  --help         this text`;

export interface SeedArguments {
  leads: number;
  events: number;
  days: number;
  seed: number;
  batchSize: number;
  threads: number | undefined;
  rebuildIndexes: "auto" | "always" | "never";
}

export type ParsedSeedArguments = { ok: true; help: boolean; args: SeedArguments } | { ok: false; message: string };

const LIMITS = {
  leads: { min: 0, max: 100_000_000 },
  events: { min: 0, max: 1_000_000_000 },
  days: { min: 1, max: 3_650 },
  seed: { min: 0, max: 2 ** 32 - 1 },
  batch: { min: 1, max: 100_000 },
  threads: { min: 0, max: 64 },
};

/** Reads the command line; a bad value is a message for the operator, never an exception. */
export function parseSeedArguments(argv: readonly string[], randomSeed: () => number): ParsedSeedArguments {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        leads: { type: "string", default: "10000" },
        events: { type: "string", default: "0" },
        days: { type: "string", default: "90" },
        seed: { type: "string" },
        batch: { type: "string", default: "10000" },
        threads: { type: "string" },
        "rebuild-indexes": { type: "string", default: "auto" },
        help: { type: "boolean", default: false },
      },
    }));
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }

  const numbers: Partial<Record<keyof typeof LIMITS, number>> = {};
  for (const name of Object.keys(LIMITS) as Array<keyof typeof LIMITS>) {
    const text = values[name];
    if (text === undefined) continue;
    const { min, max } = LIMITS[name];
    const value = /^\d[\d_,]*$/.test(text.trim()) ? Number(text.trim().replace(/[_,]/g, "")) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      return { ok: false, message: `--${name} must be a whole number from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}, not '${text}'` };
    }
    numbers[name] = value;
  }
  const rebuildIndexes = values["rebuild-indexes"];
  if (rebuildIndexes !== "auto" && rebuildIndexes !== "always" && rebuildIndexes !== "never") {
    return { ok: false, message: `--rebuild-indexes must be auto, always or never, not '${rebuildIndexes}'` };
  }
  return {
    ok: true,
    help: values.help,
    args: { leads: numbers.leads!, events: numbers.events!, days: numbers.days!, seed: numbers.seed ?? randomSeed(), batchSize: numbers.batch!, threads: numbers.threads, rebuildIndexes },
  };
}
