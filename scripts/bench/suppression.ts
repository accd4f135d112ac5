import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase } from "../../server/db/database";
import { createLeadService } from "../../server/leads/submit-lead";
import { createLogger } from "../../server/logger";
import { createBuyerStore } from "../../server/distribution";
import { checkSuppression } from "../../server/suppression/suppression-check";
import { createSuppressionLists } from "../../server/suppression/suppression-lists";
import { tempDir } from "../../tools/server";
import { distinctMvaLead } from "./lead-intake";

export interface SuppressionFigures {
  entries: number;
  importMs: number;
  /** The import's CPU time (user + system, this process): what it costs when the machine is shared. */
  importCpuMs: number;
  /** The lookup's CPU time alone, p95 in ms: its cost without the waits for a busy machine's cores. */
  checkCpuP95Ms: number;
  /** The lookup alone (checkSuppression of a lead on no list), p95 in ms, at `entries`. */
  checkP95Ms: number;
  /** A lead saved through the lead service, one after another: p95 in ms with no entries and with `entries`. */
  intakeP95OffMs: number;
  intakeP95OnMs: number;
}

const context = { ip: "198.51.100.2", userAgent: "Bench/1.0", pageUrl: null, attribution: null };
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;

/** `entries` distinct NANP numbers, one per line, in the federal files' "areacode,number" form for half of them. */
function writeNumbers(file: string, entries: number) {
  const out = fs.openSync(file, "w");
  let chunk: string[] = [];
  for (let n = 0; n < entries; n++) {
    // Area codes 200-999, exchanges 200-999: distinct for n below 640 million.
    const area = 200 + (n % 800);
    const rest = Math.floor(n / 800);
    const exchange = 200 + (rest % 800);
    const line = String(Math.floor(rest / 800) % 10_000).padStart(4, "0");
    chunk.push(n % 2 ? `${area},${exchange}${line}` : `${area}${exchange}${line}`);
    if (chunk.length === 100_000) {
      fs.writeSync(out, chunk.join("\n") + "\n");
      chunk = [];
    }
  }
  if (chunk.length) fs.writeSync(out, chunk.join("\n") + "\n");
  fs.closeSync(out);
}

/**
 * Issue 26's suppression figures on one SQLite file: the import of `entries` generated numbers into a
 * list (from a file, as an upload is imported once it is on disk), the lookup's p95 at that size, and
 * intake's p95 (the lead service, one lead at a time, one buyer to route to) before and after the import.
 */
export async function measureSuppression({ entries, leads }: { entries: number; leads: number }): Promise<SuppressionFigures> {
  const dir = tempDir("bench-suppression");
  const config = loadConfig({ DATABASE_URL: `file:${path.join(dir, "app.db")}`, NODE_ENV: "production", LOG_LEVEL: "silent", LEAD_RATE_LIMIT_PER_HOUR: "0" });
  const db = await openDatabase(config.database);
  try {
    await migrateToLatest(db);
    const created = await createBuyerStore(db, null).create({ name: "Bench buyer", delivery: { method: "webhook", url: "https://buyer.example/leads" }, rules: { timeZone: "UTC" } });
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    const service = createLeadService({ db, logger: createLogger("silent"), siteUrl: config.siteUrl, site: config.site, leadRateLimitPerHour: 0 });
    const intakeP95 = async (offset: number) => {
      const times: number[] = [];
      for (let n = 0; n < leads; n++) {
        const started = performance.now();
        const result = await service.submit("mva", { ...distinctMvaLead(offset + n), submissionKey: randomUUID() }, context);
        times.push(performance.now() - started);
        if (result.status !== "created") throw new Error(`a bench lead was not saved: ${JSON.stringify(result)}`);
      }
      return p95(times);
    };
    await intakeP95(5_000_000); // warm-up
    const intakeP95OffMs = await intakeP95(6_000_000);

    const file = path.join(dir, "numbers.csv");
    writeNumbers(file, entries);
    const lists = createSuppressionLists({ db });
    const listId = await lists.createList({ name: "Bench federal DNC", kind: "federal-dnc", buyerId: null });
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const imported = await lists.importFile(listId, file);
    const importMs = performance.now() - started;
    const importCpuMs = cpuMs(process.cpuUsage(cpuBefore));
    if (imported.added !== entries) throw new Error(`imported ${imported.added} of ${entries}`);

    const checks: number[] = [];
    const checksCpu: number[] = [];
    for (let n = 0; n < 2_000; n++) {
      const lead = { id: `bench-${n}`, phoneE164: `+1415${String(2_000_000 + n)}`, emailNormalized: `nobody.${n}@example.com` };
      const at = performance.now();
      const cpuAt = process.cpuUsage();
      await checkSuppression(db, lead, new Date());
      checksCpu.push(cpuMs(process.cpuUsage(cpuAt)));
      checks.push(performance.now() - at);
    }
    const intakeP95OnMs = await intakeP95(7_000_000);
    return { entries, importMs, importCpuMs, checkP95Ms: p95(checks), checkCpuP95Ms: p95(checksCpu), intakeP95OffMs, intakeP95OnMs };
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
