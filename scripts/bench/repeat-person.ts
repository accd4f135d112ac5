import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase } from "../../server/db/database";
import { syncSystemBuyers } from "../../server/distribution";
import { createLeadService } from "../../server/leads/submit-lead";
import { createLogger } from "../../server/logger";
import { createRevocationService } from "../../server/revocations/revocation-service";
import { phoneContact } from "../../server/contacts/person-contact";
import { tempDir } from "../../tools/server";
import { distinctMvaLead } from "./lead-intake";

export interface RepeatPersonFigures {
  earlierLeads: number;
  newPersonLeadsPerSecond: number;
  repeatPersonLeadsPerSecond: number;
  /** A revocation of the person's (already revoked) leads, in ms: the per-person look-up revocation makes. */
  repeatRevocationMs: number;
}

const REPEAT_PHONE = "(415) 300-4242";
const context = { ip: "198.51.100.1", userAgent: "Bench/1.0", pageUrl: null, attribution: null };

/**
 * Intake cost against how often one person came before (issue 25, item 8): leads saved per second
 * through the lead service (the work intake does past HTTP) for a new person each time, and for one
 * person who already has `earlierLeads` leads of the claim in the duplicate window, on one SQLite file.
 * The earlier leads are the person's own submissions, saved through the same service first.
 */
export async function measureRepeatPerson({ earlierLeads, leads }: { earlierLeads: number; leads: number }): Promise<RepeatPersonFigures> {
  const dir = tempDir("bench-repeat");
  const config = loadConfig({ DATABASE_URL: `file:${path.join(dir, "app.db")}`, NODE_ENV: "production", LOG_LEVEL: "silent", LEAD_RATE_LIMIT_PER_HOUR: "0" });
  const db = await openDatabase(config.database);
  try {
    await migrateToLatest(db);
    await syncSystemBuyers(db, config);
    const logger = createLogger("silent");
    const service = createLeadService({ db, logger, siteUrl: config.siteUrl, site: config.site, leadRateLimitPerHour: 0 });
    const submit = async (answers: Record<string, unknown>) => {
      const result = await service.submit("mva", answers, context);
      if (result.status !== "created") throw new Error(`a bench lead was not saved: ${JSON.stringify(result)}`);
    };
    const repeat = (n: number) => ({ ...distinctMvaLead(n), ph: REPEAT_PHONE, em: `repeat.person@example.com` });
    for (let n = 0; n < earlierLeads; n++) await submit(repeat(n));

    const rate = async (answersOf: (n: number) => Record<string, unknown>) => {
      const started = performance.now();
      for (let n = 0; n < leads; n++) await submit({ ...answersOf(n), submissionKey: randomUUID() });
      return leads / ((performance.now() - started) / 1000);
    };
    // Alternated, twice each, so that neither gets the warmer half of the run.
    const fresh: number[] = [];
    const again: number[] = [];
    for (let round = 0; round < 2; round++) {
      fresh.push(await rate((n) => distinctMvaLead(1_000_000 + round * leads + n)));
      again.push(await rate((n) => repeat(earlierLeads + round * leads + n)));
    }
    const revocations = createRevocationService({ db, logger, optOutsPerHour: 0, timeZone: "UTC" });
    const contact = phoneContact(REPEAT_PHONE);
    if (!contact.ok) throw new Error(contact.message);
    await revocations.revoke([contact.contact], { method: "opt-out page" });
    const started = performance.now();
    await revocations.revoke([contact.contact], { method: "opt-out page" });
    const repeatRevocationMs = performance.now() - started;
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    return { earlierLeads, newPersonLeadsPerSecond: mean(fresh), repeatPersonLeadsPerSecond: mean(again), repeatRevocationMs };
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
