import { sql, type Kysely } from "kysely";
import { loadConfig } from "../../server/config";
import { isPostgres, writeTransaction, type Db } from "../../server/db/database";
import type { Database } from "../../server/db/schema";
import type { BuyerInput } from "../../server/distribution/buyers/buyer-store";
import type { RoutableBuyer } from "../../server/distribution/routing/buyer-rules";
import type { RoutableLead } from "../../server/distribution/routing/route-decision";
import { routeLead } from "../../server/distribution/routing/route-lead";

/** A key for the tests' secret box: 32 bytes as hex. */
export const TEST_SECRETS_KEY = "0f".repeat(32);

export function databaseTargetOf(url: string) {
  return loadConfig({ DATABASE_URL: url, NODE_ENV: "test" }).database;
}

/**
 * For processes that route bursts of leads on one SQLite file: on a loaded machine one process's 25
 * transactions in a row can keep the write lock longer than the 5 s a connection waits by default, and
 * these tests are about caps, not about how long a burst may wait.
 */
export async function waitLongerForTheWriteLock(db: Db): Promise<void> {
  if (!isPostgres(db)) await sql`pragma busy_timeout = 30000`.execute(db);
}

/** A buyer taking every claim by a signed webhook, with the given rules on top of New York defaults. */
export function buyerInput(name: string, rules: Partial<BuyerInput["rules"]> = {}, extra: Partial<BuyerInput> = {}): BuyerInput {
  return {
    name,
    delivery: { method: "webhook", url: `https://${name.toLowerCase().replace(/\W+/g, "-")}.example/leads` },
    rules: { timeZone: "America/New_York", ...rules },
    ...extra,
  };
}

/** The fewest columns a lead row needs; routing reads only its case type, state, verdict and time. */
export async function insertLead(
  db: Kysely<Database>,
  id: string,
  { caseType = "MVA", state = "TX", eligible = true as boolean | null, createdAt = new Date().toISOString() } = {},
): Promise<RoutableLead> {
  await db
    .insertInto("leads")
    .values({
      id,
      created_at: createdAt,
      case_type: caseType,
      st: state,
      tcpa: 1,
      is_eligible: eligible === null ? null : Number(eligible),
      source: "web_form",
      form_data: "{}",
      submission_key: `key-${id}`,
      submission_sha256: "0".repeat(64),
    })
    .execute();
  return { id, caseType, state, eligible, duplicateOf: null, createdAt };
}

/**
 * Saves and routes `count` leads all at once, each in one write transaction as lead intake will, so a
 * crash keeps a lead with its routing or neither.
 */
export async function saveAndRouteLeads(
  db: Db,
  buyers: readonly RoutableBuyer[],
  prefix: string,
  count: number,
  hooks: { beforeCommit?: (leadId: string, index: number) => Promise<void>; routed?: (leadId: string, buyerId: string | undefined) => void } = {},
): Promise<void> {
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const leadId = `${prefix}-${index}`;
      const { decision } = await writeTransaction(db, async (trx) => {
        const now = new Date();
        const routed = await routeLead(trx, await insertLead(trx, leadId, { createdAt: now.toISOString() }), buyers, { now });
        await hooks.beforeCommit?.(leadId, index);
        return routed;
      });
      hooks.routed?.(leadId, decision.tried[0]?.buyerId);
    }),
  );
}

/**
 * Each buyer's deliveries holding a reservation in each period, next to its counter there: routing
 * keeps them equal, whatever crashed.
 */
export async function countersAndReservations(db: Db) {
  const counters = await db.selectFrom("buyer_cap_counters").select(["buyer_id", "period", "sent"]).execute();
  const deliveries = await db
    .selectFrom("deliveries")
    .select(["buyer_id", "reserved_day", "reserved_month"])
    .where("buyer_id", "is not", null)
    .execute();
  const held = new Map<string, number>();
  for (const delivery of deliveries) {
    for (const period of [delivery.reserved_day, delivery.reserved_month]) {
      if (period) held.set(`${delivery.buyer_id} ${period}`, (held.get(`${delivery.buyer_id} ${period}`) ?? 0) + 1);
    }
  }
  return counters.map((row) => ({ key: `${row.buyer_id} ${row.period}`, counted: Number(row.sent), reserved: held.get(`${row.buyer_id} ${row.period}`) ?? 0 }));
}

/** How many deliveries each buyer has, by buyer id. */
export async function deliveriesPerBuyer(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("deliveries")
    .select(["buyer_id", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("buyer_id", "is not", null)
    .groupBy("buyer_id")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.buyer_id!, Number(row.n)]));
}
